import type { DataFrame } from "danfojs-node";
import { APIError, ClientClosedError, DataNotFoundError } from "../errors";
import { FrameBuilder, recordsToFrame } from "../frame";
import type { RecordPage } from "../pages";
import type { ProgressDisplay } from "../progress/progressDisplay";
import { Query } from "../query";
import { shapeToolAnswer, ToolShapeError, type ShapedAnswer } from "./shapes";
import { TOOLS, TOOLS_RESOURCE, type ToolSpec } from "./table";
import type { ToolMethods, ToolResult } from "./types";
import { toolWireParams } from "./validate";

/** What the tools use of their client: its requests, options, progress and pulls. */
export interface ToolsHost {
  /**
   * one GET on the client's connection, with its pacing, retries and closing signal; `check`
   * throws on a 200 that is not the answer asked for (retried, and never kept in the cache)
   */
  get(path: string, params: Record<string, string | number>, check?: (body: unknown) => void): Promise<unknown>;
  /** the full address of a request, for messages */
  url(path: string, params: Record<string, string | number>): string;
  /** the client's live options (retries, verbose, ... as set now) */
  /** the client's settings a tool call reads (the client's resolved options carry them) */
  readonly options: { readonly verbose: boolean };
  readonly progress: ProgressDisplay;
  /** aborted when the client closes */
  readonly closing: AbortSignal;
  /** the client's paginated pull of any endpoint */
  pull(endpoint: string, query: Query): AsyncIterable<RecordPage>;
}

// the tool methods are generated from the tool table at run time and declared here for the type checker
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface ToolsClient extends ToolMethods {}

/**
 * `client.tools`: the service's analysis tools on the client's own connection, retries, pacing
 * and progress. One tool is one GET; a failure after the retries rejects the call whatever
 * `onErrors` says (there are no other pages to keep).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ToolsClient {
  readonly #host: ToolsHost;

  constructor(host: ToolsHost) {
    this.#host = host;
  }

  static {
    for (const spec of TOOLS) {
      Object.defineProperty(ToolsClient.prototype, spec.method, {
        value(this: ToolsClient, options: unknown) {
          return this.#run(spec, options);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  /** The tools the service offers (`GET tools`), one row each. */
  async list(): Promise<DataFrame> {
    this.#ensureOpen();
    const builder = new FrameBuilder();
    for await (const page of this.#host.pull(TOOLS_RESOURCE, new Query())) builder.add(page.records);
    return builder.toFrame();
  }

  async #run(spec: ToolSpec, options: unknown): Promise<ToolResult> {
    const { rows, meta } = await this.#fetch(spec, options);
    return { frame: await recordsToFrame(rows), meta };
  }

  async #fetch(spec: ToolSpec, options: unknown): Promise<ShapedAnswer> {
    this.#ensureOpen();
    const params = toolWireParams(spec, options);
    const path = `${TOOLS_RESOURCE}/${spec.slug}`;
    const progress = this.#host.progress.start(path, this.#host.options.verbose);
    progress.setTotal(1);
    try {
      const url = this.#host.url(path, params);
      const body = await this.#host.get(path, params, (answer) => void readAnswer(spec, answer, url));
      const answer = readAnswer(spec, body, url);
      progress.tick(answer.rows.length);
      if (answer.rows.length === 0) {
        throw new DataNotFoundError(`${spec.slug}: the tool returned no rows (${describeParams(params)})`, { meta: answer.meta });
      }
      return answer;
    } finally {
      progress.stop();
    }
  }

  #ensureOpen(): void {
    if (this.#host.closing.aborted) throw new ClientClosedError();
  }
}

function readAnswer(spec: ToolSpec, body: unknown, url: string): ShapedAnswer {
  try {
    return shapeToolAnswer(spec.response, body);
  } catch (error) {
    if (!(error instanceof ToolShapeError)) throw error;
    throw new APIError({ status: 200, url, message: `the ${spec.slug} tool answered in an unexpected shape: ${error.message}` });
  }
}

function describeParams(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

import type { DataFrame } from "danfojs-node";
import { withNotebookForm, toolResultForm } from "../display";
import { APIError, ClientClosedError, DataNotFoundError } from "../errors";
import { recordsToFrame } from "../frame/recordsToFrame";
import { FrameBuilder } from "../rows/rowShape";
import { Pull } from "../pull/pull";
import type { PullOptions, PullParts } from "../pull/parts";
import { Query } from "../query/query";
import { ColumnCounts } from "../table/columnCounts";
import { FIELD_CLASH_WARNING } from "../table/fieldClashes";
import { shapeToolAnswer, ToolShapeError, type ShapedAnswer } from "./shapes";
import { TOOLS, TOOLS_RESOURCE, type ToolSpec } from "./table";
import type { ToolMethods, ToolResult } from "./types";
import { toolWireParams } from "./validate";

/** What the tools use of their client: the parts its pulls share, and its options as set now (each call copies them). */
export interface ToolsHost {
  readonly parts: PullParts;
  readonly options: PullOptions;
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
      Object.defineProperty(this.prototype, spec.method, {
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
    for await (const page of this.#pull().allPages(TOOLS_RESOURCE, new Query())) builder.add(page.records);
    return builder.toFrame();
  }

  async #run(spec: ToolSpec, options: unknown): Promise<ToolResult> {
    const { rows, meta, clashes } = await this.#fetch(spec, options);
    ColumnCounts.of(clashes).warn(
      `${spec.slug}: two values of one entry are named alike with different values (a key repeated, or a key named like ` +
        "one of the entry's fields whose `data_` or `metrics_` name the entry holds too), so the column holds the score's or metric's value " +
        "(of a key repeated, the later one) and the other is lost",
      'docs/guide.md ("Tools") says how an entry becomes a row.',
      FIELD_CLASH_WARNING,
    );
    const source = { where: spec.slug, keptIn: 'the tool\'s answer holds both (docs/guide.md, "Tools", says how an entry becomes a row)' };
    return withNotebookForm({ frame: await recordsToFrame(rows, undefined, source), meta }, toolResultForm);
  }

  async #fetch(spec: ToolSpec, options: unknown): Promise<ShapedAnswer> {
    this.#ensureOpen();
    const params = toolWireParams(spec, options);
    const path = `${TOOLS_RESOURCE}/${spec.slug}`;
    const { parts, options: settings } = this.#host;
    const progress = parts.progress.start(path, settings.verbose);
    progress.setTotal(1);
    try {
      const url = parts.url(path, params);
      const answer = await new Pull(parts, settings).get(path, params, (body) => readAnswer(spec, body, url));
      progress.tick(answer.rows.length);
      if (answer.rows.length === 0) {
        throw new DataNotFoundError(`${spec.slug}: the tool returned no rows (${describeParams(params)})`, { meta: answer.meta });
      }
      return answer;
    } finally {
      progress.stop();
    }
  }

  #pull(): Pull {
    return new Pull(this.#host.parts, this.#host.options);
  }

  #ensureOpen(): void {
    if (this.#host.parts.closing.aborted) throw new ClientClosedError();
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

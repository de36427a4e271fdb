import { Command, Option } from "commander";
import type { DataFrame } from "danfojs-node";
import { writeTable } from "../../export";
import { describeToolParams } from "../../tools/describe";
import { TOOL_BY_SLUG, TOOLS, type ToolParam, type ToolSpec } from "../../tools/table";
import type { ToolResult } from "../../tools/types";
import { addConnectionOptions } from "../connectionOptions";
import { kebabCase } from "../filterFlags";
import { withFlagNames } from "../flagNames";
import type { CliIo } from "../io";
import { withClient } from "../../client/oneOff";
import { openClient, type ConnectionFlags } from "../openClient";
import { chooseOutput, type OutputFlags, type OutputPlan } from "../output/chooseOutput";
import { describeSummary, toldIfIncomplete } from "../output/renderPages";
import { whileInterruptible } from "../interrupts";
import { ttyTable } from "../output/ttyTable";
import { terminalWidth } from "../../display/textTable";
import { toTable } from "../../display/frameLike";
import { addOutputOptions } from "../queryOptions";
import { UsageError } from "../exitCode";

const VALUE_NAMES = { ids: "<ids>", id: "<id>", keys: "<keys>", text: "<text>" } as const;
const VALUE_HELP = { ids: "id or comma list of ids", id: "one id", keys: "metric key or comma list", text: "text" } as const;

/**
 * `fountframe tools` lists the service's tools; `fountframe tools <slug> --flags` runs one. The
 * flags are every tool parameter of the tool table; the library says which a tool takes.
 */
export function toolsCommand(io: CliIo): Command {
  const command = new Command("tools")
    .argument("[tool]", "a tool's slug, e.g. brand-worth-map; without one, the list of tools")
    .description("the service's analysis tools: without a tool, the list of them; with one, its rows (its metadata on stderr)")
    .summary("list the analysis tools, or run one");
  const flagNames = new Map<string, string>();
  for (const param of uniqueParams()) {
    const flag = `--${kebabCase(param.name)}`;
    flagNames.set(param.name, flag);
    command.addOption(new Option(`${flag} ${VALUE_NAMES[param.kind]}`, VALUE_HELP[param.kind]).helpGroup("Tool parameters:"));
  }
  addOutputOptions(command);
  addConnectionOptions(command);
  command.addHelpText(
    "after",
    `\nTools and their parameters (* required, a|b exactly one, [a|b] at most one):\n${TOOLS.map(usageLine).join("\n")}`,
  );
  command.action(async (slug: string | undefined, flags: Record<string, unknown> & OutputFlags & ConnectionFlags) => {
    const spec = slug === undefined ? undefined : TOOL_BY_SLUG.get(slug);
    if (slug !== undefined && !spec)
      throw new UsageError(`tools: no tool ${JSON.stringify(slug)}; the tools are ${TOOLS.map((tool) => tool.slug).join(", ")}`);
    const plan = chooseOutput(flags, io);
    if (!spec) {
      const stray = [...flagNames].find(([name]) => flags[name] !== undefined);
      if (stray) throw new UsageError(`${stray[1]}: name a tool first, e.g. fountframe tools brand-worth-map ${stray[1]} …`);
      await withClient(openClient(flags, io, { progress: false }), async (client) =>
        renderFrame(await client.tools.list(), plan, io, flags.quiet === true),
      );
      return;
    }
    const options = Object.fromEntries(
      [...flagNames.keys()].filter((name) => flags[name] !== undefined).map((name) => [name, flags[name]]),
    );
    const names = new Map([...flagNames, [spec.method, spec.slug]]);
    await withFlagNames(names, () =>
      withClient(openClient(flags, io, { progress: false }), async (client) => {
        // the flags' options are only known at run time, where the tool checks them
        const run = Reflect.get(client.tools, spec.method) as (options: unknown) => Promise<ToolResult>;
        const { frame, meta } = await run.call(client.tools, options);
        if (!flags.quiet && Object.keys(meta).length > 0) io.stderr.write(`meta: ${JSON.stringify(meta)}\n`);
        await renderFrame(frame, plan, io, flags.quiet === true);
      }),
    );
  });
  return command;
}

/** Every parameter of any tool, once by name. */
function uniqueParams(): ToolParam[] {
  const byName = new Map<string, ToolParam>();
  for (const tool of TOOLS) for (const param of tool.params) if (!byName.has(param.name)) byName.set(param.name, param);
  return [...byName.values()];
}

function usageLine(spec: ToolSpec): string {
  return `  ${spec.slug.padEnd(25)} ${describeToolParams(spec, (name) => `--${kebabCase(name)}`)}`;
}

/** A whole frame to where the plan says: the aligned table on a terminal, else the export writers. */
async function renderFrame(frame: DataFrame, plan: OutputPlan, io: CliIo, quiet: boolean): Promise<void> {
  if (plan.kind === "table") {
    const table = toTable(frame);
    const rows = table.rows.length;
    io.stdout.write(ttyTable(table, { total: rows, rowsRead: rows, more: false }, terminalWidth(io.stdout)));
    return;
  }
  await whileInterruptible(io, async () => {
    const summary = await toldIfIncomplete(plan.target, () => writeTable(frame, plan.target, plan.format, plan.options));
    if (!quiet && plan.path) io.stderr.write(`${describeSummary(summary)}\n`);
  });
}

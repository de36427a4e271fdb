import { Command } from "commander";
import { addConnectionOptions } from "../connectionOptions";
import { withFlagNames } from "../flagNames";
import type { CliIo } from "../io";
import { withClient } from "../../client/oneOff";
import { openClient, type ConnectionFlags } from "../openClient";
import { chooseOutput, type OutputFlags } from "../output/chooseOutput";
import { renderPages } from "../output/renderPages";
import { rawQueryInit, type QueryFlags } from "../queryFlags";
import { addOutputOptions, addQueryOptions } from "../queryOptions";

/** `fountframe raw <endpoint>`: any endpoint's records, as JSON unless told otherwise. */
export function rawCommand(io: CliIo): Command {
  const command = new Command("raw")
    .argument("<endpoint>", 'a resource path, e.g. brands or "studies/12/brands"')
    .description("records of any endpoint as the service sends them (JSON by default; CSV and Excel flatten them)")
    .summary("any endpoint's records as JSON");
  addQueryOptions(command);
  addOutputOptions(command);
  addConnectionOptions(command);
  command.action(async (endpoint: string, flags: QueryFlags & OutputFlags & ConnectionFlags) => {
    const { init, names } = rawQueryInit(flags);
    const plan = chooseOutput(flags, io, { terminal: "json", piped: "json" });
    const flatten = plan.kind === "table" || plan.format === "csv" || plan.format === "xlsx";
    await withFlagNames(names, () =>
      withClient(openClient(flags, io, { progress: plan.kind !== "table" }), async (client) => {
        await renderPages(client.rawPages(endpoint, init), plan, { flatten }, io, flags.quiet === true);
      }),
    );
  });
  return command;
}

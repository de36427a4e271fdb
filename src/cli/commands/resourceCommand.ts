import { Command } from "commander";
import type { MethodName, EndpointSpec } from "../../endpoints/table";
import type { RecordPage } from "../../pull/envelope";
import { addConnectionOptions } from "../connectionOptions";
import { withFlagNames } from "../flagNames";
import type { CliIo } from "../io";
import { withClient } from "../../client/oneOff";
import { openClient, type ConnectionFlags } from "../openClient";
import { chooseOutput, type OutputFlags } from "../output/chooseOutput";
import { renderPages } from "../output/renderPages";
import { methodOptions, type QueryFlags } from "../queryFlags";
import { addFilterOptions, addOutputOptions, addQueryOptions } from "../queryOptions";

/** The flags' options are only known at run time, where the method checks them and names the allowed ones. */
type PagesOf = (method: MethodName, options: Record<string, unknown>) => AsyncGenerator<RecordPage, void>;

/** `fountframe <resource>`: one command per row of the endpoint table. */
export function resourceCommand(spec: EndpointSpec, io: CliIo): Command {
  const command = new Command(spec.resource)
    .description(`${spec.resource} as rows (Client.${spec.method}), filtered by the flags below`)
    .summary(`query ${spec.resource} (Client.${spec.method})`);
  if (spec.method !== spec.resource) command.alias(spec.method);
  addFilterOptions(command, spec);
  addQueryOptions(command, spec);
  addOutputOptions(command);
  addConnectionOptions(command);
  command.action(async (flags: QueryFlags & OutputFlags & ConnectionFlags) => {
    const { options, names } = methodOptions(spec, flags);
    const plan = chooseOutput(flags, io);
    const shape = { stackData: flags.stack === true };
    await withFlagNames(names, () =>
      withClient(openClient(flags, io, { progress: plan.kind !== "table" }), async (client) => {
        const pages = (client.pages as PagesOf)(spec.method as MethodName, options);
        await renderPages(pages, plan, shape, io, flags.quiet === true);
      }),
    );
  });
  return command;
}

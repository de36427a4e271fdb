import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Command, Option } from "commander";
import { withSlash } from "../../transport/transport";
import { DEFAULT_BASE_URL } from "../../version";
import { addConnectionOptions } from "../connectionOptions";
import { resolveCredentials } from "../credentials";
import type { CliIo } from "../io";
import { withClient } from "../../client/oneOff";
import { openClient, type ConnectionFlags } from "../openClient";
import { indexModule, referenceModule } from "../refs/referenceModule";
import { REFERENCE_SETS } from "../refs/referenceSets";

interface RefsFlags extends ConnectionFlags {
  out: string;
}

/** `fountframe refs`: TypeScript modules of readable names → ids, from the service's own lists. */
export function refsCommand(io: CliIo): Command {
  const command = new Command("refs")
    .description(
      `generate TypeScript reference modules (${REFERENCE_SETS.map((set) => set.sets.map((constants) => constants.exportName).join(", ")).join(", ")}) mapping readable names to ids`,
    )
    .summary("generate TypeScript name → id reference modules")
    .addOption(new Option("-o, --out <dir>", "folder to write the modules to").default("fount-refs"));
  addConnectionOptions(command);
  command.action(async (flags: RefsFlags) => {
    const baseUrl = withSlash(resolveCredentials(flags, io.env, io.cwd).baseUrl ?? DEFAULT_BASE_URL);
    const date = new Date().toISOString().slice(0, 10);
    await mkdir(flags.out, { recursive: true });
    await withClient(openClient(flags, io, { progress: false }), async (client) => {
      for (const reference of REFERENCE_SETS) {
        const records = await client.rawQuery(reference.resource, { perPage: 1000 });
        const { text, constants } = referenceModule(reference, records, { sourceUrl: `${baseUrl}${reference.resource}`, date });
        const path = join(flags.out, `${reference.file}.ts`);
        await writeFile(path, text);
        if (!flags.quiet) io.stderr.write(`wrote ${path} (${constants} constants)\n`);
      }
    });
    await writeFile(
      join(flags.out, "index.ts"),
      indexModule(
        REFERENCE_SETS.map((set) => set.file),
        { sourceUrl: baseUrl, date },
      ),
    );
  });
  return command;
}

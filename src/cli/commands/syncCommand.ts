import { Command, Option } from "commander";
import { ENDPOINTS, type EndpointSpec, type MethodName } from "../../endpoints/table";
import { withClient } from "../../client/oneOff";
import { openStore, type Store, type TrackedTable } from "../../store";
import { openTrackingStore, readTrackedTables } from "../../store/openStore";
import { StoreFileError } from "../../store/storeFileError";
import type { SyncReport } from "../../sync/types";
import { addConnectionOptions } from "../connectionOptions";
import { withFlagNames, type FlagNames } from "../flagNames";
import type { CliIo } from "../io";
import { openClient, type ConnectionFlags } from "../openClient";
import { methodOptions, type QueryFlags } from "../queryFlags";
import { addFilterOptions, addQueryOptions } from "../queryOptions";
import { outcomeOf, TablesNotSyncedError, UsageError } from "../exitCode";
import { AuthenticationError, ClientClosedError, ValidationError } from "../../errors";
import { whileInterruptible } from "../interrupts";
import { checkSync } from "../../sync/syncOptions";
import { nearName } from "../../text/closestName";

/** The flags' options are only known at run time, where sync checks them and names the allowed ones. */
type SyncOf = (store: Store, method: MethodName, options: Record<string, unknown>) => Promise<SyncReport>;

interface SyncFlags extends ConnectionFlags {
  store?: string;
  full?: boolean;
  table?: string;
  status?: boolean;
  replaceUntrackedTable?: boolean;
}

const STORE = "Store:";

function addStoreOptions(command: Command, perResource: boolean): Command {
  command.addOption(new Option("--store <file>", "the DuckDB store file (a resource's sync creates it if absent)").helpGroup(STORE));
  command.addOption(new Option("--full", "a full pull: rows whose ids are gone are removed").helpGroup(STORE));
  if (perResource) {
    command.addOption(new Option("--table <name>", "the store's table (default: the method in snake_case)").helpGroup(STORE));
    command.addOption(
      new Option(
        "--replace-untracked-table",
        "with --full: replace a table of that name the store did not make (refused otherwise)",
      ).helpGroup(STORE),
    );
  } else command.addOption(new Option("--status", "list what the store tracks, and sync nothing").helpGroup(STORE));
  return command;
}

/** openStore's `path` is the CLI's --store. */
const STORE_FLAG: FlagNames = new Map([["path", "--store"]]);

function storeFile(flags: SyncFlags): string {
  if (!flags.store) throw new UsageError("--store <file> is required: the DuckDB store to keep in step");
  return flags.store;
}

/** What an interrupted sync leaves: every commit made before the signal (docs/sync.md, "What a run commits"). */
const KEPT_ON_INTERRUPT = () =>
  "the store keeps what was committed before it (of a resource's run nothing; of brandscape data the studies committed so far, each whole with its mark); run the same command to go on";

/** The library's words for a sync's modes, as the flags say them. */
const MODE_FLAGS: ReadonlyArray<[RegExp, string]> = [
  [/mode: "full"/g, "--full"],
  [/(--replace-untracked-table|replaceUntrackedTable): true/g, "--replace-untracked-table"],
];

/** Runs a sync, its ValidationErrors told with the mode flags (`--full`, not `mode: "full"`). */
async function inModeFlags<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const told = MODE_FLAGS.reduce((text, [said, flag]) => text.replace(said, flag), error.detail);
    throw told === error.detail ? error : new ValidationError(error.parameter, told);
  }
}

/** One line per run on stderr: what changed. */
function reportLine(report: SyncReport): string {
  const partitions = report.partitions
    ? `, studies replaced [${report.partitions.replaced.join(",")}] removed [${report.partitions.removed.join(",")}]`
    : "";
  const drift = [
    report.addedColumns.length ? `, new columns ${report.addedColumns.join(",")}` : "",
    report.widenedColumns.length ? `, widened ${report.widenedColumns.join(",")}` : "",
  ].join("");
  return `sync ${report.table}: ${report.mode}, ${report.added} added, ${report.updated} updated, ${report.removed} removed, ${report.rows} rows, ${report.requests} requests${partitions}${drift}\n`;
}

const nothingTracked = (file: string) => new UsageError(`${file} tracks nothing yet: run fountframe sync <resource> --store ${file} first`);

function statusTable(tables: readonly TrackedTable[]): string {
  const header = ["table", "endpoint", "rows", "last synced", "cursor", "service", "query"];
  const rows = tables.map((t) => [
    t.table,
    t.endpoint,
    String(t.rows),
    t.lastSyncedAt ?? "",
    t.cursor ?? "",
    t.service ?? "",
    JSON.stringify(t.query),
  ]);
  const widths = header.map((name, c) => Math.max(name.length, ...rows.map((row) => row[c].length)));
  return (
    [header, ...rows]
      .map((row) =>
        row
          .map((cell, c) => cell.padEnd(widths[c]))
          .join("  ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

async function runAll(
  store: Store,
  io: CliIo,
  run: (endpoint: MethodName, options: Record<string, unknown>) => Promise<SyncReport>,
): Promise<void> {
  const tracked = await store.tables();
  if (tracked.length === 0) throw nothingTracked(store.path);
  // one table's failure leaves the others to sync: each commits on its own
  const failures: { table: string; error: unknown }[] = [];
  for (const table of tracked) {
    try {
      const report = await run(table.endpoint as MethodName, { ...table.query, table: table.table });
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } catch (error) {
      // what no other table would survive either
      if (error instanceof ClientClosedError || error instanceof AuthenticationError || error instanceof StoreFileError) throw error;
      failures.push({ table: table.table, error });
      io.stderr.write(`sync ${table.table}: not synced: ${outcomeOf(error).message ?? String(error)}\n`);
    }
  }
  if (failures.length) throw new TablesNotSyncedError(failures, tracked.length);
}

/** `fountframe sync <resource> [filters] --store FILE [--full]`, `fountframe sync --store FILE [--status]`. */
export function syncCommand(io: CliIo): Command {
  const command = new Command("sync")
    .summary("keep a local DuckDB store in step with the service")
    .description(
      "sync <resource> [filter flags] --store FILE: a full pull first, then what changed (resources by updated_since, brandscape data by study); " +
        "sync --store FILE: every tracked sync again; --status: what is tracked. Needs `npm install @duckdb/node-api`.",
    );
  addStoreOptions(command, false);
  addConnectionOptions(command);
  // a misspelt resource reaches this action as an argument (commander would only say "too many arguments")
  command.allowExcessArguments();
  command.action(async (flags: SyncFlags, self: Command) => {
    if (self.args.length) throw unknownResource(self.args[0]);
    if (flags.status && flags.full) throw new UsageError("--status lists what the store tracks and syncs nothing: give it without --full");
    // --status and a re-run of what is tracked only read a store: a missing file is created by neither,
    // and a DuckDB file with no sync state (another program's database) is left as it was
    const file = storeFile(flags);
    if (flags.status) {
      const tracked = await withFlagNames(STORE_FLAG, () => readTrackedTables(file));
      io.stdout.write(statusTable(tracked ?? []));
      if (!tracked) io.stderr.write(`${file} tracks no tables: it holds no fountframe sync state (nothing was written to it)\n`);
      return;
    }
    const store = await withFlagNames(STORE_FLAG, () => openTrackingStore(file));
    if (!store) throw nothingTracked(file);
    try {
      await whileInterruptible(
        io,
        () =>
          withClient(openClient(flags, io, { progress: !flags.quiet }), (client) =>
            runAll(store, io, async (endpoint, options) => {
              const sync = client.sync.bind(client) as SyncOf;
              const report = await inModeFlags(() => sync(store, endpoint, { ...options, ...(flags.full ? { mode: "full" } : {}) }));
              if (!flags.quiet) io.stderr.write(reportLine(report));
              return report;
            }),
          ),
        KEPT_ON_INTERRUPT,
      );
    } finally {
      await store.close();
    }
  });
  for (const spec of ENDPOINTS) command.addCommand(resourceSyncCommand(spec, io));
  return command;
}

function unknownResource(name: string): UsageError {
  const names = ENDPOINTS.flatMap((spec) => (spec.method === spec.resource ? [spec.resource] : [spec.resource, spec.method]));
  const near = nearName(name, names);
  const hint = near ? ` (did you mean ${near}?)` : "";
  return new UsageError(`sync: unknown resource '${name}'${hint}; the resources: ${ENDPOINTS.map((spec) => spec.resource).join(", ")}`);
}

function resourceSyncCommand(spec: EndpointSpec, io: CliIo): Command {
  const command = new Command(spec.resource).description(
    `sync ${spec.resource} (Client.${spec.method}) into --store, filtered by the flags below`,
  );
  if (spec.method !== spec.resource) command.alias(spec.method);
  addFilterOptions(command, spec);
  addQueryOptions(command, spec);
  addStoreOptions(command, true);
  addConnectionOptions(command);
  // --store, --full and the connection flags are the parent's too: commander hands them to `sync` itself
  command.action(async (_flags: unknown, self: Command) => {
    const flags = self.optsWithGlobals<QueryFlags & SyncFlags>();
    if (flags.status)
      throw new UsageError(`--status lists every table the store tracks, with no resource: fountframe sync --store FILE --status`);
    const { options, names: queryNames } = methodOptions(spec, flags);
    const names = new Map([
      ...queryNames,
      ["table", "--table"],
      ["replaceUntrackedTable", "--replace-untracked-table"],
      ["stackData", "--stack"],
      ...STORE_FLAG,
    ]);
    const file = storeFile(flags);
    const syncOptions = {
      ...options,
      // the library refuses what a sync does not take (--stack) and an empty --table, by name
      ...(flags.stack ? { stackData: true } : {}),
      ...(flags.table !== undefined ? { table: flags.table } : {}),
      ...(flags.full ? { mode: "full" } : {}),
      ...(flags.replaceUntrackedTable ? { replaceUntrackedTable: true } : {}),
    };
    await withFlagNames(names, async () => {
      // every flag checked, the token and connection flags too, before the store is opened: a refused one leaves no new file
      await inModeFlags(async () => checkSync(spec.method, syncOptions, { warnFilters: false }));
      const client = openClient(flags, io, { progress: !flags.quiet });
      const store = await openStore(file).catch(async (error: unknown) => {
        await client.aclose();
        throw error;
      });
      try {
        await whileInterruptible(
          io,
          () =>
            withClient(client, async (client) => {
              const sync = client.sync.bind(client) as SyncOf;
              const report = await inModeFlags(() => sync(store, spec.method as MethodName, syncOptions));
              if (!flags.quiet) io.stderr.write(reportLine(report));
              io.stdout.write(`${JSON.stringify(report)}\n`);
            }),
          KEPT_ON_INTERRUPT,
        );
      } finally {
        await store.close();
      }
    });
  });
  return command;
}

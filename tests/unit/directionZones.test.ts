/**
 * The direction zones and the closed core's zones of eslint.config.mjs can fail: a file breaking
 * each one is refused, and a file importing what the zone allows is not. So can the rule against
 * import cycles that counts type imports (lint/importCycle.mjs). ESLint's Node API runs in a child process: its config is an ES module, which Jest's
 * CommonJS runtime cannot import.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const RULE = "import-x/no-restricted-paths";
const CYCLE_RULE = "local/import-cycle";

interface Case {
  /** a file that does not exist: only its place in src/ matters */
  filePath: string;
  code: string;
}

interface Linted {
  zones: string[];
  coreZones: string[];
  /** fixture → the zone refusals ESLint reported */
  fixtures: string[][];
}

const LINT = `
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
const cases = JSON.parse(readFileSync(0, "utf8"));
const config = await import(new URL("eslint.config.mjs", "file://" + process.cwd() + "/"));
const eslint = new ESLint();
const refusals = async (eslint, text, filePath) => {
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "${RULE}" || message.ruleId === "${CYCLE_RULE}" || message.fatal)
    .map((message) => message.message);
};
const fixtures = [];
for (const { filePath, code } of cases) fixtures.push(await refusals(eslint, code, filePath));
console.log(JSON.stringify({ zones: Object.keys(config.DIRECTION_ZONES), coreZones: Object.keys(config.CLOSED_CORE_ZONES), fixtures }));
`;

function lint(cases: Case[]): Linted {
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", LINT], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: "utf8",
  });
  return JSON.parse(output) as Linted;
}

/** zone → a file breaking it, and one importing what it allows */
const FIXTURES: Record<string, { breaks: Case; allowed: Case; refusal: RegExp }> = {
  frameLast: {
    breaks: { filePath: "src/frame/zoneFixture.ts", code: 'export { ENDPOINTS } from "../endpoints/table";\n' },
    allowed: { filePath: "src/frame/zoneFixture.ts", code: 'export { ValidationError } from "../errors";\n' },
    refusal: /frame shapes the records/,
  },
  decodeKnowsNoPull: {
    breaks: { filePath: "src/decode/zoneFixture.ts", code: 'export { request } from "../pull/request";\n' },
    allowed: { filePath: "src/decode/zoneFixture.ts", code: 'export { gatherPageChunk } from "../table/pageChunk";\n' },
    refusal: /decode turns a body/,
  },
  transportKnowsNoPages: {
    breaks: { filePath: "src/transport/zoneFixture.ts", code: 'export { readEnvelope } from "../pull/envelope";\n' },
    allowed: { filePath: "src/transport/zoneFixture.ts", code: 'export { APIError } from "../errors";\n' },
    refusal: /transport sends one request/,
  },
  queryBeforePages: {
    breaks: { filePath: "src/query/zoneFixture.ts", code: 'export { Transport } from "../transport/transport";\n' },
    allowed: { filePath: "src/query/zoneFixture.ts", code: 'export { ENDPOINTS } from "../endpoints/table";\n' },
    refusal: /a Query is built/,
  },
  pullBelowClient: {
    breaks: { filePath: "src/pull/zoneFixture.ts", code: 'export { Client } from "../client/client";\n' },
    allowed: { filePath: "src/pull/zoneFixture.ts", code: 'export { Transport } from "../transport/transport";\n' },
    refusal: /a pull is what the client/,
  },
  pullNeverExports: {
    breaks: { filePath: "src/pull/zoneFixture.ts", code: 'export { writeCSV } from "../export";\n' },
    allowed: { filePath: "src/pull/zoneFixture.ts", code: 'export { ColumnsCache } from "../cache/columnsCache";\n' },
    refusal: /a pull hands its pages on/,
  },
  tableKnowsNoTransport: {
    breaks: { filePath: "src/table/zoneFixture.ts", code: 'export { ShapingFrameBuilder } from "../frame/recordsToFrame";\n' },
    allowed: { filePath: "src/table/zoneFixture.ts", code: 'export type { ColumnTable } from "./types";\n' },
    refusal: /table is the one table model/,
  },
  emulatorImportsNoClient: {
    breaks: { filePath: "src/emulator/zoneFixture.ts", code: 'export { Query } from "../query/query";\n' },
    allowed: { filePath: "src/emulator/zoneFixture.ts", code: 'export { startEmulator } from "./index";\n' },
    refusal: /The emulator imports only from src\/emulator/,
  },
  rowsAfterThePull: {
    breaks: { filePath: "src/rows/zoneFixture.ts", code: 'export { Pull } from "../pull/pull";\n' },
    allowed: { filePath: "src/rows/zoneFixture.ts", code: 'export { ENDPOINTS } from "../endpoints/table";\n' },
    refusal: /rows look an endpoint's row shape up/,
  },
  errorsALeaf: {
    breaks: { filePath: "src/errors/zoneFixture.ts", code: 'export { Query } from "../query/query";\n' },
    allowed: { filePath: "src/errors/zoneFixture.ts", code: 'export { closestName } from "../text/closestName";\n' },
    refusal: /errors are a leaf/,
  },
};

/** The rooms of the closed core (CORE_ROOMS in eslint.config.mjs): each refuses a consumer, a type import included. */
const CORE_ROOMS = "pull progress transport decode table frame cache query params endpoints rows errors text".split(" ");
const CONSUMER_IMPORTS = [
  'import type { MimeBundle } from "../display/notebookDisplay";\nexport type Bundle = MimeBundle;\n',
  'export { writeCSV } from "../export";\n',
  'import type { Store } from "../store/types";\nexport type Kept = Store;\n',
  'export { syncEndpoint } from "../sync/syncEndpoint";\n',
  'export { ToolsClient } from "../tools";\n',
  'export { runCli } from "../cli/runCli";\n',
];
/** room → a file of it importing a consumer (the consumers in turn), and one importing a leaf */
const CORE_FIXTURES = CORE_ROOMS.map((room, at) => ({
  room,
  breaks: { filePath: `src/${room}/zoneFixture.ts`, code: CONSUMER_IMPORTS[at % CONSUMER_IMPORTS.length] },
  allowed: {
    filePath: `src/${room}/zoneFixture.ts`,
    code: room === "text" ? "export const LEAF = 1;\n" : 'export { closestName } from "../text/closestName";\n',
  },
}));

/** An existing file of a pull, given a type import back from the paginator that imports it: a cycle of types alone. */
const TYPE_CYCLE: Case = {
  filePath: "src/pull/envelope.ts",
  code: 'import type { PullOutcome } from "./pages";\nexport type Outcome = PullOutcome;\n',
};
const NO_CYCLE: Case = {
  filePath: "src/pull/envelope.ts",
  code: 'import type { RowShape } from "../table/types";\nexport type Shape = RowShape;\n',
};

describe("the direction zones (eslint.config.mjs)", () => {
  const zones = Object.keys(FIXTURES);
  // one ESLint process for every case: its start is most of the time
  let linted: Linted;
  const cases = [
    ...zones.flatMap((zone) => [FIXTURES[zone].breaks, FIXTURES[zone].allowed]),
    ...CORE_FIXTURES.flatMap(({ breaks, allowed }) => [breaks, allowed]),
    TYPE_CYCLE,
    NO_CYCLE,
  ];
  const outcome = (fixture: Case) => linted.fixtures[cases.indexOf(fixture)];
  beforeAll(() => {
    linted = lint(cases);
  }, 120_000);

  it("has a fixture for every zone", () => {
    expect([...linted.zones].sort()).toEqual([...zones].sort());
  });

  it.each(zones)("%s refuses a file that breaks it, and allows what it allows", (zone) => {
    // a file may break more than one zone (pull importing a writer breaks pullNeverExports and the closed core)
    expect(outcome(FIXTURES[zone].breaks)).toEqual(expect.arrayContaining([expect.stringMatching(FIXTURES[zone].refusal)]));
    expect(outcome(FIXTURES[zone].allowed)).toEqual([]);
  });

  it("has a closed-core zone for every core room", () => {
    expect([...linted.coreZones].sort()).toEqual(CORE_ROOMS.map((room) => `${room}ClosedToConsumers`).sort());
  });

  it.each(CORE_FIXTURES)("the core room $room refuses a consumer, type imports included", ({ room, breaks, allowed }) => {
    expect(outcome(breaks)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`src/${room} is the core`))]));
    expect(outcome(allowed)).toEqual([]);
  });

  it("refuses an import cycle made of type imports alone", () => {
    expect(outcome(TYPE_CYCLE)).toEqual([
      expect.stringMatching(/Import cycle \(type imports count\): pull\/envelope\.ts → pull\/pages\.ts → pull\/envelope\.ts/),
    ]);
    expect(outcome(NO_CYCLE)).toEqual([]);
  });
});

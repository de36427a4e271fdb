/**
 * The direction zones of eslint.config.mjs can fail: a file breaking each one is refused, and a file
 * importing what the zone allows is not. ESLint's Node API runs in a child process: its config is an ES module, which Jest's
 * CommonJS runtime cannot import.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(__dirname, "../..");
const RULE = "import-x/no-restricted-paths";

interface Case {
  /** a file that does not exist: only its place in src/ matters */
  filePath: string;
  code: string;
}

interface Linted {
  zones: string[];
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
  return result.messages.filter((message) => message.ruleId === "${RULE}" || message.fatal).map((message) => message.message);
};
const fixtures = [];
for (const { filePath, code } of cases) fixtures.push(await refusals(eslint, code, filePath));
console.log(JSON.stringify({ zones: Object.keys(config.DIRECTION_ZONES), fixtures }));
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
    breaks: { filePath: "src/decode/zoneFixture.ts", code: 'export { readBody } from "../pull/readBody";\n' },
    allowed: { filePath: "src/decode/zoneFixture.ts", code: 'export { gatherPageChunk } from "../table/pageChunk";\n' },
    refusal: /decode turns a body/,
  },
  transportKnowsNoPages: {
    breaks: { filePath: "src/transport/zoneFixture.ts", code: 'export { readEnvelope } from "../pull/pageChecks";\n' },
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
    allowed: { filePath: "src/pull/zoneFixture.ts", code: 'export { ColumnsCache } from "../cache";\n' },
    refusal: /a pull hands its pages on/,
  },
  tableKnowsNoTransport: {
    breaks: { filePath: "src/table/zoneFixture.ts", code: 'export { FrameBuilder } from "../frame/recordsToFrame";\n' },
    allowed: { filePath: "src/table/zoneFixture.ts", code: 'export type { ColumnTable } from "./types";\n' },
    refusal: /table is the one table model/,
  },
  emulatorImportsNoClient: {
    breaks: { filePath: "src/emulator/zoneFixture.ts", code: 'export { Query } from "../query";\n' },
    allowed: { filePath: "src/emulator/zoneFixture.ts", code: 'export { startEmulator } from "./index";\n' },
    refusal: /The emulator imports only from src\/emulator/,
  },
  rowsAfterThePull: {
    breaks: { filePath: "src/rows/zoneFixture.ts", code: 'export { Pull } from "../pull";\n' },
    allowed: { filePath: "src/rows/zoneFixture.ts", code: 'export { ENDPOINTS } from "../endpoints/table";\n' },
    refusal: /rows look an endpoint's row shape up/,
  },
  recordsALeaf: {
    breaks: { filePath: "src/records/zoneFixture.ts", code: 'export { ColumnStats } from "../table/columnPlan";\n' },
    allowed: { filePath: "src/records/zoneFixture.ts", code: 'export type { PageChunk } from "../table/types";\n' },
    refusal: /records are the types/,
  },
  errorsALeaf: {
    breaks: { filePath: "src/errors/zoneFixture.ts", code: 'export { Query } from "../query";\n' },
    allowed: { filePath: "src/errors/zoneFixture.ts", code: 'export { withSlash } from "../text/withSlash";\n' },
    refusal: /errors are a leaf/,
  },
};

describe("the direction zones (eslint.config.mjs)", () => {
  const zones = Object.keys(FIXTURES);
  // one ESLint process for every case: its start is most of the time
  let linted: Linted;
  beforeAll(() => {
    linted = lint(zones.flatMap((zone) => [FIXTURES[zone].breaks, FIXTURES[zone].allowed]));
  }, 60_000);

  it("has a fixture for every zone", () => {
    expect([...linted.zones].sort()).toEqual([...zones].sort());
  });

  it.each(zones)("%s refuses a file that breaks it, and allows what it allows", (zone) => {
    const index = zones.indexOf(zone);
    expect(linted.fixtures[2 * index]).toEqual([expect.stringMatching(FIXTURES[zone].refusal)]);
    expect(linted.fixtures[2 * index + 1]).toEqual([]);
  });
});

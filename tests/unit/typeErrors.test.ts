import { join } from "node:path";
import ts from "typescript";

/**
 * What the compiler tells a user who makes one of the three common mistakes (issue 23): each
 * snippet is compiled as a file of its own against the source, with the project's settings.
 */
const SNIPPETS = {
  misspeltFilter: `client.brands({ filters: { countryCode: "US" } });`,
  misspeltOption: `client.brands({ maxPage: 2 });`,
  wrongValueType: `client.brands({ perPage: "100" });`,
  afterPositional: `client.brands("Swatch", ["US"], 2024, { filters: { yearNumber: 2024 } });`,
  pages: `void client.pages("brands", { filters: { countryCode: "US" } });`,
  fine: `client.brands("Swatch", { include: ["sector", "any name"], filters: { countryCodes: "US", is_core: 1 }, extraFilters: { beta: 1 } });`,
} as const;
type Name = keyof typeof SNIPPETS;

const ROOT = join(__dirname, "../..");
const PRELUDE = `import { Client } from "../src";\nconst client = new Client("token");\n`;

interface Reported {
  /** the code the diagnostic points at (the editor's squiggle) */
  at: string;
  lines: string[];
  related: string[];
}

function compile(): Record<Name, Reported[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const files = new Map(Object.entries(SNIPPETS).map(([name, code]) => [join(ROOT, "tests", `snippet-${name}.ts`), PRELUDE + code + "\n"]));
  const host = ts.createCompilerHost(config.options);
  const { readFile, fileExists } = host;
  host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  const program = ts.createProgram([...files.keys()], { ...config.options, noEmit: true }, host);
  const reported = {} as Record<Name, Reported[]>;
  for (const [file, text] of files) {
    const name = Object.keys(SNIPPETS).find((key) => file.endsWith(`snippet-${key}.ts`)) as Name;
    reported[name] = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ({
      at: text.slice(diagnostic.start, diagnostic.start! + diagnostic.length!),
      lines: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n"),
      related: (diagnostic.relatedInformation ?? []).map((info) => ts.flattenDiagnosticMessageText(info.messageText, "\n")),
    }));
  }
  return reported;
}

let reported: Record<Name, Reported[]>;
beforeAll(() => {
  reported = compile();
}, 180_000);

test("a misspelt filter: one line naming the key, the method's filters and the right name, on the key", () => {
  expect(reported.misspeltFilter).toEqual([
    {
      at: "countryCode",
      lines: [
        `Object literal may only specify known properties, but 'countryCode' does not exist in type 'FiltersOf<"brands">'. Did you mean to write 'countryCodes'?`,
      ],
      related: [],
    },
  ]);
  expect(reported.pages.map((diagnostic) => [diagnostic.at, diagnostic.lines.length])).toEqual([["countryCode", 1]]);
});

test("a misspelt option: one line naming the key, the method's options and the right name, on the key", () => {
  expect(reported.misspeltOption).toEqual([
    {
      at: "maxPage",
      lines: [
        "Object literal may only specify known properties, but 'maxPage' does not exist in type 'BrandsOptions'. Did you mean to write 'maxPages'?",
      ],
      related: [],
    },
  ]);
});

test("a wrong value type: one line, squiggled on the key (the compiler names the types, not the key)", () => {
  expect(reported.wrongValueType).toEqual([{ at: "perPage", lines: ["Type 'string' is not assignable to type 'number'."], related: [] }]);
});

test("after positional parameters the options object is still checked key by key", () => {
  expect(reported.afterPositional.map((diagnostic) => diagnostic.at)).toEqual(["yearNumber"]);
  expect(reported.afterPositional[0].lines.join("\n")).toContain("'yearNumber' does not exist in type 'FiltersOf<\"brands\">'");
});

test("documented names, any include and extraFilters compile", () => {
  expect(reported.fine).toEqual([]);
});

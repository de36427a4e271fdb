import type { ToolSpec } from "./table";

/**
 * A tool's parameters in one line, for help and docs: `name*` required, `a|b` exactly one of a
 * pair, `[a|b]` at most one; `spell` writes a name (an option name as is, a flag as `--kebab`).
 */
export function describeToolParams(spec: ToolSpec, spell: (name: string) => string = (name) => name): string {
  const paired = new Set(spec.eitherOr.flatMap((pair) => pair.names));
  const parts = spec.params.filter((param) => !paired.has(param.name)).map((param) => `${spell(param.name)}${param.required ? "*" : ""}`);
  for (const pair of spec.eitherOr) {
    const either = pair.names.map(spell).join("|");
    parts.push(pair.required ? either : `[${either}]`);
  }
  return parts.join(" ");
}

/** The README's table of the tools, one row per tool of the table. */
export function toolsMarkdownTable(tools: readonly ToolSpec[]): string {
  const rows = tools.map((spec) => {
    const single =
      spec.params
        .filter((param) => param.kind === "id")
        .map((param) => param.name)
        .join(", ") || "–";
    return `| \`${spec.method}\` | \`${spec.slug}\` | ${describeToolParams(spec).replace(/\|/g, "\\|")} | ${single} | ${spec.response} |`;
  });
  return ["| method | slug | parameters | one id only | response |", "|---|---|---|---|---|", ...rows].join("\n");
}

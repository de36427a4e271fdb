#!/usr/bin/env node
// Writes docs/charts.md and one picture per chart (docs/charts/*.svg): the options of each chart
// read from its TypeScript interface (name, type, whether required, the doc comment and the
// default it states), the pictures drawn by the built package from the emulator's data, as a
// user would draw them. Nothing in docs/charts.md is written by hand.
//
//   node scripts/chart-pictures.mjs           # (re)write them; needs dist/ (npm run build)
//   node scripts/chart-pictures.mjs --check   # fail when the committed ones differ from a fresh run
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(ROOT, "package.json"));
const ts = require("typescript");
const { Client, barChart, scatterChart, lineChart, renderSvg, frameToRecords } = require(join(ROOT, "dist/index.cjs"));
const { startEmulator } = require(join(ROOT, "dist/emulator.cjs"));
const check = process.argv.includes("--check");

/** The charts, each with the interface of its options and a picture from the emulator's data. */
const CHARTS = [
  { name: "barChart", file: "barChart.ts", options: "BarChartOptions", picture: "bar.svg" },
  { name: "scatterChart", file: "scatterChart.ts", options: "ScatterChartOptions", picture: "scatter.svg" },
  { name: "lineChart", file: "lineChart.ts", options: "LineChartOptions", picture: "line.svg" },
];
const CHARTS_DIR = join(ROOT, "src/display/charts");

// ---- options, from the source ------------------------------------------------------------------

function interfaceIn(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  let found;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) found = node;
  });
  if (!found) throw new Error(`no interface ${name} in ${file}`);
  return { source, node: found };
}

function docOf(node) {
  return (node.jsDoc ?? [])
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The options an interface declares, its own first, then those of the interfaces it extends. */
function optionsOf(file, name) {
  const { source, node } = interfaceIn(file, name);
  const own = node.members.filter(ts.isPropertySignature).map((member) => {
    const doc = docOf(member);
    const stated = /\(default:? ([^)]+)\)/.exec(doc);
    return {
      name: member.name.getText(source),
      type: member.type.getText(source).replace(/\s+/g, " "),
      required: !member.questionToken,
      doc: doc.replace(/\s*\(default:? [^)]*\)/, "").trim(),
      default: stated ? stated[1].trim() : "",
    };
  });
  const inherited = (node.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.expression.getText(source)));
  return { own, inherited };
}

const cell = (text) => String(text).replace(/\|/g, "\\|");

function optionsTable(options) {
  const rows = options.map(
    (option) =>
      `| \`${option.name}\`${option.required ? " (required)" : ""} | \`${cell(option.type)}\` | ${cell(option.default || "—")} | ${cell(option.doc || "")} |`,
  );
  return ["| option | type | default | what it does |", "|---|---|---|---|", ...rows].join("\n");
}

// ---- pictures, from the emulator's data -------------------------------------------------------

async function pictures() {
  const emulator = await startEmulator();
  const client = new Client("demo-token", { baseUrl: emulator.url, verbose: false });
  try {
    const studies = frameToRecords(await client.studies({ countryCodes: "DE", mainStudy: 1, fields: ["id", "name"] }));
    const byYear = new Map(studies.map((study) => [study.id, Number(study.name.slice(-4))]));
    const latest = [...byYear].sort((a, b) => b[1] - a[1])[0];
    const audience = frameToRecords(await client.audiences("All Adults", { fields: ["id", "name"] })).find(
      (row) => row.name === "All Adults",
    );
    const brands = frameToRecords(
      await client.brandscapeData({ studies: latest[0], audiences: audience.id, metricKeys: ["brand_strength", "brand_stature"] }),
    ).sort((a, b) => b.brand_strength_c - a.brand_strength_c);
    const top = brands.slice(0, 8);
    const leaders = top.slice(0, 4).map((row) => row.brand_id);
    const history = frameToRecords(
      await client.brandscapeData({
        studies: [...byYear.keys()],
        audiences: audience.id,
        metricKeys: ["brand_strength"],
        filters: { brands: leaders },
      }),
    )
      .map((row) => ({ brand: row.global_brand_name, year: byYear.get(row.study_id), brand_strength: row.brand_strength_c }))
      .sort((a, b) => a.year - b.year);
    const where = `Germany ${latest[1]}, All Adults · fountframe emulator data`;
    const shownNames = new Set(top.slice(0, 6).map((row) => row.brand_name));
    const specs = {
      barChart: barChart(top, { category: "brand_name", value: "brand_strength_c", title: "Brand strength, the top 8", subtitle: where }),
      scatterChart: scatterChart(
        brands.map((row) => ({ ...row, shown: shownNames.has(row.brand_name) ? row.brand_name : null })),
        {
          x: "brand_stature_c",
          y: "brand_strength_c",
          label: "shown",
          zero: true,
          title: "Power grid",
          subtitle: where,
          width: 420,
          height: 300,
        },
      ),
      lineChart: lineChart(history, {
        x: "year",
        y: "brand_strength",
        series: "brand",
        title: "Brand strength over the years",
        subtitle: "Germany, All Adults · fountframe emulator data",
      }),
    };
    const svgs = {};
    for (const [name, spec] of Object.entries(specs)) svgs[name] = await renderSvg(spec);
    return {
      svgs,
      calls: {
        barChart: 'barChart(top, { category: "brand_name", value: "brand_strength_c", title: "Brand strength, the top 8", subtitle })',
        scatterChart:
          'scatterChart(brands, { x: "brand_stature_c", y: "brand_strength_c", label: "shown", zero: true, title: "Power grid", subtitle, width: 420, height: 300 })',
        lineChart:
          'lineChart(history, { x: "year", y: "brand_strength", series: "brand", title: "Brand strength over the years", subtitle })',
      },
    };
  } finally {
    await client.aclose();
    await emulator.close();
  }
}

// ---- the page ---------------------------------------------------------------------------------

function page(calls) {
  const common = optionsOf(join(CHARTS_DIR, "chartOptions.ts"), "ChartOptions");
  const sections = CHARTS.map((chart) => {
    const { own } = optionsOf(join(CHARTS_DIR, chart.file), chart.options);
    return [
      `## ${chart.name}`,
      "",
      `\`${chart.name}(data, options: ${chart.options})\`, \`data\` a DataFrame or records. Its own options (and every [common option](#options-every-chart-takes)):`,
      "",
      optionsTable(own),
      "",
      `The picture, from the emulator's data (\`top\`, \`brands\` and \`history\` are records pulled by [the script](../scripts/chart-pictures.mjs)): \`${calls[chart.name]}\``,
      "",
      `![${chart.name}](charts/${chart.picture})`,
    ].join("\n");
  });
  return [
    "# Charts",
    "",
    "<!-- Written by scripts/chart-pictures.mjs from src/display/charts/*.ts and the emulator's data: do not edit by hand. -->",
    "",
    "Each chart function returns a [vega-lite](https://vega.github.io/vega-lite/) spec (a plain object: change it",
    "before drawing if you like). `showChart(spec, { saveTo })` renders it to SVG headless and shows it in a notebook",
    "(tslab or Deno's kernel), or prints one line about it in a script; `renderSvg(spec)` gives the SVG text.",
    "",
    ...["- [In a notebook](#in-a-notebook)"],
    ...CHARTS.map((chart) => `- [${chart.name}](#${chart.name.toLowerCase()})`),
    "",
    "## In a notebook",
    "",
    "`showChart` sends one output in four forms, and each front end shows the richest it renders:",
    "",
    "| form | MIME type | who shows it |",
    "|---|---|---|",
    "| the Vega-Lite spec | `application/vnd.vegalite.v5+json` | JupyterLab 3/4 and VS Code's Jupyter: drawn live, with tooltips and the Vega actions menu |",
    "| the SVG picture | `image/svg+xml` | Notebook 6 (Debian's `jupyter-notebook`), nbconvert, GitHub's notebook view, and any viewer without a Vega-Lite renderer |",
    "| the SVG inline in HTML | `text/html` | nbconvert 6.5's HTML export (which strips an `image/svg+xml` output to its text) |",
    '| a line of text | `text/plain` | a terminal Jupyter client (`[chart "Title"]`) |',
    "",
    "Both kernels send all four: tslab through its running cell's display, Deno through",
    "`Deno.jupyter.display`. An executed notebook keeps them all, so a notebook opened later in JupyterLab",
    "is live and the same file on GitHub shows the picture. Outside a kernel `showChart` prints one line",
    "(and writes the SVG with `saveTo`).",
    "",
    "Every chart draws one mark per row: a bar chart whose category repeats (a brand studied in two",
    "categories) draws a bar per row, labelled by `detail` or by the first column that tells the rows",
    'apart ("Ryanair · Airlines"), never one bar of their sum; aggregate first (danfo\'s `groupby`, or',
    "SQL) to chart a total or a mean.",
    "",
    "## Options every chart takes",
    "",
    optionsTable(common.own),
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
}

const { svgs, calls } = await pictures();
const files = { [join(ROOT, "docs/charts.md")]: page(calls) };
for (const chart of CHARTS) files[join(ROOT, "docs/charts", chart.picture)] = svgs[chart.name];

let stale = 0;
for (const [path, content] of Object.entries(files)) {
  const relative = path.slice(ROOT.length + 1);
  if (check) {
    if (!existsSync(path) || readFileSync(path, "utf8") !== content) {
      stale += 1;
      console.error(`${relative} is not what scripts/chart-pictures.mjs writes: run it and commit the result`);
    }
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    console.log(`wrote ${relative}`);
  }
}
if (check && !stale) console.log(`docs/charts.md and its ${CHARTS.length} pictures are current`);
process.exit(stale ? 1 : 0);

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import type { DataFrame } from "danfojs-node";
import { writeArrow, writeCSV, writeParquet } from "../../src/export";
import { FrameBuilder } from "../../src/rows/rowShape";
import { duckRows, duckTypes, sqlText } from "../export/duckdb";
import { useEmulator } from "./fixture";
import { tempFolder } from "../helpers/tempFolder";

// API.md "Column types": a column's type is decided once per pull, the documented type first
// (`code_numeric` is a string: "056" keeps its zero), the same on every path and in every row order.
const env = useEmulator();
const dir = tempFolder("fountframe-column-types-");

/** Belgium ("056") and Great Britain ("826") studies of 2024, and Britain alone. */
async function studyIds(countryCodes: string[]): Promise<number[]> {
  const studies = await env.client().studies({ countryCodes, yearNumbers: [2024] });
  return (studies.column("id").values as number[]).slice().sort((a, b) => a - b);
}

const pull = (studies: number[], sort: string) => ({ studies, metricKeys: ["differentiation", "relevance"], include: ["study"], sort });

/** The column types DuckDB reads from a Parquet or Arrow-turned-Parquet file. */
const parquetTypes = (path: string) => duckTypes(`read_parquet(${sqlText(path)})`);

/** A frame's dtypes by column. */
const frameTypes = (frame: DataFrame) => Object.fromEntries(frame.columns.map((column, index) => [column, frame.dtypes[index]]));

/** The kind a frame dtype and a DuckDB type share: number, text or boolean. */
const kindOfDtype = (dtype: string) => (dtype === "int32" || dtype === "float32" ? "number" : dtype === "boolean" ? "boolean" : "text");
const kindOfDuck = (type: string) => (/INT|DOUBLE|FLOAT|DECIMAL/.test(type) ? "number" : type === "BOOLEAN" ? "boolean" : "text");

describe("a cross-country brandscape pull with the study include", () => {
  test("Parquet with default options: global_study_country_code_numeric is text, zeros kept", async () => {
    const studies = await studyIds(["GB", "BE"]);
    const path = join(dir, "default.parquet");
    // Britain's studies first: every code of the first rows is a numeric-looking "826"
    await writeParquet(env.client().pages("brandscapeData", pull(studies, "study_id")), path);
    const types = await parquetTypes(path);
    expect(types.global_study_country_code_numeric).toBe("VARCHAR");
    const codes = await duckRows(
      `SELECT DISTINCT global_study_country_code_numeric AS code FROM read_parquet(${sqlText(path)}) ORDER BY code`,
    );
    expect(codes.map((row) => row.code)).toEqual(["056", "826"]);
  });

  test("a streamed export past its first batch: Britain's rows first, Belgium's later, no failure", async () => {
    const studies = await studyIds(["GB", "BE"]);
    const path = join(dir, "batches.parquet");
    const summary = await writeParquet(env.client().pages("brandscapeData", { ...pull(studies, "study_id"), perPage: 50 }), path, {
      batchRows: 50,
    });
    expect(summary.rows).toBeGreaterThan(100);
    expect((await parquetTypes(path)).global_study_country_code_numeric).toBe("VARCHAR");
  });

  test("a frame of Britain alone keeps the documented string: text, not numbers", async () => {
    const frame = await env.client().brandscapeData(pull(await studyIds(["GB"]), "study_id"));
    expect(frameTypes(frame).global_study_country_code_numeric).toBe("string");
    expect(new Set(frame.column("global_study_country_code_numeric").values as unknown[])).toEqual(new Set(["826"]));
  });

  test("the same pull in two row orders: the same dtypes on the frame, pages into a FrameBuilder, CSV, Parquet and Arrow, threads and cache", async () => {
    const studies = await studyIds(["GB", "BE"]);
    const results: Record<string, unknown>[] = [];
    for (const sort of ["study_id", "-study_id"]) {
      const client = env.client();
      const frame = await client.brandscapeData(pull(studies, sort));
      const threaded = await env.client({ threads: 2 }).brandscapeData(pull(studies, sort));
      const cacheDir = join(dir, `cache${sort}`);
      const cached = env.client({ cache: { dir: cacheDir } });
      await cached.brandscapeData(pull(studies, sort));
      const fromCache = await cached.brandscapeData(pull(studies, sort));
      const parquet = join(dir, `order${sort}.parquet`);
      const arrow = join(dir, `order${sort}.arrow`);
      const csv = join(dir, `order${sort}.csv`);
      const frameParquet = join(dir, `frame${sort}.parquet`);
      await writeParquet(client.pages("brandscapeData", pull(studies, sort)), parquet);
      await writeArrow(client.pages("brandscapeData", pull(studies, sort)), arrow);
      await writeCSV(client.pages("brandscapeData", pull(studies, sort)), csv);
      await writeParquet(frame, frameParquet);
      const csvCodes = await duckRows(
        `SELECT DISTINCT global_study_country_code_numeric AS code FROM read_csv(${sqlText(csv)}, all_varchar = true) ORDER BY code`,
      );
      expect(csvCodes.map((row) => row.code)).toEqual(["056", "826"]);
      expect(readFileSync(csv, "utf8")).toContain(",056,");

      const dtypes = frameTypes(frame);
      const builder = new FrameBuilder();
      for await (const page of client.pages("brandscapeData", pull(studies, sort))) builder.add(page);
      expect(frameTypes(await builder.toFrame())).toEqual(dtypes);
      expect(frameTypes(threaded)).toEqual(dtypes);
      expect(frameTypes(fromCache)).toEqual(dtypes);
      const pagesTypes = await parquetTypes(parquet);
      expect(await parquetTypes(frameParquet)).toEqual(pagesTypes);
      expect(arrowTypes(arrow).global_study_country_code_numeric).toBe("Utf8");
      expect(Object.fromEntries(Object.entries(dtypes).map(([column, dtype]) => [column, kindOfDtype(dtype)]))).toEqual(
        Object.fromEntries(Object.entries(pagesTypes).map(([column, type]) => [column, kindOfDuck(type)])),
      );
      results.push({ dtypes, pagesTypes, arrowTypes: arrowTypes(arrow), header: readFileSync(csv, "utf8").split("\n")[0] });
    }
    expect(results[1]).toEqual(results[0]);
    expect((results[0].pagesTypes as Record<string, string>).global_study_country_code_numeric).toBe("VARCHAR");
  });
});

/** An Arrow file's column types, read with apache-arrow (DuckDB reads Arrow only through a downloaded extension). */
function arrowTypes(path: string): Record<string, string> {
  return Object.fromEntries(tableFromIPC(readFileSync(path)).schema.fields.map((field) => [field.name, String(field.type)]));
}

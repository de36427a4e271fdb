/**
 * The README's first command: a real brandscape pull from the built-in emulator, with a
 * progress bar, the frame's shape and head, and CSV + XLSX files in ./out.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "./client/client";
import { show } from "./display";
import { startEmulator } from "./emulator";
import { writeCSV, writeExcel } from "./export";

const COUNTRY = "US";
const YEAR = 2024;
const SHOWN_COLUMNS = ["brand_name", "global_audience_name", "differentiation_c", "relevance_c", "esteem_c"];

async function main(): Promise<void> {
  const emulator = await startEmulator({ latencyMs: 20 });
  const client = new Client("demo-token", { baseUrl: emulator.url, perPage: 50 });
  try {
    console.log(`Fount emulator at ${emulator.url}`);
    // a country and year hold several studies, each with its own rows per brand: keep the main one, as the README does
    const [mainStudy] = (await client.studies(COUNTRY, YEAR, { mainStudy: 1 })).column("id").values as number[];
    console.log(`Pulling brandscape data for ${COUNTRY} ${YEAR}, main study ${mainStudy}, every audience…`);
    // by the study alone: study (+ audience …) is the service's fast filter; study + country + year draws a slow-filter warning
    const frame = await client.brandscapeData({ studies: mainStudy, include: ["brand", "audience"] });
    const [rows, columns] = frame.shape;
    const shown = SHOWN_COLUMNS.filter((column) => frame.columns.includes(column));
    console.log(`\n${rows} rows × ${columns} columns, showing ${shown.length} of ${columns} columns:`);
    show(frame, { columns: shown, rows: 5 }); // fits the terminal, as a user's script would print it
    await mkdir("out", { recursive: true });
    const csv = await writeCSV(frame, join("out", "brandscape-us-2024.csv"));
    const xlsx = await writeExcel(frame, join("out", "brandscape-us-2024.xlsx"));
    console.log(`wrote ${csv.path} (${csv.rows} rows) and ${xlsx.path}`);
  } finally {
    await client.aclose();
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

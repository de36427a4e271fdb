import { join } from "node:path";
import { cleanEnv, runCli, useCliFixture } from "./helpers/builtCli";

const TOKEN = "cli-sync-s3cr3t";

/** `fountframe sync` as a user runs it: the built CLI against the emulator, the same flags as the query commands. */
describe("fountframe sync", () => {
  const fixture = useCliFixture(TOKEN);
  const env = () => cleanEnv({ FOUNT_API_TOKEN: TOKEN, FOUNT_BASE_URL: fixture.emulator.url });

  it("syncs a resource by its filter flags, re-runs every tracked sync, and lists them", async () => {
    const store = join(fixture.dir, "fount.duckdb");
    const first = await runCli(
      fixture.cli,
      ["sync", "brandscape-data", "--studies", "1,2", "--metric-keys", "differentiation", "--store", store],
      { env: env() },
    );
    expect(first.stderr).toMatch(/sync brandscape_data: full, \d+ added/);
    expect(first.code).toBe(0);
    const full = JSON.parse(first.stdout);
    expect(full).toMatchObject({ table: "brandscape_data", mode: "full", removed: 0 });

    fixture.emulator.revise({ studies: [2] });
    const again = await runCli(fixture.cli, ["sync", "--store", store], { env: env() });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ mode: "incremental", added: 0, partitions: { replaced: [2], removed: [] } });

    const status = await runCli(fixture.cli, ["sync", "--store", store, "--status"], { env: cleanEnv() });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^table\s+endpoint\s+rows/);
    expect(status.stdout).toMatch(new RegExp(`brandscape_data\\s+brandscapeData\\s+${full.rows}\\s`));
    expect(status.stdout + again.stderr + first.stderr).not.toContain(TOKEN);
  });

  it("exits 2 naming the flag for bad usage, before any request", async () => {
    fixture.emulator.resetStats();
    const noStore = await runCli(fixture.cli, ["sync", "brands"], { env: env() });
    expect([noStore.code, noStore.stderr]).toEqual([2, expect.stringMatching(/--store <file> is required/)]);
    const partial = await runCli(fixture.cli, ["sync", "brands", "--store", join(fixture.dir, "x.duckdb"), "--max-pages", "1"], {
      env: env(),
    });
    expect([partial.code, partial.stderr]).toEqual([2, expect.stringMatching(/--max-pages: not taken by sync/)]);
    expect(fixture.emulator.stats.log).toHaveLength(0);
  });
});

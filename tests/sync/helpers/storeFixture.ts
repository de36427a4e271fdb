import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { Client } from "../../../src/client/client";
import { openStore, type Store } from "../../../src/store";
import { DuckDBInstance } from "@duckdb/node-api";
import { rewritingProxy, type RewritingProxy } from "./rewritingProxy";

export interface StoreFixture {
  emulator: Emulator;
  /** the proxy the client goes through, when asked for */
  proxy: RewritingProxy;
  /** the client: no retries, through the proxy when there is one */
  client: Client;
  dir: string;
  /** a fresh store, `fount.duckdb` in `dir` */
  store: Store;
  /**
   * SQL run on the store's file by another tool (a DuckDB connection of its own, the store closed),
   * then the store opened again: what `store.query` refuses to do to the sync state (an earlier
   * version's state, an owner's change).
   */
  byAnotherTool(...statements: string[]): Promise<void>;
}

/** SQL run on a DuckDB file through a connection of its own, as another tool would. */
export async function withDuckDB(file: string, ...statements: string[]): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const sql of statements) await connection.run(sql);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * Each test's emulator, client and fresh store in a temporary folder, closed after it; with `proxy`
 * the client goes through a rewritingProxy, with `cache` it keeps a response cache in the folder.
 */
export function useStoreFixture(token: string, options: { proxy?: boolean; cache?: boolean } = {}): StoreFixture {
  const fixture = {} as StoreFixture;
  fixture.byAnotherTool = async (...statements) => {
    const file = fixture.store.path;
    await fixture.store.close();
    await withDuckDB(file, ...statements);
    fixture.store = await openStore(file);
  };
  beforeEach(async () => {
    fixture.emulator = await startEmulator({ rateLimit: false, token });
    if (options.proxy) fixture.proxy = await rewritingProxy(fixture.emulator.url);
    fixture.dir = mkdtempSync(join(tmpdir(), "fountframe-store-"));
    fixture.client = new Client(token, {
      baseUrl: options.proxy ? fixture.proxy.url : fixture.emulator.url,
      verbose: false,
      retries: 0,
      ...(options.cache ? { cache: { dir: join(fixture.dir, "cache") } } : {}),
    });
    fixture.store = await openStore(join(fixture.dir, "fount.duckdb"));
  });
  afterEach(async () => {
    await fixture.store.close();
    await fixture.client.aclose();
    if (options.proxy) await fixture.proxy.close();
    await fixture.emulator.close();
    rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}

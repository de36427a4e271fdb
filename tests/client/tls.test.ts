import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import selfsigned from "selfsigned";
import { Client } from "../../src/client/client";
import { APIError } from "../../src/errors";

let server: https.Server;
let url: string;
let dir: string;
let caFile: string;

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: "commonName", value: "127.0.0.1" }], {
    notAfterDate: new Date(Date.now() + 86_400_000),
    keySize: 2048,
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  dir = await mkdtemp(join(tmpdir(), "fountframe-tls-"));
  caFile = join(dir, "ca.pem");
  await writeFile(caFile, pems.cert);
  server = https.createServer({ key: pems.private, cert: pems.cert }, (_request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ data: [{ id: 1, name: "Swatch" }], meta: { total: 1, last_page: 1, current_page: 1, per_page: 100 } }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const pull = async (verify: boolean | string) => {
  const client = new Client("t", { baseUrl: url, verify, verbose: false, retries: 0 });
  try {
    return await client.rawQuery("brands");
  } finally {
    await client.aclose();
  }
};

test("the default verification refuses a self-signed certificate", async () => {
  const error = await pull(true).catch((caught) => caught);
  expect(error).toBeInstanceOf(APIError);
  expect(error.code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
});

test("verify: false accepts it", async () => {
  expect(await pull(false)).toEqual([{ id: 1, name: "Swatch" }]);
});

test("verify: a CA file path accepts it", async () => {
  expect(await pull(caFile)).toEqual([{ id: 1, name: "Swatch" }]);
});

test("verify: a missing CA file is a ValidationError naming verify", () => {
  expect(() => new Client("t", { baseUrl: url, verify: join(dir, "missing.pem") })).toThrow(/^verify: cannot read the CA certificate file/);
});

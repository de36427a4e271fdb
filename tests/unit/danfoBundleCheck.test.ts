/**
 * scripts/check-danfo-bundle.mjs can fail: against a registry on 127.0.0.1 that answers npm's own
 * requests (a package document per name, the bulk advisory endpoint npm audit posts to), it refuses
 * a deprecated version, a version with an advisory and a list that changed without its committed
 * copy, and passes a clean list.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

const ROOT = resolve(__dirname, "../..");

interface Entry {
  name: string;
  version: string;
  license: string;
}

/** name → version → the registry's deprecation message, if any */
const DEPRECATED: Record<string, Record<string, string>> = { "old-thing": { "1.0.0": "use new-thing" } };
/** name → the advisories the bulk endpoint reports for it */
const ADVISORIES: Record<string, object[]> = {
  "leaky-thing": [
    {
      id: 1,
      url: "https://example.test/advisories/1",
      title: "Prototype pollution",
      severity: "high",
      vulnerable_versions: "<2.0.0",
      cwe: [],
      cvss: { score: 7.5, vectorString: null },
    },
  ],
};

let server: Server;
let registry: string;
let dir: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.method === "POST" && request.url?.startsWith("/-/npm/v1/security/advisories/bulk")) {
        const body = Buffer.concat(chunks);
        const asked = JSON.parse((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8")) as Record<
          string,
          string[]
        >;
        response.end(
          JSON.stringify(
            Object.fromEntries(
              Object.keys(asked)
                .filter((name) => ADVISORIES[name])
                .map((name) => [name, ADVISORIES[name]]),
            ),
          ),
        );
        return;
      }
      const name = decodeURIComponent((request.url ?? "/").slice(1));
      const versions = ["1.0.0", "1.5.0", "2.0.0"];
      response.end(
        JSON.stringify({
          _id: name,
          name,
          "dist-tags": { latest: "2.0.0" },
          versions: Object.fromEntries(
            versions.map((version) => [
              version,
              { name, version, dist: { tarball: `${registry}/${name}/-/${name}-${version}.tgz` }, deprecated: DEPRECATED[name]?.[version] },
            ]),
          ),
          time: Object.fromEntries(versions.map((version) => [version, "2024-01-01T00:00:00.000Z"])),
        }),
      );
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), "fountframe-bundle-check-"));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolveClose) => server.close(resolveClose));
});

function check(built: Entry[], committed: Entry[]): Promise<{ code: number; stdout: string; stderr: string }> {
  writeFileSync(join(dir, "built.json"), JSON.stringify(built));
  writeFileSync(join(dir, "committed.json"), JSON.stringify(committed));
  const args = [
    "scripts/check-danfo-bundle.mjs",
    "--require-audit",
    "--built",
    join(dir, "built.json"),
    "--committed",
    join(dir, "committed.json"),
  ];
  const env = {
    ...process.env,
    npm_config_registry: `${registry}/`,
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_audit_level: "low",
  };
  return new Promise((resolveRun) => {
    execFile(process.execPath, args, { cwd: ROOT, env, encoding: "utf8" }, (error, stdout, stderr) =>
      resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const clean: Entry[] = [
  { name: "fine-thing", version: "1.0.0", license: "MIT" },
  { name: "leaky-thing", version: "2.0.0", license: "MIT" },
];

test("a clean list, as committed: passes", async () => {
  const result = await check(clean, clean);
  expect(result.stderr).toBe("");
  expect(result.stdout).toMatch(/bundles 2 packages, as committed; none deprecated, no known advisory/);
  expect(result.code).toBe(0);
}, 120_000);

test("a deprecated version, a version with an advisory, a list changed without its copy: each named", async () => {
  const built: Entry[] = [
    { name: "fine-thing", version: "1.0.0", license: "MIT" },
    { name: "leaky-thing", version: "1.5.0", license: "MIT" },
    { name: "old-thing", version: "1.0.0", license: "ISC" },
  ];
  const result = await check(built, clean);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/\+ leaky-thing@1\.5\.0 \(MIT\)/);
  expect(result.stderr).toMatch(/\+ old-thing@1\.0\.0 \(ISC\)/);
  expect(result.stderr).toMatch(/- leaky-thing@2\.0\.0 \(MIT\)/);
  expect(result.stderr).toMatch(/old-thing@1\.0\.0 is deprecated: use new-thing/);
  expect(result.stderr).toMatch(/leaky-thing .*high advisory: Prototype pollution/);
}, 120_000);

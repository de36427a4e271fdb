import http from "node:http";
import zlib from "node:zlib";
import { startEmulator, ValidationError, type Emulator, type EmulatorOptions } from "../../src/emulator";
import { chooseCoding } from "../../src/emulator/http/acceptEncoding";
import { urlOf } from "./http";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body's bytes as they came over the wire */
  raw: Buffer;
}

/** A GET through node:http, nothing decoded: the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers: { Authorization: "Bearer t", Accept: "application/json", ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, raw: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

const decoded = (answer: RawAnswer): string => {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(answer.raw).toString("utf8");
  if (coding === "gzip") return zlib.gunzipSync(answer.raw).toString("utf8");
  return answer.raw.toString("utf8");
};

describe("chooseCoding, as a production server reads Accept-Encoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"], // equal ratings: the server's order, brotli first
    ["gzip, compress, deflate, br", "br"], // axios on Node
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["*;q=0.5, gzip", "gzip"],
    ["*;q=0", undefined],
    ["deflate", "deflate"],
    ["compress", undefined],
    ["gzip;q=0.001", "gzip"],
    ["br ; q = 0.7 , gzip ; q = 0.8", "gzip"],
  ])("%j → %j", (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });

  it.each([
    ["br, gzip, deflate", ["gzip"], "gzip"],
    ["br", ["gzip", "deflate"], undefined],
    ["gzip, deflate", ["deflate", "gzip"], "deflate"],
  ] as const)("%j from a server offering %j → %j", (header, offered, coding) => {
    expect(chooseCoding(header, offered)).toBe(coding);
  });
});

describe("compression", () => {
  let emulator: Emulator;
  let plain: Emulator;
  beforeAll(async () => {
    [emulator, plain] = await Promise.all([startEmulator({ rateLimit: false, compression: true }), startEmulator({ rateLimit: false })]);
  });
  afterAll(() => Promise.all([emulator.close(), plain.close()]));

  const page = (base: string) => urlOf(base, "brands", { per_page: 200, page: 2 });

  it.each(["gzip", "br"])("answers %s when asked, with Content-Encoding, Vary and the compressed length", async (coding) => {
    const identity = await rawGet(page(emulator.url));
    const answer = await rawGet(page(emulator.url), { "Accept-Encoding": coding });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    expect(answer.raw.length).toBeLessThan(identity.raw.length / 3);
    expect(decoded(answer)).toBe(identity.raw.toString("utf8"));
  });

  it("answers the same bytes again from what it kept, whatever the order of the query's parameters", async () => {
    const base = emulator.url;
    const first = await rawGet(`${base}brands?per_page=150&page=3`, { "Accept-Encoding": "br" });
    const again = await rawGet(`${base}brands?page=3&per_page=150`, { "Accept-Encoding": "br" });
    expect(again.raw.equals(first.raw)).toBe(true);
    const gzip = await rawGet(`${base}brands?page=3&per_page=150`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(decoded(first));
  });

  it("answers identity without Accept-Encoding, still saying Vary; a server without compression says neither", async () => {
    const answer = await rawGet(page(emulator.url));
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    const unchanged = await rawGet(page(plain.url), { "Accept-Encoding": "gzip, br" });
    expect(unchanged.headers["content-encoding"]).toBeUndefined();
    expect(unchanged.headers.vary).toBeUndefined();
    expect(unchanged.raw.length).toBe(answer.raw.length);
  });

  it("compresses error pages too, and leaves tiny bodies alone", async () => {
    const missing = await rawGet(`${emulator.url}brands/999999999`, { "Accept-Encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decoded(missing))).toEqual({ data: { message: expect.any(String) } });
    const health = await rawGet(`${emulator.url}health`, { "Accept-Encoding": "gzip" });
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD with the headers of the compressed answer and no body", async () => {
    const answer = await rawGet(page(emulator.url), { "Accept-Encoding": "gzip" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.raw.length).toBe(0);
  });

  it("counts the bytes on the wire, and which coding each answer went in", async () => {
    emulator.resetStats();
    const answer = await rawGet(urlOf(emulator.url, "brands", { per_page: 50, page: 7 }), { "Accept-Encoding": "gzip" });
    expect(emulator.stats.bytesSent).toBe(answer.raw.length);
    expect(emulator.stats.log.at(-1)?.encoding).toBe("gzip");
  });
});

describe("bandwidth", () => {
  it("is one bucket shared by every connection: two pages at once take as long as their bytes together", async () => {
    const bandwidth = 200_000;
    const emulator = await startEmulator({ rateLimit: false, bandwidth });
    try {
      const urls = [1, 2].map((page) => urlOf(emulator.url, "brands", { per_page: 200, page }));
      const started = performance.now();
      const answers = await Promise.all(urls.map((url) => rawGet(url)));
      const elapsedMs = performance.now() - started;
      const bytes = answers.reduce((sum, answer) => sum + answer.raw.length, 0);
      expect(answers.every((answer) => answer.status === 200 && answer.raw.length > 40_000)).toBe(true);
      expect(emulator.stats.bytesSent).toBe(bytes);
      // a bucket per connection would deliver both in the time of one; the 64 KiB burst is free
      expect(elapsedMs).toBeGreaterThanOrEqual(((bytes - 64 * 1024) / bandwidth) * 1000);
    } finally {
      await emulator.close();
    }
  });

  it("stops pacing at close(): a slow answer does not keep the emulator open", async () => {
    const emulator = await startEmulator({ rateLimit: false, bandwidth: 1000 });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request(urlOf(emulator.url, "brands", { per_page: 1000 }), { headers: { Authorization: "Bearer t" } }, resolve)
        .on("error", reject)
        .end();
    });
    // the head is out, the body is being paced: close() must not wait for the rest
    const body = new Promise((resolve, reject) => response.on("end", resolve).on("error", reject).resume());
    await emulator.close();
    await expect(body).rejects.toThrow();
  });

  it.each([
    [{ bandwidth: 0 }, "bandwidth"],
    [{ bandwidth: -5 }, "bandwidth"],
    [{ bandwidth: Number.NaN }, "bandwidth"],
    [JSON.parse('{"compression":"gzip"}') as EmulatorOptions, "compression"],
    [JSON.parse('{"compression":[]}') as EmulatorOptions, "compression"],
    [JSON.parse('{"compression":["zstd"]}') as EmulatorOptions, "compression"],
  ])("rejects %j naming %s", async (options, parameter) => {
    await expect(startEmulator(options)).rejects.toThrow(ValidationError);
    await expect(startEmulator(options)).rejects.toMatchObject({ parameter });
  });
});

import zlib from "node:zlib";
import { ContentCodingError, decodeContent } from "../../src/transport/contentCoding";

const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 2000 }, (_, id) => ({ id, name: `brand ${id} ü` })) }));

describe("decodeContent", () => {
  it.each([
    ["br", zlib.brotliCompressSync(body)],
    ["gzip", zlib.gzipSync(body)],
    ["x-gzip", zlib.gzipSync(body)],
    ["deflate", zlib.deflateSync(body)],
    ["deflate", zlib.deflateRawSync(body)],
    ["BR", zlib.brotliCompressSync(body)],
    ["identity", body],
    [undefined, body],
  ])("undoes %s", async (coding, coded) => {
    expect((await decodeContent(coded, coding)).equals(body)).toBe(true);
  });

  it("undoes stacked codings last first", async () => {
    const coded = zlib.brotliCompressSync(zlib.gzipSync(body));
    expect((await decodeContent(coded, "gzip, br")).equals(body)).toBe(true);
  });

  it("leaves an empty body empty", async () => {
    expect(await decodeContent(Buffer.alloc(0), "br")).toHaveLength(0);
  });

  it("names a coding it cannot undo", async () => {
    await expect(decodeContent(body, "zstd")).rejects.toThrow(
      new ContentCodingError(`the response came in Content-Encoding "zstd", which cannot be decoded (br, gzip, deflate can)`),
    );
  });

  it("says when the body is not what its coding says", async () => {
    await expect(decodeContent(body, "gzip")).rejects.toThrow(/not the gzip it says it is/);
    await expect(decodeContent(zlib.gzipSync(body).subarray(0, 100), "gzip")).rejects.toThrow(ContentCodingError);
  });
});

import { Client } from "../../src/client/client";
import { ValidationError } from "../../src/errors";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();
const PASSWORD = "s3cretpw";

/** What constructing a client with this base URL throws (undefined when it does not). */
function constructing(init: () => Client): unknown {
  try {
    void init().aclose();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("the base URL", () => {
  it("with user info is a ValidationError that never repeats the password, and nothing is sent", () => {
    const baseUrl = env.emulator.url.replace("http://", `http://user:${PASSWORD}@`);
    const error = constructing(() => new Client(TOKEN, { baseUrl, verbose: false }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/baseUrl: must be an http\(s\) URL without user info/);
    expect((error as Error).message).not.toContain(PASSWORD);
    expect(env.emulator.stats.requests).toBe(0);
  });

  it.each(["?api_token=s3cretpw", "#s3cretpw", "?"])(
    "with a query or fragment (%s) is a ValidationError that never repeats it, and nothing is sent",
    (tail) => {
      const error = constructing(() => new Client(TOKEN, { baseUrl: `${env.emulator.url}${tail}`, verbose: false }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(/baseUrl: must be an http\(s\) URL without user info, query or fragment/);
      expect((error as Error).message).not.toContain(PASSWORD);
      expect(env.emulator.stats.requests).toBe(0);
    },
  );

  it.each(["ftp://127.0.0.1/api/v2/", "file:///etc/passwd", "ws://127.0.0.1/api/v2/"])("%s is refused at construction", (baseUrl) => {
    expect(constructing(() => new Client(TOKEN, { baseUrl }))).toBeInstanceOf(ValidationError);
  });

  it("from FOUNT_BASE_URL: non-http(s) and user info refused alike, the password never shown", () => {
    const saved = process.env.FOUNT_BASE_URL;
    try {
      for (const url of ["ftp://127.0.0.1/api/v2/", env.emulator.url.replace("http://", `http://user:${PASSWORD}@`)]) {
        process.env.FOUNT_BASE_URL = url;
        const error = constructing(() => new Client(TOKEN, { verbose: false }));
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as Error).message).toMatch(/FOUNT_BASE_URL: must be an http\(s\) URL/);
        expect((error as Error).message).not.toContain(PASSWORD);
      }
    } finally {
      if (saved === undefined) delete process.env.FOUNT_BASE_URL;
      else process.env.FOUNT_BASE_URL = saved;
    }
  });

  it("an http URL without user info still works", async () => {
    const frame = await env.client().regions();
    expect(frame.shape[0]).toBeGreaterThan(0);
  });
});

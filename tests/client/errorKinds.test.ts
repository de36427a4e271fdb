/** Each failure a caller may want to catch by kind, over real HTTP: still an APIError, never the token. */
import { inspect } from "node:util";
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  ServerError,
  UnprocessableEntityError,
} from "../../src/errors";
import { Client } from "../../src/client/client";
import { TOKEN, useEmulator } from "./fixture";

const env = useEmulator();

const failureOf = (promise: Promise<unknown>): Promise<APIError> =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (caught: APIError) => caught,
  );

test.each([
  [403, PermissionDeniedError],
  [422, UnprocessableEntityError],
  [500, ServerError],
  [503, ServerError],
])("HTTP %i is a %p, still an APIError", async (status, kind) => {
  env.emulator.setFaults([{ resource: "brands", kind: "status", status }]);
  const error = await failureOf(env.client({ retries: 0, onErrors: "raise" }).rawQuery("brands", { maxPages: 1 }));
  expect(error).toBeInstanceOf(kind);
  expect(error).toBeInstanceOf(APIError);
  expect(error.status).toBe(status);
  expect(error.hint).toBeUndefined();
});

test("a 401 is an AuthenticationError that says to check the token, without showing it", async () => {
  const wrongToken = "wrong-token-also-secret";
  const client = new Client(wrongToken, { baseUrl: env.emulator.url, verbose: false });
  const error = await failureOf(client.rawQuery("brands")).finally(() => client.aclose());
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error.message).toMatch(/Unauthenticated\. \(check the token: .*FOUNT_API_TOKEN/);
  expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(wrongToken);
});

test("an unknown item is a NotFoundError with no hint about the base URL", async () => {
  const error = await failureOf(env.client().rawQuery("brands", { id: 987654321 }));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error.hint).toBeUndefined();
});

test("a base URL without /api/v2/ gets a 404 that says to check the base URL", async () => {
  const origin = new URL(env.emulator.url).origin;
  const error = await failureOf(env.client({ baseUrl: `${origin}/` }).rawQuery("regions"));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error.message).toMatch(/The route regions could not be found\. \(check the base URL: .*\/api\/v2\//);
});

test("no answer at all is an APIConnectionError; no complete answer in time an APITimeoutError", async () => {
  const refused = await failureOf(env.client({ baseUrl: "http://127.0.0.1:9/api/v2/", retries: 0 }).rawQuery("regions"));
  expect(refused).toBeInstanceOf(APIConnectionError);
  expect(refused).not.toBeInstanceOf(APITimeoutError);
  expect(refused.status).toBeUndefined();

  env.emulator.setFaults([{ resource: "brands", kind: "hang" }]);
  const late = await failureOf(env.client({ timeout: 200, retries: 0, onErrors: "raise" }).rawQuery("brands", { maxPages: 1 }));
  expect(late).toBeInstanceOf(APITimeoutError);
  expect(late).toBeInstanceOf(APIConnectionError);
  expect(late).toBeInstanceOf(APIError);
  expect(inspect(late, { depth: 10, showHidden: true })).not.toContain(TOKEN);
});

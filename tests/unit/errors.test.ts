import { inspect } from "node:util";
import {
  APIConnectionError,
  APIError,
  DataNotFoundError,
  NotFoundError,
  FountError,
  RateLimitExceededError,
  ValidationError,
} from "../../src/errors";
import { apiError, errorFromResponse, serviceMessage } from "../../src/errors/fromResponse";

test("the factory picks the class and reads the service's message in either place", () => {
  const limited = errorFromResponse(429, { message: "Too Many Attempts." }, "http://x/api/v2/brands?page=2", 3000);
  expect(limited).toBeInstanceOf(RateLimitExceededError);
  expect(limited).toBeInstanceOf(APIError);
  expect(limited).toBeInstanceOf(FountError);
  expect((limited as RateLimitExceededError).retryAfterMs).toBe(3000);
  expect(limited.message).toBe("HTTP 429 from http://x/api/v2/brands?page=2: Too Many Attempts.");
  const notFound = errorFromResponse(404, { data: { message: "No such brand" } }, "u");
  expect([notFound.status, notFound.serviceMessage]).toEqual([404, "No such brand"]);
  expect(notFound).not.toBeInstanceOf(RateLimitExceededError);
});

test("a non-JSON body gives a short plain excerpt", () => {
  const html = `<html><body><h1>502 Bad Gateway</h1>${"x".repeat(500)}</body></html>`;
  const message = serviceMessage(html);
  expect(message.startsWith("502 Bad Gateway")).toBe(true);
  expect(message.length).toBeLessThanOrEqual(201);
  expect(serviceMessage("")).toBe("(empty body)");
});

test("instanceof works across copies of the classes (ESM and CJS builds)", () => {
  const foreign = Object.create(null);
  expect(foreign instanceof FountError).toBe(false);
  const validation = new ValidationError("perPage", "must be positive");
  expect(validation).toBeInstanceOf(FountError);
  expect(validation).not.toBeInstanceOf(DataNotFoundError);
  expect(validation.name).toBe("ValidationError");
  expect(inspect(validation)).toContain("perPage: must be positive");
});

test("the factory gives each status its kind, each still an APIError", () => {
  const kinds: [number | undefined, string | undefined, string][] = [
    [401, undefined, "AuthenticationError"],
    [403, undefined, "PermissionDeniedError"],
    [404, undefined, "NotFoundError"],
    [422, undefined, "UnprocessableEntityError"],
    [429, undefined, "RateLimitExceededError"],
    [500, undefined, "ServerError"],
    [599, undefined, "ServerError"],
    [400, undefined, "APIError"],
    [200, "MALFORMED_JSON", "APIError"],
    [undefined, "ECONNREFUSED", "APIConnectionError"],
    [undefined, "ETIMEDOUT", "APITimeoutError"],
  ];
  for (const [status, code, name] of kinds) {
    const error = apiError({ status, code, url: "http://x/api/v2/brands", message: "m" });
    expect([status, code, error.name]).toEqual([status, code, name]);
    expect(error).toBeInstanceOf(APIError);
  }
  expect(apiError({ status: undefined, code: "ETIMEDOUT", url: "u", message: "m" })).toBeInstanceOf(APIConnectionError);
  expect(apiError({ status: 500, url: "u", message: "m" })).not.toBeInstanceOf(NotFoundError);
});

test("hints only where the cause is guessable", () => {
  const hintOf = (status: number, url: string, message: string) => errorFromResponse(status, { message }, url).hint;
  expect(hintOf(401, "https://h/api/v2/brands", "Unauthenticated.")).toMatch(/check the token/);
  expect(hintOf(404, "https://h/regions?page=1", "The route regions could not be found.")).toMatch(/check the base URL/);
  expect(hintOf(404, "https://h/v2/regions", "The route v2/regions could not be found.")).toMatch(/check the base URL/);
  expect(hintOf(404, "https://h/api/v2/regionz", "The route regionz could not be found.")).toBeUndefined();
  expect(hintOf(404, "https://h/brands/9", "No query results for model.")).toBeUndefined();
  expect(hintOf(403, "https://h/api/v2/brands", "Forbidden")).toBeUndefined();
  expect(errorFromResponse(401, { message: "Unauthenticated." }, "u").message).toBe(
    "HTTP 401 from u: Unauthenticated. (check the token: the one given to the Client, or FOUNT_API_TOKEN when none is given)",
  );
});

test("an error's name is its class's own name even when a bundler renames the class (esbuild: class _IncompletePullError)", () => {
  const Renamed = class _IncompletePullError extends FountError {
    static override readonly kind: string = "IncompletePullError";
  };
  const error = new Renamed("why");
  expect(error.name).toBe("IncompletePullError");
  expect(String(error)).toBe("IncompletePullError: why");
});

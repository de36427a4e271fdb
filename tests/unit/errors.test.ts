import { inspect } from "node:util";
import {
  APIError,
  DataNotFoundError,
  FountError,
  RateLimitExceededError,
  ValidationError,
  errorFromResponse,
  serviceMessage,
} from "../../src/errors";

test("the factory picks the class and reads the service's message in either place", () => {
  const limited = errorFromResponse(429, { message: "Too Many Attempts." }, "http://x/api/v2/brands?page=2", 3000);
  expect(limited).toBeInstanceOf(RateLimitExceededError);
  expect(limited).toBeInstanceOf(APIError);
  expect(limited).toBeInstanceOf(FountError);
  expect((limited as RateLimitExceededError).retryAfterMs).toBe(3000);
  expect(limited.message).toBe("HTTP 429 from http://x/api/v2/brands?page=2: Too Many Attempts.");
  const notFound = errorFromResponse(404, JSON.stringify({ data: { message: "No such brand" } }), "u");
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

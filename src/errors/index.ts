export { FountError, ValueError, ValidationError, DataNotFoundError, ClientClosedError } from "./base";
export { APIError, RateLimitExceededError } from "./apiError";
export {
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  UnprocessableEntityError,
  ServerError,
  APIConnectionError,
  APITimeoutError,
} from "./apiError";
export { apiError, errorFromResponse, serviceMessage } from "./fromResponse";
export { redactBearer, secretRedactor } from "./redact";
export { InconsistentPagesError } from "./base";

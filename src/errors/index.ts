export { FountError, ValueError, ValidationError, DataNotFoundError, ClientClosedError } from "./base";
export { APIError, RateLimitExceededError } from "./apiError";
export { errorFromResponse, serviceMessage } from "./fromResponse";
export { redactBearer, secretRedactor } from "./redact";
export { InconsistentPagesError } from "./inconsistentPages";

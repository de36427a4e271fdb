export { startEmulator } from "./server";
export { ValidationError } from "./validationError";
export type {
  Emulator,
  EmulatorOptions,
  EmulatorStats,
  EmulatorEvents,
  EmulatorEventSource,
  FaultRule,
  AddStudyRequest,
  RemoveRequest,
  ReviseRequest,
  RevisionResult,
} from "./types";

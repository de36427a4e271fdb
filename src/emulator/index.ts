export { startEmulator } from "./server";
export { ValidationError } from "./validationError";
export type {
  Emulator,
  EmulatorOptions,
  EmulatorStats,
  EmulatorEvents,
  FaultRule,
  AddStudyRequest,
  RemoveRequest,
  ReviseRequest,
  RevisionResult,
} from "./types";

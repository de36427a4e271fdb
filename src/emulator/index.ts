export { startEmulator } from "./server";
export { ValidationError } from "./validationError";
export type { Emulator, EmulatorOptions, EmulatorStats, FaultRule } from "./types";

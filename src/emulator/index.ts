export { startEmulator } from "./server";
export type { Emulator, EmulatorOptions, EmulatorStats, FaultRule } from "./types";

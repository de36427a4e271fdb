/**
 * A bad emulator option, named and with its allowed values: the emulator's own class, named and
 * worded like the client's ValidationError, since the emulator imports nothing of the client's (it
 * stands apart as the service does). A RangeError, as these options' errors have always been.
 */
export class ValidationError extends RangeError {
  readonly parameter: string;

  constructor(parameter: string, message: string) {
    super(`${parameter}: ${message}`);
    this.name = "ValidationError";
    this.parameter = parameter;
  }
}

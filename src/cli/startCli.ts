import { cannotWriteText } from "../export/output/fileOutput";
import { isBrokenPipe } from "./exitCode";
import { processIo } from "./io";
import { runCli } from "./runCli";
import { printWarningsAsLines } from "./warnings";

/** The command line run on this process's arguments, its exit code set when done. */
export function startCli(): void {
  // A reader that goes away (`| head`) closes the pipe: that ends the command quietly. Any other
  // failure to write stdout (a full disk) is one line and exit 1, not a stack.
  process.stdout.on("error", (error) => {
    if (isBrokenPipe(error)) process.exit(0);
    process.stderr.write(`error: ${cannotWriteText("stdout", error)}\n`);
    process.exit(1);
  });
  const io = processIo();
  printWarningsAsLines(io);
  void runCli(process.argv.slice(2), io).then((code) => {
    process.exitCode = code;
  });
}

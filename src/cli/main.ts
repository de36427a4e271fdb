#!/usr/bin/env node
import { isBrokenPipe } from "./exitCode";
import { processIo } from "./io";
import { runCli } from "./runCli";
import { printWarningsAsLines } from "./warnings";

// A reader that goes away (`| head`) closes the pipe; that ends the command quietly, not with a stack.
process.stdout.on("error", (error) => {
  if (isBrokenPipe(error)) process.exit(0);
  throw error;
});

const io = processIo();
printWarningsAsLines(io);

void runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
});

#!/usr/bin/env node
import { exitOnUnhandledSignals } from "./signals";

// Loading the commands takes a few hundred milliseconds: a signal meanwhile exits 130 all the same.
exitOnUnhandledSignals(process.stderr);
void import("./startCli").then(({ startCli }) => startCli());

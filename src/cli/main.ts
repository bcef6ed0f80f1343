#!/usr/bin/env node
import { message } from "./messages.js";
import { oneLine } from "./oneLine.js";
import { readBounded } from "./readBounded.js";
import { runCli } from "./run.js";

try {
  const result = runCli(process.argv.slice(2), readBounded);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
} catch (error) {
  // A bug, not the request's fault (the fuzz test hunts these): still one line, and exit 1, not 2.
  process.stderr.write(`${oneLine(message("Internal", { reason: error instanceof Error ? error.message : String(error) }))}\n`);
  process.exitCode = 1;
}

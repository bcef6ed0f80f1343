#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { runCli } from "./run.js";

const result = runCli(process.argv.slice(2), (file) => readFileSync(file ?? 0, "utf8"));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;

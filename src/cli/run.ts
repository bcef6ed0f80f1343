import { duel } from "./duel.js";
import { fight } from "./fight.js";
import { commandList, help } from "./help.js";
import type { InputReader } from "./input.js";
import { message } from "./messages.js";
import { odds } from "./odds.js";
import { oneLine } from "./oneLine.js";
import { allowOnly, parseOptions } from "./options.js";
import { resolve } from "./resolve.js";
import { listRulesets } from "./rulesets.js";
import { COMMANDS, HELP_FLAG } from "./usage.js";
import { RequestError } from "./validate.js";

export type { InputReader } from "./input.js";

/** What one run of the command line printed and how it exits; I/O stays in main.ts. */
export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * Runs one command line. A malformed request exits 2 with one line on stderr (user text in it
 * escaped, see oneLine) and nothing on stdout; it never throws for anything a user can type or send.
 */
export function runCli(argv: readonly string[], read: InputReader): CliResult {
  try {
    const options = parseOptions(argv);
    const [command] = options.positional;
    // Help wins over everything else on the line: `fray resolve --seed 4 --help` explains resolve.
    if (command === "help" || options.flags.has(HELP_FLAG)) return { stdout: help(options), stderr: "", code: 0 };
    switch (command) {
      case "rulesets":
        allowOnly(options, COMMANDS.rulesets);
        return { stdout: listRulesets(), stderr: "", code: 0 };
      case "resolve":
        return { stdout: resolve(options, read), stderr: "", code: 0 };
      case "duel":
        return { stdout: duel(options, read), stderr: "", code: 0 };
      case "fight":
        return { stdout: fight(options, read), stderr: "", code: 0 };
      case "odds":
        return { stdout: odds(options, read), stderr: "", code: 0 };
      case undefined:
        throw new RequestError(message("Usage", { commands: commandList() }));
      default:
        throw new RequestError(message("UnknownCommand", { command, commands: commandList() }));
    }
  } catch (error) {
    if (error instanceof RequestError) return { stdout: "", stderr: `${oneLine(error.message)}\n`, code: 2 };
    throw error;
  }
}

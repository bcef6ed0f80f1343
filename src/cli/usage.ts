import { LIMITS } from "./limits.js";

/**
 * The command line's commands and flags, in the one place the parser, each command and `fray help`
 * read them from: a command accepts exactly the flags its usage line shows, and a number flag's range
 * and default are the ones its help states.
 */

export interface FlagSpec {
  /** The placeholder of the flag's value in a usage line; a flag without one is a switch (`--table`). */
  value?: "F" | "N";
  /** A whole-number flag's range and its value when it is not given. */
  range?: { min: number; max: number; fallback: number };
}

export const FLAGS = {
  file: { value: "F" },
  runs: { value: "N", range: { min: 1, max: LIMITS.runs, fallback: 100 } },
  rounds: { value: "N", range: { min: 1, max: LIMITS.rounds, fallback: 50 } },
  seed: { value: "N", range: { min: 0, max: LIMITS.seed, fallback: 0 } },
  table: {},
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof FLAGS;
export type NumberFlag = { [K in FlagName]: (typeof FLAGS)[K] extends { range: object } ? K : never }[FlagName];

/** Each command and its flags, in the order its usage line shows them. */
export const COMMANDS = {
  rulesets: [],
  resolve: ["file", "seed"],
  odds: ["file", "table"],
  duel: ["file", "runs", "rounds", "seed"],
  fight: ["file", "runs", "rounds", "seed"],
} as const satisfies Record<string, readonly FlagName[]>;

export type CommandName = keyof typeof COMMANDS;

export const isCommand = (word: string): word is CommandName => Object.hasOwn(COMMANDS, word);

/** `--help` and its short form `-h` ask for help wherever they stand. */
export const HELP_FLAG = "help";

/** A flag as its usage line shows it: `[--file F]`, `[--table]`. */
export function flagUsage(name: FlagName): string {
  const spec: FlagSpec = FLAGS[name];
  return spec.value ? `[--${name} ${spec.value}]` : `[--${name}]`;
}

/** `fray duel [--file F] [--runs N] [--rounds N] [--seed N]` */
export function usageLine(command: CommandName | "help"): string {
  if (command === "help") return "fray help [command]";
  return ["fray", command, ...COMMANDS[command].map(flagUsage)].join(" ");
}

import { Type } from "@sinclair/typebox";
import { DiceError, DiceTray, givenFaces, seededDice } from "../core/dice/source.js";
import { RuleError } from "../core/ruleError.js";
import { RULESETS, rulesetById } from "../rules/index.js";
import type { RulesetRules } from "../rules/ruleset.js";
import { message } from "./messages.js";
import { odds } from "./odds.js";
import { RequestError, validate } from "./validate.js";

/** What one run of the command line printed and how it exits; I/O stays in main.ts. */
export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Reads a named file, or standard input when no file was named. */
export type InputReader = (file: string | undefined) => string;

const Envelope = Type.Object({
  ruleset: Type.String(),
  action: Type.String(),
  faces: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
});

export interface Options {
  positional: string[];
  flags: Map<string, string>;
}

/** Options that take no value: present means "true". */
const SWITCHES = ["table"];

function parseOptions(argv: readonly string[]): Options {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (SWITCHES.includes(name) && inline === undefined) {
      flags.set(name, "true");
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined) throw new RequestError(message("BadOption", { option: `--${name}`, expected: "a value" }));
    if (inline === undefined) i += 1;
    flags.set(name, value);
  }
  return { positional, flags };
}

function integerFlag(options: Options, name: string, fallback: number, minimum: number): number {
  const raw = options.flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < minimum) {
    throw new RequestError(message("BadOption", { option: `--${name}`, expected: `an integer of at least ${minimum}` }));
  }
  return value;
}

export function allowOnly(options: Options, names: readonly string[]): void {
  for (const name of options.flags.keys()) {
    if (!names.includes(name)) throw new RequestError(message("BadOption", { option: `--${name}`, expected: `one of ${names.map((n) => `--${n}`).join(", ") || "no options"}` }));
  }
}

export function readJson(read: InputReader, file: string | undefined): unknown {
  const source = file ?? "stdin";
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    throw new RequestError(message("Unreadable", { source, reason: (error as Error).message }));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RequestError(message("BadJson", { source, reason: (error as Error).message }));
  }
}

export function pickRuleset(id: string): RulesetRules {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new RequestError(message("UnknownRuleset", { choices: RULESETS.map((r) => r.id).join(", ") }));
  return ruleset;
}

function listRulesets(): string {
  const lines: string[] = [];
  for (const ruleset of RULESETS) {
    lines.push(message("RulesetLine", { id: ruleset.id, game: ruleset.game }));
    for (const [action, definition] of Object.entries(ruleset.actions)) lines.push(message("ActionLine", { action, summary: definition.summary }));
  }
  return `${lines.join("\n")}\n`;
}

/** Bad faces and rules refusals are the request's fault: one line on stderr, exit 2, like a bad field. */
export function refusalsAsRequestErrors<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof DiceError) throw new RequestError(message("DiceFailed", { reason: error.message }));
    if (error instanceof RuleError) throw new RequestError(message("RuleRefused", { reason: error.message }));
    throw error;
  }
}

function resolve(options: Options, read: InputReader): string {
  allowOnly(options, ["file", "seed"]);
  const seed = integerFlag(options, "seed", 0, 0);
  const raw = readJson(read, options.flags.get("file"));
  const envelope = validate<{ ruleset: string; action: string; faces?: number[] }>(Envelope, raw);
  const ruleset = pickRuleset(envelope.ruleset);
  const action = ruleset.actions[envelope.action];
  if (!action) throw new RequestError(message("UnknownAction", { choices: Object.keys(ruleset.actions).join(", "), ruleset: ruleset.id }));
  const { ruleset: _r, action: _a, faces = [], ...body } = raw as Record<string, unknown> & { faces?: number[] };
  const request = validate(action.request, body);
  const tray = new DiceTray(givenFaces(faces, seededDice(seed)));
  const outcome = refusalsAsRequestErrors(() => action.resolve(request, tray));
  return `${JSON.stringify({ ruleset: ruleset.id, action: envelope.action, seed, ...outcome }, null, 2)}\n`;
}

function duel(options: Options, read: InputReader): string {
  allowOnly(options, ["file", "seed", "runs", "rounds"]);
  const seed = integerFlag(options, "seed", 0, 0);
  const runs = integerFlag(options, "runs", 100, 1);
  const roundLimit = integerFlag(options, "rounds", 50, 1);
  const raw = readJson(read, options.flags.get("file"));
  const envelope = validate<{ ruleset: string }>(Type.Object({ ruleset: Type.String() }), raw);
  const ruleset = pickRuleset(envelope.ruleset);
  const blocks = validate<{ a: unknown; b: unknown }>(
    Type.Object({ ruleset: Type.String(), a: ruleset.duel.fighter, b: ruleset.duel.fighter }, { additionalProperties: false }),
    raw,
  );
  const tray = new DiceTray(seededDice(seed));
  const wins = { a: 0, b: 0, none: 0 };
  let rounds = 0;
  for (let run = 0; run < runs; run += 1) {
    const bout = refusalsAsRequestErrors(() => ruleset.duel.fight(blocks.a, blocks.b, tray, roundLimit));
    wins[bout.winner] += 1;
    rounds += bout.rounds;
    tray.rolled.length = 0;
  }
  const rate = (count: number) => Math.round((count / runs) * 1000) / 1000;
  const report = {
    ruleset: ruleset.id,
    runs,
    seed,
    wins,
    winRate: { a: rate(wins.a), b: rate(wins.b), none: rate(wins.none) },
    averageRounds: Math.round((rounds / runs) * 100) / 100,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Runs one command line; a malformed request exits 2 with one line on stderr and nothing on stdout. */
export function runCli(argv: readonly string[], read: InputReader): CliResult {
  try {
    const options = parseOptions(argv);
    const [command] = options.positional;
    switch (command) {
      case "rulesets":
        allowOnly(options, []);
        return { stdout: listRulesets(), stderr: "", code: 0 };
      case "resolve":
        return { stdout: resolve(options, read), stderr: "", code: 0 };
      case "duel":
        return { stdout: duel(options, read), stderr: "", code: 0 };
      case "odds":
        return { stdout: odds(options, read), stderr: "", code: 0 };
      case undefined:
        return { stdout: "", stderr: `${message("Usage")}\n`, code: 2 };
      default:
        throw new RequestError(message("UnknownCommand", { command }));
    }
  } catch (error) {
    if (error instanceof RequestError) return { stdout: "", stderr: `${error.message}\n`, code: 2 };
    throw error;
  }
}

import { Type } from "@sinclair/typebox";
import { type InputReader, readJson } from "./input.js";
import { allowOnly, integerFlag, type Options } from "./options.js";
import { pickRuleset } from "./rulesets.js";
import { COMMANDS } from "./usage.js";
import { validate } from "./validate.js";

/**
 * What `fray duel` and `fray fight` read before anything of their own, in the same order (so their
 * errors come in the same order): the command's flags, the run's numbers, the input, and the ruleset it names.
 */
export function simulationInput(options: Options, read: InputReader, command: "duel" | "fight") {
  allowOnly(options, COMMANDS[command]);
  const seed = integerFlag(options, "seed");
  const runs = integerFlag(options, "runs");
  const roundLimit = integerFlag(options, "rounds");
  const raw = readJson(read, options.flags.get("file"));
  const envelope = validate<{ ruleset: string }>(Type.Object({ ruleset: Type.String() }), raw);
  return { seed, runs, roundLimit, raw, ruleset: pickRuleset(envelope.ruleset) };
}

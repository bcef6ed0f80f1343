import { Type } from "@sinclair/typebox";
import { fightMany } from "../core/fight/summary.js";
import { RULESETS } from "../rules/index.js";
import type { InputReader } from "./input.js";
import { LIMITS } from "./limits.js";
import { message } from "./messages.js";
import type { Options } from "./options.js";
import { refusalsAsRequestErrors } from "./rulesets.js";
import { simulationInput } from "./simulation.js";
import { RequestError, validate } from "./validate.js";

type Block = { name: string };

/** `fray fight`: many fights of one side against another, each side's chance to win, how long, and who drops. */
export function fight(options: Options, read: InputReader): string {
  const { seed, runs, roundLimit, raw, ruleset } = simulationInput(options, read, "fight");
  const rules = ruleset.fight;
  if (!rules) throw new RequestError(message("NoFight", { ruleset: ruleset.id, choices: RULESETS.filter((r) => r.fight).map((r) => r.id).join(", ") }));
  const side = Type.Array(rules.fighter, { minItems: 1, maxItems: LIMITS.sideFighters });
  const { sides } = validate<{ sides: { a: Block[]; b: Block[] } }>(
    Type.Object({ ruleset: Type.String(), sides: Type.Object({ a: side, b: side }, { additionalProperties: false }) }, { additionalProperties: false }),
    raw,
  );
  const fighters = sides.a.length + sides.b.length;
  let turns = 0;
  const summary = refusalsAsRequestErrors(() =>
    fightMany(rules.fight, sides, {
      runs,
      roundLimit,
      seed,
      onFight(result, run) {
        turns += result.rounds * fighters;
        // Fights that drag on (sides that cannot hurt each other) stop here rather than run for minutes.
        if (turns > LIMITS.fightTurns) throw new RequestError(message("FightTooLong", { cap: LIMITS.fightTurns, runs: run + 1 }));
      },
    }),
  );
  const drops = (id: "a" | "b") => sides[id].map((block, i) => ({ name: block.name, drops: summary.dropped[id][i] }));
  const report = { ruleset: ruleset.id, runs, seed, wins: summary.wins, chance: summary.chance, medianRounds: summary.medianRounds, dropped: { a: drops("a"), b: drops("b") } };
  return `${JSON.stringify(report, null, 2)}\n`;
}

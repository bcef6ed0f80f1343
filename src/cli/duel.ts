import { Type } from "@sinclair/typebox";
import { DiceTray, seededDice } from "../core/dice/source.js";
import type { InputReader } from "./input.js";
import { LIMITS } from "./limits.js";
import { message } from "./messages.js";
import type { Options } from "./options.js";
import { refusalsAsRequestErrors } from "./rulesets.js";
import { simulationInput } from "./simulation.js";
import { RequestError, validate } from "./validate.js";

/** A duel reads only who won and when, so its tray keeps no die: memory stays flat however long the bouts. */
class ForgetfulTray extends DiceTray {
  override roll(sides: number, label: string): number {
    const face = super.roll(sides, label);
    this.rolled.pop();
    return face;
  }
}

/** `fray duel`: many bouts between two stat blocks, and how often each side won. */
export function duel(options: Options, read: InputReader): string {
  const { seed, runs, roundLimit, raw, ruleset } = simulationInput(options, read, "duel");
  const blocks = validate<{ a: unknown; b: unknown }>(
    Type.Object({ ruleset: Type.String(), a: ruleset.duel.fighter, b: ruleset.duel.fighter }, { additionalProperties: false }),
    raw,
  );
  const tray = new ForgetfulTray(seededDice(seed));
  const wins = { a: 0, b: 0, none: 0 };
  let rounds = 0;
  for (let run = 0; run < runs; run += 1) {
    const bout = refusalsAsRequestErrors(() => ruleset.duel.fight(blocks.a, blocks.b, tray, roundLimit));
    wins[bout.winner] += 1;
    rounds += bout.rounds;
    // Bouts that drag on (fighters who cannot hurt each other) stop here rather than run for minutes.
    if (rounds > LIMITS.duelRounds) throw new RequestError(message("DuelTooLong", { cap: LIMITS.duelRounds, runs: run + 1 }));
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

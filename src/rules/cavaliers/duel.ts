import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { atYieldLimit, currentYieldLimit } from "../../core/tracks/yieldWounds.js";
import { defineDuel } from "../ruleset.js";
import { type CombatantState, competencyOf, isDyingNow, woundDropOn, yieldLimitFor } from "./actors.js";
import { stepDownAdvantage } from "./advantage.js";
import { settleAttack } from "./exchange.js";
import { beats, buildPool, rollCheck } from "./pool.js";
import { ActorTypeSchema, AttributeDie, CompetencyDie, DieSize } from "./schemas.js";
import { YIELDED_OUT_ENTRY } from "./tables.js";

/** One roll's dice; the fighter's competency die joins it where she is competent (`competent`, default true). */
const DuelPool = Type.Object({ attribute: AttributeDie, competent: Type.Optional(Type.Boolean()), ranks: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })), item: Type.Optional(DieSize) }, { additionalProperties: false });

export const DuelFighter = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    type: Type.Optional(ActorTypeSchema),
    /** The fighter's competency die (none for some NPCs): her Yield Limit reads it, and her pools add it where she is competent. */
    competency: Type.Optional(CompetencyDie),
    /** Yield Limit with no Wounds; by default from the type and the competency die. */
    yieldLimit: Type.Optional(Type.Integer({ minimum: 0 })),
    wounds: Type.Optional(Type.Integer({ minimum: 0 })),
    initiative: Type.Optional(DuelPool),
    lunge: DuelPool,
    parry: DuelPool,
  },
  { additionalProperties: false },
);
type Fighter = Static<typeof DuelFighter>;

function startState(fighter: Fighter): CombatantState {
  const type = fighter.type ?? "pc";
  return { name: fighter.name, type, yield: 0, wounds: fighter.wounds ?? 0, yieldLimit: fighter.yieldLimit ?? yieldLimitFor(type, competencyOf(fighter)), advantage: 0, style: 0 };
}

/** A PC at her Yield Limit fights on (every attack on her may buy Wounds at 1 SP); an NPC there is out. Dying ends anyone's fight. */
const out = (state: CombatantState) => isDyingNow(state) || (state.type !== "pc" && atYieldLimit(state));

const yieldedOutPc = (state: CombatantState) => state.type === "pc" && atYieldLimit(state);

/**
 * The attacker's default spend: against a PC fighting on past her Yield Limit, every SP on a
 * Wound; else finish her off with Yield if it reaches, else a Wound at 4 SP, the rest on Yield.
 */
export function attackerPolicy(sp: number, target: CombatantState): string[] {
  if (yieldedOutPc(target)) return Array.from({ length: sp }, () => YIELDED_OUT_ENTRY.id);
  const room = Math.max(0, currentYieldLimit(target) - target.yield);
  const yields = (n: number) => Array.from({ length: n }, () => "inflict-yield");
  if (sp >= room) return yields(sp);
  if (sp >= 4) return ["inflict-wound", ...yields(sp - 4)];
  return yields(sp);
}

/** The defender's default spend: Negate, and Advantage when 4 more SP allow it. */
export function defenderPolicy(sp: number, self: CombatantState): string[] {
  if (sp < 1) return [];
  return sp >= 5 && self.advantage < 12 ? ["negate", "increase-advantage"] : ["negate"];
}

function exchange(tray: DiceTray, attacker: Fighter, a: CombatantState, defender: Fighter, d: CombatantState): [CombatantState, CombatantState] {
  const useAdv = a.advantage > 0;
  const attackRoll = rollCheck(tray, buildPool({ ...attacker.lunge, competency: competencyOf(attacker), advantage: useAdv ? a.advantage : 0 }), woundDropOn(a, "lunge"), `${a.name} lunge`, true);
  // An Advantage die her Wounds' Drop removed was not used, and does not step down.
  const used = useAdv && !attackRoll.dropped.some((die) => die.source === "advantage");
  const aAfter = used ? { ...a, advantage: stepDownAdvantage(a.advantage) } : a;
  const defenceRoll = rollCheck(tray, buildPool({ ...defender.parry, competency: competencyOf(defender) }), woundDropOn(d, "parry"), `${d.name} parry`, true);
  const attackerWins = beats(attackRoll.total, defenceRoll.total);
  const settled = settleAttack({
    attack: "lunge",
    defence: "parry",
    attacker: aAfter,
    defender: d,
    attackerTotal: attackRoll.total,
    attackerSp: attackRoll.successPoints,
    defenderTotal: defenceRoll.total,
    defenderSp: defenceRoll.successPoints,
    spend: attackerWins ? attackerPolicy(attackRoll.successPoints, d) : defenderPolicy(defenceRoll.successPoints, d),
  });
  return [settled.attacker, settled.defender];
}

export const cavaliersDuel = defineDuel({
  fighter: DuelFighter,
  fight(fa, fb, tray, roundLimit) {
    let a = startState(fa);
    let b = startState(fb);
    let aFirst = true;
    if (fa.initiative && fb.initiative) {
      // Stryker disable next-line BooleanLiteral: with Drop 0 keeping the last die changes nothing
      const ia = rollCheck(tray, buildPool({ ...fa.initiative, competency: competencyOf(fa) }), 0, `${fa.name} initiative`, true);
      // Stryker disable next-line BooleanLiteral: with Drop 0 keeping the last die changes nothing
      const ib = rollCheck(tray, buildPool({ ...fb.initiative, competency: competencyOf(fb) }), 0, `${fb.name} initiative`, true);
      const lead = ia.total - ib.total || ia.successPoints - ib.successPoints;
      aFirst = lead > 0 || (lead === 0 && tray.roll(2, "initiative roll-off") === 1);
    }
    for (let round = 1; round <= roundLimit; round += 1) {
      for (const aAttacks of aFirst ? [true, false] : [false, true]) {
        if (aAttacks) [a, b] = exchange(tray, fa, a, fb, b);
        else [b, a] = exchange(tray, fb, b, fa, a);
        if (out(b)) return { winner: "a" as const, rounds: round };
        if (out(a)) return { winner: "b" as const, rounds: round };
      }
    }
    return { winner: "none" as const, rounds: roundLimit };
  },
});

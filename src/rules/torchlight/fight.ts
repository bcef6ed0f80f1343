import { best, resolveAnswering } from "../../core/fight/choices.js";
import { type Fighter, type FightRules, runFight } from "../../core/fight/engine.js";
import type { Effect } from "../../core/outcome.js";
import { defineFight } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { initiativeAction } from "./actions/rolls.js";
import { roundAction } from "./actions/round.js";
import { type Fighter as Block, FighterSchema } from "./duel.js";
import type { Combatant } from "./schemas.js";
import { CHARACTERISTICS } from "../../core/tracks/breath.js";
import { MANEUVER_BREATH_COST } from "./tables.js";

/** Her tracks as the round action reads them, the round she acts from, and the hits she dealt this round. */
export interface TorchlightFightState {
  combatant: Combatant;
  dead: boolean;
  actsFrom: number;
  hits: Array<{ target: string; amount: number; damageType: string; from: string; precisionStrike: boolean; melee: boolean }>;
}
type Me = Fighter<Block, TorchlightFightState>;

const key = (f: Me) => `${f.side}${f.index}`;
const out = (state: TorchlightFightState) => state.dead || state.combatant.incapacitated === true;

/** The Characteristic a weapon's damage comes off once Breath is gone (physical damage: Strength). */
const characteristicOf = (damageType: string) => (CHARACTERISTICS as readonly string[]).includes(damageType) ? (damageType as (typeof CHARACTERISTICS)[number]) : "str";

/**
 * Whom to attack (Combat, Damage): the foe her blow most nearly drops, the one with the least
 * Breath and DC left between her and a Characteristic at 0 (Breath first, then the DC of the
 * Characteristic her weapon's damage type strikes). Ties go to the first foe listed.
 */
export function chooseTarget(me: Me, foes: Me[]): Me {
  const strikes = characteristicOf(me.block.damageType ?? "physical");
  return best(foes, (foe) => -(foe.state.combatant.breath + foe.state.combatant[strikes]));
}

/**
 * Feint (Maneuvers): reroll the damage die for 1 Breath and keep the higher, when the exact gain
 * of the reroll beats the Breath it costs. Rerolling a die of `sides` faces showing `die` and
 * keeping the higher adds, on average, the sum over faces above it of (face − die) over `sides`;
 * the Breath spent would have taken one point of a foe's blow.
 */
export function feintGain(die: number, sides: number): number {
  let gain = 0;
  for (let face = die + 1; face <= sides; face += 1) gain += face - die;
  return gain / sides;
}
export const choosesFeint = (die: number, sides: number) => feintGain(die, sides) > MANEUVER_BREATH_COST;

function asCombatant(block: Block): Combatant {
  const { weaponDie: _w, proficiencies: _p, damageType: _d, ...combatant } = block;
  return { ...combatant, stance: block.stance ?? "steadied" };
}

function readBack(f: Me, effect: Effect | undefined): void {
  if (!effect) return;
  const c = { ...f.state.combatant };
  for (const [field, change] of Object.entries(effect.changes)) {
    if (field === "breath") c.breath = change.to as number;
    else if (field === "incapacitated") c.incapacitated = change.to as boolean;
    else if (field.endsWith("Dc")) c[field.slice(0, -2) as (typeof CHARACTERISTICS)[number]] = change.to as number;
  }
  f.state = { ...f.state, combatant: c, dead: effect.changes.dead ? (effect.changes.dead.to as boolean) : f.state.dead };
}

const rules: FightRules<Block, TorchlightFightState> = {
  start: (block) => ({ combatant: asCombatant(block), dead: false, actsFrom: 1, hits: [] }),
  isOut: out,
  begin(fighters, tray) {
    // Initiative through the initiative action: a Dex save each; a failure waits out round 1.
    const outcome = initiativeAction.resolve({ combatants: fighters.map((f) => ({ name: key(f), dex: f.block.dex })) }, tray);
    const actsFrom = outcome.result.actsFrom as Record<string, number>;
    for (const f of fighters) f.state = { ...f.state, actsFrom: actsFrom[key(f)]! };
  },
  order: (fighters, _tray, round) => fighters.filter((f) => f.state.actsFrom <= round),
  act(me, foes, tray) {
    const target = chooseTarget(me, foes);
    const request = {
      attacker: { name: key(me), weaponDie: me.block.weaponDie, proficiencies: me.block.proficiencies ?? 0, stance: me.state.combatant.stance ?? "steadied", weapon: "melee" as const, breath: me.state.combatant.breath, damageType: me.block.damageType ?? "physical" },
      target: { name: key(target), stance: target.state.combatant.stance ?? "steadied" },
    };
    // A Precision Strike buys the extra damage die (as in the duel); a Feint by its exact gain.
    const { outcome } = resolveAnswering(attackAction.resolve, request, tray, (awaiting) => {
      if (awaiting.choice === "precision") return { precision: "extra-die" };
      const offer = awaiting.offer as { die: number; sides: number };
      return { feint: choosesFeint(offer.die, offer.sides) ? "reroll" : "keep" };
    });
    readBack(me, outcome.effects.find((e) => e.participant === key(me)));
    const result = outcome.result as { damage: number; precisionStrike: boolean; damageType: string; melee: boolean };
    // Every hit lands at the end of the round, so a foe struck down this round still strikes back.
    me.state.hits.push({ target: key(target), amount: result.damage, damageType: result.damageType, from: key(me), precisionStrike: result.precisionStrike, melee: result.melee });
  },
  endRound(fighters, tray) {
    const hits = fighters.flatMap((f) => f.state.hits);
    for (const f of fighters) f.state.hits = [];
    const standing = fighters.filter((f) => !out(f.state));
    if (hits.length === 0) return;
    const request: { combatants: Combatant[]; hits: typeof hits; saves?: Record<string, true> } = { combatants: standing.map((f) => ({ ...f.state.combatant, name: key(f) })), hits };
    // Each damaged Characteristic's save is rolled as soon as it is owed.
    const { outcome } = resolveAnswering(roundAction.resolve, request, tray, (awaiting, _o, asked) => ({ saves: { ...asked.saves, [awaiting.by]: true } }), 200);
    const byKey = new Map(standing.map((f) => [key(f), f]));
    for (const effect of outcome.effects) readBack(byKey.get(effect.participant)!, effect);
  },
};

/**
 * Side against side: initiative once (a Dex save each), then each round everyone who acts strikes
 * the chosen foe; every hit lands at the end of the round (Breath, then the Characteristic), then saves.
 */
export const torchlightFight = defineFight({ fighter: FighterSchema, fight: (sides, tray, roundLimit) => runFight(rules, sides, tray, roundLimit) });

import * as Type from "@sinclair/typebox";
import type { DiceTray } from "../../../core/dice/source.js";
import { ownValue } from "../../../core/ownKey.js";
import { awaitingOutcome, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { type CombatantState, refuseIfDying, refuseIfYieldedOut, statusesOf, trackView } from "../actors.js";
import { areasMoved } from "../combined.js";
import { checkDefence, offeredEntries, settleAttack } from "../exchange.js";
import { beats } from "../pool.js";
import { validateSpend } from "../spend.js";
import { aimDrop } from "../range.js";
import { refuse } from "../refusal.js";
import { Options, Participant, Spend } from "../schemas.js";
import { AIMED_WEAPONS, type AttackId, DEFENCES_AGAINST, type DefenceId, type RangeDrops, type SuccessEntry } from "../tables.js";
import { declareParticipant, optionValues, type RollKind, rollParticipant, stateOf } from "./common.js";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const RangeDropSchema = Type.Union([Type.Integer({ minimum: 0, maximum: 4 }), Type.Null()]);

export const AttackRequest = Type.Object(
  {
    attack: literals(["lunge", "feint", "aim", "brawl", "riposte"] as const),
    /** The defender's choice; without it the attack is declared (nothing rolled) and the defence awaited. */
    defence: Type.Optional(literals(["parry", "block", "dodge", "brawl"] as const)),
    attacker: Participant,
    /** The defender's pool for the chosen defence (required with `defence`). */
    defender: Type.Optional(Participant),
    /** A Riposte must follow a winning Parry or Feint that bought it. */
    riposteAfter: Type.Optional(literals(["parry", "feint"] as const)),
    /** Areas from the attacker to the target before any combined Move or Run taken with the attack (0: the same Area). */
    range: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Areas to the target after that movement, when it does not go straight at her (by default it closes in). */
    rangeAfterMove: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Aim only: cover (Drop 1 or 2) into the target's area, and the weapon's range Drops. */
    cover: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    weapon: Type.Optional(Type.String()),
    rangeDrops: Type.Optional(Type.Object({ close: RangeDropSchema, short: RangeDropSchema, medium: RangeDropSchema, long: RangeDropSchema }, { additionalProperties: false })),
    /** The winner's purchases; without them the spend is awaited (`[]` buys nothing). */
    spend: Type.Optional(Spend),
    /** The attacker's purchases when a winning defender bought no Negate; awaited likewise. */
    landingSpend: Type.Optional(Spend),
    options: Options,
  },
  { additionalProperties: false },
);

type AttackRequestT = {
  attack: AttackId;
  defence?: DefenceId;
  range?: number;
  rangeAfterMove?: number;
  cover?: number;
  weapon?: string;
  rangeDrops?: RangeDrops;
  riposteAfter?: "parry" | "feint";
};

/**
 * Where the target stands when the blow or the shot comes: a combined Move or Run taken with the
 * attack closes in (straight at the target unless `rangeAfterMove` says where she ends up, which
 * the Areas moved must be able to reach). Dueling and Brawl then need the same Area; an Aim reads
 * its range band and the cover there.
 */
function attackExtraDrop(request: AttackRequestT, moved: number, steps: Step[]): number {
  const range = request.range ?? 0;
  const after = request.rangeAfterMove ?? Math.max(0, range - moved);
  if (Math.abs(after - range) > moved) refuse(`moving ${moved} Area${moved === 1 ? "" : "s"} cannot take the attacker from ${range} to ${after} Areas from the target`);
  const approach = after === range ? {} : { from: range, moved };
  if (request.attack !== "aim") {
    if (after > 0) refuse(`${request.attack} needs the target in the same Area (range 0)${moved ? ` after the combined movement (${after} Areas away)` : ""}`);
    if (request.cover) refuse("cover only hinders attacks fired into an Area (Aim)");
    if (range > 0) steps.push({ rule: "close-in", ...approach, range: after });
    return 0;
  }
  const drops = request.rangeDrops ?? (request.weapon !== undefined ? (ownValue(AIMED_WEAPONS, request.weapon) ?? refuse(`unknown aimed weapon "${request.weapon}" (known: ${Object.keys(AIMED_WEAPONS).join(", ")})`)) : { close: 0, short: 0, medium: 0, long: 0 });
  const reading = aimDrop(after, drops, request.cover ?? 0);
  steps.push({ rule: "range", ...approach, range: after, band: reading.band, rangeDrop: reading.rangeDrop, coverDrop: reading.coverDrop });
  return reading.rangeDrop + reading.coverDrop;
}

/** An attack and a defence are the rolls the Advantage die may join. */
const ATTACKING: RollKind = { advantage: true, doing: "attack" };
const DEFENDING: RollKind = { advantage: true, doing: "defend herself" };

function participantEffect(before: CombatantState, after: CombatantState, gained: string[]) {
  const wasStatus = new Set(statusesOf(before));
  const statuses = [...gained, ...statusesOf(after).filter((status) => !wasStatus.has(status))];
  return effectOf(before.name, trackView(before), trackView(after), statuses);
}

/** What a winner may buy, for the chooser: her SP and the entries on offer (ids repeat to buy again). */
export function spendOffer(sp: number, entries: readonly SuccessEntry[]): Record<string, unknown> {
  return { sp, entries: entries.map((entry) => ({ id: entry.id, name: entry.name, cost: entry.cost, repeatable: entry.repeatable })) };
}

export const attackAction = defineAction({
  summary: "An attack (Lunge, Feint, Aim, Brawl, Riposte) against a chosen defence; the winner spends her SP.",
  request: AttackRequest,
  resolve(request, tray: DiceTray): Outcome {
    const steps: Step[] = [];
    const options = optionValues(request.options);
    if (request.attack === "riposte" && !request.riposteAfter) refuse("a Riposte must follow a winning Parry or Feint that bought it (give riposteAfter)");
    // A Dying target is out of the fight: she cannot be asked for a defence (the attacker is checked with her roll).
    if (request.defender) refuseIfDying(stateOf(request.defender), DEFENDING.doing);
    if (request.defender) refuseIfYieldedOut(stateOf(request.defender), DEFENDING.doing);
    const extra = attackExtraDrop(request, areasMoved(request.attacker.combined ?? []), steps);
    if (request.defence) {
      if (!request.defender) refuse("a defence needs the defender's pool (give defender)");
      checkDefence(request.attack, request.defence, request.defender.item !== undefined);
    }
    if (!request.defence || !request.defender) {
      // Seed 000 §Attack: the target chooses her defence knowing the attack as declared, before any die is rolled.
      const declared = declareParticipant(request.attacker, request.attack, "attack pool", steps, { ...ATTACKING, extraDrop: extra });
      return awaitingOutcome(tray.rolled, steps, { attacker: { declared: true, dice: declared.pool.length, drop: declared.drop } }, { choice: "defence", by: "defender", offer: { defences: [...DEFENCES_AGAINST[request.attack]] } });
    }
    const attack = rollParticipant(tray, request.attacker, request.attack, "attack pool", options, steps, { ...ATTACKING, extraDrop: extra });
    const attackerRoll = { total: attack.reading.total, successPoints: attack.reading.successPoints };
    const defence = rollParticipant(tray, request.defender, request.defence, "defence pool", options, steps, DEFENDING);
    const defenderRoll = { total: defence.reading.total, successPoints: defence.reading.successPoints };
    const winner = beats(attack.reading.total, defence.reading.total) ? "attacker" : "defender";
    steps.push({ rule: "opposed", attackerTotal: attack.reading.total, defenderTotal: defence.reading.total, winner, tieGoesTo: "defender" });
    const rolled = { winner, attacker: attackerRoll, defender: defenderRoll };
    const offer = (side: "attacker" | "defender", sp: number) => spendOffer(sp, offeredEntries(side, request.attack, request.defence!, defence.state, { defenceWon: winner === "defender" }).entries);
    if (request.spend === undefined) return awaitingOutcome(tray.rolled, steps, rolled, { choice: "spend", by: winner, offer: offer(winner, winner === "attacker" ? attackerRoll.successPoints : defenderRoll.successPoints) });
    if (winner === "defender" && request.landingSpend === undefined && attackerRoll.successPoints > 0) {
      // The defender's purchases are checked before the attacker is asked to spend on a landing attack.
      // Stryker disable next-line StringLiteral: offeredEntries only asks whether the side is "attacker"
      const { entries, context } = offeredEntries("defender", request.attack, request.defence, defence.state, { onlyAvailable: false });
      const negated = validateSpend(entries, request.spend, defenderRoll.successPoints, context).purchases.some((p) => p.entry.effect.kind === "negate");
      if (!negated) return awaitingOutcome(tray.rolled, steps, rolled, { choice: "landingSpend", by: "attacker", offer: offer("attacker", attackerRoll.successPoints) });
    }
    const settled = settleAttack({
      attack: request.attack,
      defence: request.defence,
      attacker: attack.state,
      defender: defence.state,
      attackerTotal: attack.reading.total,
      attackerSp: attack.reading.successPoints,
      defenderTotal: defence.reading.total,
      defenderSp: defence.reading.successPoints,
      spend: request.spend,
      ...(request.landingSpend ? { landingSpend: request.landingSpend } : {}),
    });
    for (const [who, plan] of [["attacker", settled.attackerPlan], ["defender", settled.defenderPlan]] as const) {
      if (plan) steps.push({ rule: "spend", by: who, bought: plan.purchases.map((p) => ({ entry: p.entry.id, times: p.times, cost: p.entry.cost * p.times })), cost: plan.cost, available: plan.available, lost: plan.unused });
    }
    return {
      dice: tray.rolled,
      steps,
      result: { winner, landed: settled.landed, negated: settled.negated, attacker: attackerRoll, defender: defenderRoll },
      effects: [participantEffect(attack.before, settled.attacker, settled.attackerStatuses), participantEffect(defence.before, settled.defender, settled.defenderStatuses)],
    };
  },
});

import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { rollCheck } from "../../../core/dice/d20.js";
import { type DamageDieRoll, rollDamageDie } from "../../../core/dice/damageDie.js";
import type { DiceTray } from "../../../core/dice/source.js";
import { awaitingOutcome, type Effect, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { TorchlightRefusal, type TorchlightRefusalCode } from "../refusal.js";
import { defineAction } from "../../ruleset.js";
import { attackBonuses, attackEdges, damageReceived, type DamageRoll, planFor, rollDamage, squadHighest } from "../attack.js";
import { attackRefusal, pushDirections, pushedTo, STANDARD_LANE_COUNT } from "../grid.js";
import { readOptions } from "../options.js";
import { ManeuverSchema, Options, PushDirectionSchema, StanceSchema, WeaponDie, WeaponKindSchema } from "../schemas.js";
import { MANEUVER_BREATH_COST, MANEUVER_NAMES, type ManeuverName, MANEUVERS, PUSH_DIRECTIONS, type PushDirection, SQUAD_SIZE, type Stance, type WeaponKind } from "../tables.js";

const Attacker = Type.Object(
  {
    name: Type.String(),
    weaponDie: WeaponDie,
    proficiencies: Type.Optional(Type.Integer()),
    stance: Type.Optional(StanceSchema),
    weapon: Type.Optional(WeaponKindSchema),
    /** The damage type of the weapon (physical by default); carried to the end of the round. */
    damageType: Type.Optional(Type.String({ maxLength: 40 })),
    /** Needed only to buy a Maneuver with Breath. */
    breath: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Dex DC, needed only for Grapple's check. */
    dex: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  },
  { additionalProperties: false },
);

const SquadMate = Type.Object({ name: Type.String(), weaponDie: WeaponDie, proficiencies: Type.Optional(Type.Integer()) }, { additionalProperties: false });

/** What a Precision Strike buys: one more damage die, or a Maneuver in its place. */
export const PrecisionSchema = Type.Union([Type.Literal("extra-die"), ManeuverSchema]);
export type PrecisionChoice = Static<typeof PrecisionSchema>;

const Request = Type.Object(
  {
    attacker: Attacker,
    /** The rest of the attacker's Squad in its lane; with 3+ attacking one character, only the highest counts. */
    squadMates: Type.Optional(Type.Array(SquadMate)),
    target: Type.Object(
      {
        name: Type.String(),
        stance: Type.Optional(StanceSchema),
        incapacitated: Type.Optional(Type.Boolean()),
        hidden: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    situation: Type.Optional(
      Type.Object(
        {
          hidden: Type.Optional(Type.Boolean()),
          calledShot: Type.Optional(Type.Boolean()),
          elevation: Type.Optional(Type.Union([Type.Literal("above"), Type.Literal("level"), Type.Literal("below")])),
          targetIsSquad: Type.Optional(Type.Boolean()),
          /** One member of a Squad attacking as part of it (each on its own card): Enhanced. */
          squadAttack: Type.Optional(Type.Boolean()),
          /** Splash or area damage: it reaches a hidden target, Impaired. */
          area: Type.Optional(Type.Boolean()),
          intimidated: Type.Optional(Type.Boolean()),
          grappled: Type.Optional(Type.Boolean()),
          untrainedOffHand: Type.Optional(Type.Boolean()),
          goaded: Type.Optional(Type.Union([Type.Literal("at-goader"), Type.Literal("at-other")])),
          targetDistracted: Type.Optional(Type.Boolean()),
          enhancements: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
          impairments: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** Lanes (and whether the attacker is Engaged) to check the attack is allowed at all, and where a Push may go. */
    position: Type.Optional(
      Type.Object(
        {
          attackerLane: Type.Integer({ minimum: 1 }),
          targetLane: Type.Integer({ minimum: 1 }),
          attackerEngaged: Type.Boolean(),
          laneCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** A Maneuver declared before the roll and paid with 1 Breath (or, as a standing order, with a Precision Strike). */
    maneuver: Type.Optional(Type.Object({ name: ManeuverSchema, payWith: Type.Union([Type.Literal("precision"), Type.Literal("breath")]) }, { additionalProperties: false })),
    /** The attacker's choice on a Precision Strike, made after seeing the die: absent = awaited. */
    precision: Type.Optional(PrecisionSchema),
    /** Where a Push sends the target: absent = awaited once a Push is taken. */
    push: Type.Optional(PushDirectionSchema),
    options: Options,
  },
  { additionalProperties: false },
);
export type AttackRequest = Static<typeof Request>;

function refused(code: TorchlightRefusalCode): never {
  throw new TorchlightRefusal(code);
}

function dieStep(member: string, die: DamageDieRoll): Step {
  const step: Step = { rule: "damage-die", member, sides: die.sides, faces: die.faces, kept: die.kept, precisionStrike: die.precisionStrike };
  if (die.d4 !== 0) step.d4 = die.d4;
  return step;
}

function rollStep(member: string, roll: DamageRoll): Step {
  const step = dieStep(member, roll.die);
  if (roll.extraDie) step.extraDie = roll.extraDie.value;
  if (roll.feint) step.feint = roll.feint.value;
  step.total = roll.total;
  return step;
}

/** The Maneuvers a character may take with this weapon (a melee one needs a melee or reach weapon). */
export function maneuversFor(weapon: WeaponKind, withAttack: boolean): ManeuverName[] {
  return MANEUVER_NAMES.filter((name) => !(MANEUVERS[name].meleeOnly && weapon === "ranged") && (withAttack || !MANEUVERS[name].withAttackOnly));
}

interface Taken {
  name: ManeuverName;
  paidWith: "precision" | "breath";
  success: boolean;
}

/** What the chosen Maneuvers do: a Dex check for Grapple, the Push's landing cell, the statuses gained. */
export interface ManeuverOutcome {
  taken: Taken[];
  selfStatuses: string[];
  targetStatuses: string[];
  pushedTo?: { lane?: number; stance: Stance };
  /** The Push still needs its direction. */
  awaitingPush?: PushDirection[];
}

export interface ManeuverContext {
  name: string;
  dex: number | undefined;
  targetStance: Stance;
  targetLane: number | undefined;
  laneCount: number;
  push: PushDirection | undefined;
}

/** Resolves taken Maneuvers in order (Grapple's Dex check is the only die); a Push without a direction stops there. */
export function resolveManeuvers(tray: DiceTray, context: ManeuverContext, taken: readonly { name: ManeuverName; paidWith: "precision" | "breath" }[], steps: Step[]): ManeuverOutcome {
  const out: ManeuverOutcome = { taken: [], selfStatuses: [], targetStatuses: [] };
  for (const { name, paidWith } of taken) {
    const definition = MANEUVERS[name];
    let success = true;
    if (definition.dexCheck) {
      // Both callers refuse a Grapple without the character's Dex before anything is rolled.
      const check = rollCheck(tray, context.dex!, `${context.name} grapple dex check`);
      success = check.success;
      steps.push({ rule: "grapple-check", roll: check.roll, dc: check.target, success: check.success });
    }
    if (definition.moveTarget) {
      const { targetLane: lane, targetStance: stance, laneCount } = context;
      // Without the target's lane (no grid), both lane moves are open; stance moves still stop at the grid's edge.
      // Stryker disable next-line ConditionalExpression: pushDirections given no lane reads it as NaN, never off the grid: the same four-or-fewer set
      const allowed = lane === undefined ? PUSH_DIRECTIONS.filter((d) => d === "lane-up" || d === "lane-down" || pushedTo(1, stance, d, 1) !== undefined) : pushDirections(lane, stance, laneCount);
      if (context.push === undefined) return { ...out, awaitingPush: allowed };
      if (!allowed.includes(context.push)) refused("push-off-grid");
      const laneMove = context.push === "lane-up" || context.push === "lane-down";
      out.pushedTo = lane === undefined ? { stance: laneMove ? stance : pushedTo(1, stance, context.push, 1)!.stance } : pushedTo(lane, stance, context.push, laneCount)!;
      steps.push({ rule: "push", direction: context.push, ...out.pushedTo });
    }
    steps.push({ rule: "maneuver", maneuver: name, payWith: paidWith, success });
    out.taken.push({ name, paidWith, success });
    if (success && definition.targetStatus) out.targetStatuses.push(definition.targetStatus);
    if (success && definition.selfStatus) out.selfStatuses.push(definition.selfStatus);
  }
  return out;
}

function checkManeuver(name: ManeuverName, weapon: WeaponKind, dex: number | undefined): void {
  if (MANEUVERS[name].meleeOnly && weapon === "ranged") refused("maneuver-needs-melee");
  if (MANEUVERS[name].dexCheck && dex === undefined) refused("grapple-needs-dex");
}

export function resolveAttack(request: AttackRequest, tray: DiceTray): Outcome {
  const options = readOptions(request.options);
  const { attacker, target } = request;
  const situation = request.situation ?? {};
  const weapon = attacker.weapon ?? "melee";
  const stance = attacker.stance ?? "steadied";
  const declared = request.maneuver;

  if (request.position) {
    const refusal = attackRefusal({
      weapon,
      attackerStance: stance,
      attackerLane: request.position.attackerLane,
      targetLane: request.position.targetLane,
      attackerEngaged: request.position.attackerEngaged,
      calledShot: situation.calledShot ?? false,
      targetHidden: target.hidden ?? false,
      area: situation.area ?? false,
    });
    if (refusal) refused(refusal);
  } else if (situation.calledShot && weapon !== "ranged") refused("called-shot-needs-ranged");
  if (declared) checkManeuver(declared.name, weapon, attacker.dex);
  if (declared?.payWith === "breath" && (attacker.breath ?? 0) < MANEUVER_BREATH_COST) refused("no-breath-for-maneuver");

  const members = [{ name: attacker.name, weaponDie: attacker.weaponDie, proficiencies: attacker.proficiencies ?? 0 }, ...(request.squadMates ?? []).map((m) => ({ ...m, proficiencies: m.proficiencies ?? 0 }))];
  // Fewer than three in the lane is no Squad: each makes its own attack.
  if (members.length > 1 && members.length < SQUAD_SIZE) refused("squad-needs-three");
  const squadRoll = members.length >= SQUAD_SIZE;
  // A hidden target caught by area damage is hit Impaired.
  const edges = attackEdges({ ...situation, impairments: (situation.impairments ?? 0) + (situation.area && target.hidden ? 1 : 0) }, target.incapacitated ?? false, squadRoll || situation.squadAttack === true);
  const bonuses = attackBonuses(stance, situation.targetDistracted ?? false);
  const steps: Step[] = [{ rule: "edges", enhanced: edges.enhanced.length, impaired: edges.impaired.length, net: edges.enhanced.length - edges.impaired.length, why: [...edges.enhanced.map((e) => `+${e}`), ...edges.impaired.map((e) => `-${e}`)] }];
  if (situation.area && target.hidden) steps.push({ rule: "area-on-hidden" });

  // The lead's die first: a Precision Strike on it waits for the attacker's choice before anything else is rolled.
  const plan = planFor(attacker.weaponDie, edges, options);
  const leadDie = rollDamageDie(tray, plan, `${attacker.name} damage die`);
  let precision: PrecisionChoice | undefined;
  if (leadDie.precisionStrike) {
    precision = declared?.payWith === "precision" ? declared.name : request.precision;
    if (precision === undefined) {
      steps.push(dieStep(attacker.name, leadDie));
      const offer = { options: ["extra-die", ...maneuversFor(weapon, true).filter((m) => m !== declared?.name && (m !== "grapple" || attacker.dex !== undefined))] };
      return awaitingOutcome(tray.rolled, steps, { precisionStrike: true, die: leadDie.kept }, { choice: "precision", by: "attacker", offer });
    }
    if (precision !== "extra-die") checkManeuver(precision, weapon, attacker.dex);
  } else if (declared?.payWith === "precision") steps.push({ rule: "maneuver-not-earned", maneuver: declared.name });

  const breathFeint = declared?.payWith === "breath" && MANEUVERS[declared.name].rerollDamage === true;
  const leadRoll = rollDamage(tray, {
    label: attacker.name,
    plan,
    proficiencies: members[0]!.proficiencies,
    bonus: bonuses.stance + bonuses.distract,
    // Stryker disable next-line StringLiteral: rollDamage asks only whether the choice is "extra-die"; any other word is the Maneuver
    precisionChoice: precision === "extra-die" ? "extra-die" : "maneuver",
    feint: breathFeint,
    first: leadDie,
  });
  steps.push(rollStep(attacker.name, leadRoll));
  const rolls = [{ member: attacker.name, roll: leadRoll, total: leadRoll.total }];
  for (const mate of members.slice(1)) {
    const roll = rollDamage(tray, { label: mate.name, plan: planFor(mate.weaponDie, edges, options), proficiencies: mate.proficiencies, bonus: bonuses.distract, precisionChoice: "extra-die", feint: false });
    steps.push(rollStep(mate.name, roll));
    rolls.push({ member: mate.name, roll, total: roll.total });
  }
  if (bonuses.stance !== 0) steps.push({ rule: "stance-bonus", stance, bonus: bonuses.stance });
  if (bonuses.distract !== 0) steps.push({ rule: "distracted-target", bonus: bonuses.distract });
  const best = squadRoll ? squadHighest(rolls)! : rolls[0]!;
  if (squadRoll) steps.push({ rule: "squad-highest", member: best.member, total: best.total });

  const taken: { name: ManeuverName; paidWith: "precision" | "breath" }[] = [];
  if (declared?.payWith === "breath") taken.push({ name: declared.name, paidWith: "breath" });
  if (precision !== undefined && precision !== "extra-die") taken.push({ name: precision, paidWith: "precision" });
  const maneuvers = resolveManeuvers(
    tray,
    { name: attacker.name, dex: attacker.dex, targetStance: target.stance ?? "steadied", targetLane: request.position?.targetLane, laneCount: request.position?.laneCount ?? STANDARD_LANE_COUNT, push: request.push },
    taken,
    steps,
  );
  if (maneuvers.awaitingPush) {
    return awaitingOutcome(tray.rolled, steps, { precisionStrike: leadDie.precisionStrike, damage: best.total }, { choice: "push", by: "attacker", offer: { directions: maneuvers.awaitingPush } });
  }

  const received = damageReceived(best.total, target.stance ?? "steadied");
  if (received !== best.total) steps.push({ rule: "on-guard", before: best.total, after: received });
  const breath = attacker.breath === undefined ? undefined : attacker.breath - (declared?.payWith === "breath" ? MANEUVER_BREATH_COST : 0);
  const selfStatuses = [...(situation.hidden ? ["revealed"] : []), ...maneuvers.selfStatuses];
  const effects: Effect[] = [];
  const attackerEffect = effectOf(attacker.name, { breath: attacker.breath }, { breath }, selfStatuses);
  if (Object.keys(attackerEffect.changes).length > 0 || selfStatuses.length > 0) effects.push(attackerEffect);
  if (maneuvers.targetStatuses.length > 0) effects.push(effectOf(target.name, {}, {}, maneuvers.targetStatuses));
  return {
    dice: tray.rolled,
    steps,
    result: {
      damage: best.total,
      received,
      // The roll that counts: a Squad's best member's.
      precisionStrike: best.roll.die.precisionStrike,
      damageType: attacker.damageType ?? "physical",
      melee: weapon !== "ranged",
      // Stryker disable next-line ConditionalExpression: a precision of undefined is the same as none (it never reaches JSON)
      ...(precision !== undefined ? { precision } : {}),
      ...(maneuvers.taken.length ? { maneuvers: maneuvers.taken } : {}),
      ...(maneuvers.pushedTo ? { pushedTo: maneuvers.pushedTo } : {}),
      ...(squadRoll ? { squadMember: best.member } : {}),
    },
    effects,
  };
}

export const attackAction = defineAction({
  summary: "Roll an attack's damage die (Enhanced/Impaired by the situation) + Proficiencies; a Precision Strike awaits the choice of an extra die or a Maneuver",
  request: Request,
  resolve: resolveAttack,
});

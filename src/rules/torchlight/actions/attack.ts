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
import { CompulsionsSchema, ManeuverSchema, Options, PushDirectionSchema, StanceSchema, WeaponDie, WeaponKindSchema } from "../schemas.js";
import { compulsionBroken } from "../compulsions.js";
import { MANEUVER_BREATH_COST, MANEUVER_NAMES, type ManeuverName, MANEUVERS, PUSH_DIRECTIONS, type PushDirection, SQUAD_SIZE, type Stance, STANCE_RULES, type WeaponKind } from "../tables.js";

/** What every attacking member has: her weapon, stance and Dex. */
const memberFields = {
  name: Type.String(),
  weaponDie: WeaponDie,
  proficiencies: Type.Optional(Type.Integer()),
  stance: Type.Optional(StanceSchema),
  weapon: Type.Optional(WeaponKindSchema),
  /** Dex DC, needed only for Grapple's check. */
  dex: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
};

const Attacker = Type.Object(
  {
    ...memberFields,
    /** The damage type of the weapon (physical by default); carried to the end of the round. */
    damageType: Type.Optional(Type.String({ maxLength: 40 })),
    /** Needed only to buy a Maneuver (or a Feint) with Breath. */
    breath: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Incapacitated: she takes no action, so no attack. */
    incapacitated: Type.Optional(Type.Boolean()),
    /** She failed her Initiative (the Dex save) and does not act until the next round. */
    waiting: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a Precision Strike buys: one more damage die, or a Maneuver in its place. */
export const PrecisionSchema = Type.Union([Type.Literal("extra-die"), ManeuverSchema]);
export type PrecisionChoice = Static<typeof PrecisionSchema>;

/** Another member of the attacker's Squad: her own weapon, stance and choices. */
const SquadMate = Type.Object(
  {
    ...memberFields,
    /** Her choice on her own Precision Strike: absent = awaited. */
    precision: Type.Optional(PrecisionSchema),
    /** Where her Push sends the target: absent = awaited once she takes a Push. */
    push: Type.Optional(PushDirectionSchema),
  },
  { additionalProperties: false },
);

/** Feint, chosen after the damage die is seen: reroll it for 1 Breath and keep the higher, or keep it. */
export const FeintChoiceSchema = Type.Union([Type.Literal("reroll"), Type.Literal("keep")]);

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
        /** A Characteristic at 0: dead, and there is no one left to attack. */
        dead: Type.Optional(Type.Boolean()),
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
          /** The target is the closest character of its side in its lane: a reach weapon into the next lane needs it. */
          targetClosest: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    /** A Maneuver declared before the roll and paid with 1 Breath (or, as a standing order, with a Precision Strike). A Feint declared so is the Feint choice made in advance: nothing is paid when the die is at its maximum. */
    maneuver: Type.Optional(Type.Object({ name: ManeuverSchema, payWith: Type.Union([Type.Literal("precision"), Type.Literal("breath")]) }, { additionalProperties: false })),
    /** The attacker's choice on a Precision Strike, made after seeing the die: absent = awaited. */
    precision: Type.Optional(PrecisionSchema),
    /** Where a Push sends the target: absent = awaited once a Push is taken. */
    push: Type.Optional(PushDirectionSchema),
    /** The attacker's Feint choice once she sees a damage die below its maximum: absent = awaited when a Feint is open to her (a melee or reach weapon, and the Breath for it given). */
    feint: Type.Optional(FeintChoiceSchema),
    /** Declared while her side's declarations are still open: every check is made and nothing rolls; the attack waits for the declarations to close (choice `held`, false once they close). */
    held: Type.Optional(Type.Boolean()),
    /** Her side's declared attacks have already rolled this round: an attack declared now would come after them (refused; she declares again next round). */
    sideRolled: Type.Optional(Type.Boolean()),
    /** What compels the attacker this round (Intimidation, a Goad, a Parry): where its attack must go. */
    compelled: Type.Optional(CompulsionsSchema),
    options: Options,
  },
  { additionalProperties: false },
);
export type AttackRequest = Static<typeof Request>;

function refused(code: TorchlightRefusalCode, detail?: string): never {
  throw new TorchlightRefusal(code, detail);
}

function dieStep(member: string, die: DamageDieRoll): Step {
  const step: Step = { rule: "damage-die", member, sides: die.sides, faces: die.faces, kept: die.kept, precisionStrike: die.precisionStrike };
  if (die.d4 !== 0) step.d4 = die.d4;
  return step;
}

/** The flat terms added to a roll's dice, each by what gives it. */
interface FlatTerms {
  proficiencies: number;
  stance: Stance;
  stanceBonus: number;
  distracted: number;
}

/** The damage roll's step; with flat terms, each term of the total too, so the card shows the sum (issue 38). */
function rollStep(member: string, roll: DamageRoll, flat: FlatTerms): Step {
  const step = dieStep(member, roll.die);
  if (roll.extraDie) step.extraDie = roll.extraDie.value;
  if (roll.feint) step.feint = roll.feint.value;
  if (flat.proficiencies || flat.stanceBonus || flat.distracted) {
    step.terms = { dice: roll.dice, proficiencies: flat.proficiencies, ...(flat.stanceBonus ? { stance: flat.stance, stanceBonus: flat.stanceBonus } : {}), distracted: flat.distracted };
  }
  step.total = roll.total;
  return step;
}

/** The Maneuvers a character may take with this weapon (a melee one needs a melee or reach weapon). */
export function maneuversFor(weapon: WeaponKind | undefined, withAttack: boolean): ManeuverName[] {
  return MANEUVER_NAMES.filter((name) => !(MANEUVERS[name].meleeOnly && weapon === "ranged") && (withAttack || !MANEUVERS[name].withAttackOnly));
}

interface Taken {
  name: ManeuverName;
  paidWith: "precision" | "breath";
  success: boolean;
  /** A Squad mate who took it on her own Precision Strike (the attacker's own carry no name). */
  by?: string;
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
  /** Whom the Maneuvers aim at, when one does (the compulsions a Goad or a Parry lays name it; both need a target, so they always have one). */
  target: string | undefined;
  targetStance: Stance;
  targetLane: number | undefined;
  laneCount: number;
  push: PushDirection | undefined;
}

/** The compulsion a Maneuver lays on its target, if any: a Goad's target must attack the goader next round, a Parried enemy must attack the parrier in melee. */
const COMPELLING: Partial<Record<ManeuverName, "goad" | "parry">> = { goad: "goad", parry: "parry" };

/** Resolves taken Maneuvers in order (Grapple's Dex check is the only die); a Push without a direction stops there. */
export function resolveManeuvers(tray: DiceTray, context: ManeuverContext, taken: readonly { name: ManeuverName; paidWith: "precision" | "breath" }[], steps: Step[]): ManeuverOutcome {
  const out: ManeuverOutcome = { taken: [], selfStatuses: [], targetStatuses: [] };
  for (const { name, paidWith } of taken) {
    const definition = MANEUVERS[name];
    let success = true;
    if (definition.dexCheck) {
      // The attack refuses a Grapple without the character's Dex before anything is rolled; the maneuver action refuses Grapple altogether.
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
    const compels = COMPELLING[name];
    if (compels) steps.push({ rule: "compels", kind: compels, by: context.name, target: context.target });
    out.taken.push({ name, paidWith, success });
    if (success && definition.targetStatus) out.targetStatuses.push(definition.targetStatus);
    if (success && definition.selfStatus) out.selfStatuses.push(definition.selfStatus);
  }
  return out;
}

function checkManeuver(name: ManeuverName, weapon: WeaponKind | undefined, dex: number | undefined): void {
  if (MANEUVERS[name].meleeOnly && weapon === "ranged") refused("maneuver-needs-melee");
  if (MANEUVERS[name].dexCheck && dex === undefined) refused("grapple-needs-dex");
}

/** What a Precision Strike may buy with this weapon: the extra die, or a Maneuver (not Feint: its reroll cannot beat a die at its maximum; not Grapple without the Dex for its check). */
function precisionOffer(weapon: WeaponKind | undefined, dex: number | undefined, declared: ManeuverName | undefined): string[] {
  return ["extra-die", ...maneuversFor(weapon, true).filter((m) => m !== declared && !MANEUVERS[m].rerollDamage && (!MANEUVERS[m].dexCheck || dex !== undefined))];
}

/** The lead attacker's Feint: chosen in advance (a Feint declared with Breath, or `feint` given) or awaited once the die is seen. */
interface FeintPlan {
  choice: "reroll" | "keep" | undefined;
  /** The Breath the other Maneuver bought with Breath already takes. */
  breathTaken: number;
}

export function resolveAttack(request: AttackRequest, tray: DiceTray): Outcome {
  const options = readOptions(request.options);
  const { attacker, target } = request;
  const situation = request.situation ?? {};
  const weapon = attacker.weapon ?? "melee";
  const melee = weapon !== "ranged";
  const stance = attacker.stance ?? "steadied";
  const declared = request.maneuver;
  const position = request.position;
  // Who may attack whom at all, before the grid: an Incapacitated or waiting attacker takes no action; the dead are past attacking.
  if (attacker.incapacitated) refused("attacker-incapacitated", attacker.name);
  if (attacker.waiting) refused("attacker-waiting", attacker.name);
  // "All Actions must be declared before any Attacks are made" (seed 004, Actions): once her side's attacks rolled, the turn's declarations are over.
  if (request.sideRolled) refused("declared-after-attacks", attacker.name);
  if (target.dead) refused("target-dead", target.name);

  if (position) {
    const refusal = attackRefusal({
      weapon,
      attackerStance: stance,
      attackerLane: position.attackerLane,
      targetLane: position.targetLane,
      attackerEngaged: position.attackerEngaged,
      calledShot: situation.calledShot ?? false,
      targetHidden: target.hidden ?? false,
      area: situation.area ?? false,
      targetClosest: position.targetClosest,
    });
    if (refusal) refused(refusal, refusal === "reach-not-closest" && position.targetClosest === undefined ? "give position.targetClosest" : undefined);
  } else if (situation.calledShot && melee) refused("called-shot-needs-ranged");
  // The Rearguard forbids melee whether or not the request places anyone on the grid.
  else if (melee && !STANCE_RULES[stance].meleeAllowed) refused("no-melee-from-rearguard", attacker.name);
  const mates = request.squadMates ?? [];
  for (const mate of mates) if (mate.weapon !== "ranged" && !STANCE_RULES[mate.stance ?? "steadied"].meleeAllowed) refused("no-melee-from-rearguard", mate.name);
  const broken = compulsionBroken(request.compelled ?? [], { target: target.name, melee });
  if (broken) refused("compelled", `${attacker.name} owes ${broken}`);

  const declaredFeint = declared?.payWith === "breath" && MANEUVERS[declared.name].rerollDamage === true;
  const feint: FeintPlan = { choice: declaredFeint ? "reroll" : request.feint, breathTaken: declared?.payWith === "breath" && !declaredFeint ? MANEUVER_BREATH_COST : 0 };
  if (declared) checkManeuver(declared.name, weapon, attacker.dex);
  if (feint.choice === "reroll" && !melee) refused("maneuver-needs-melee");
  const breathNeeded = feint.breathTaken + (feint.choice === "reroll" ? MANEUVER_BREATH_COST : 0);
  if (breathNeeded > (attacker.breath ?? 0)) refused("no-breath-for-maneuver");

  // Fewer than three in the lane is no Squad: each makes its own attack.
  if (mates.length > 0 && mates.length + 1 < SQUAD_SIZE) refused("squad-needs-three");
  const squadRoll = mates.length + 1 >= SQUAD_SIZE;
  // A hidden target caught by area damage is hit Impaired.
  const edges = attackEdges({ ...situation, impairments: (situation.impairments ?? 0) + (situation.area && target.hidden ? 1 : 0) }, target.incapacitated ?? false, squadRoll || situation.squadAttack === true);
  const distracted = situation.targetDistracted ?? false;
  const bonuses = attackBonuses(stance, distracted);
  const steps: Step[] = [{ rule: "edges", enhanced: edges.enhanced.length, impaired: edges.impaired.length, net: edges.enhanced.length - edges.impaired.length, why: [...edges.enhanced.map((e) => `+${e}`), ...edges.impaired.map((e) => `-${e}`)] }];
  if (situation.area && target.hidden) steps.push({ rule: "area-on-hidden" });

  // A declared attack rolls only when every action of its side is declared, all together (seed 004, Actions):
  // its release is the table's (the GM, or the side's last declaration served on the GM), not the attacker's.
  if (request.held) return awaitingOutcome(tray.rolled, steps, { declared: true }, { choice: "held", by: "gm", offer: { options: [false] } });

  // Every attacker's damage die first (a Squad's all at once: "all attackers roll their damage dice"); only
  // then does the lead choose on a Precision Strike (or a Feint), and each mate after her, in order.
  const plan = planFor(attacker.weaponDie, edges, options);
  const leadDie = rollDamageDie(tray, plan, `${attacker.name} damage die`);
  const mateDice = mates.map((mate) => {
    const matePlan = planFor(mate.weaponDie, edges, options);
    return { plan: matePlan, die: rollDamageDie(tray, matePlan, `${mate.name} damage die`) };
  });
  const everyDie = (): Step[] => [dieStep(attacker.name, leadDie), ...mates.map((mate, index) => dieStep(mate.name, mateDice[index]!.die))];
  let precision: PrecisionChoice | undefined;
  let feinting = false;
  if (leadDie.precisionStrike) {
    precision = declared?.payWith === "precision" ? declared.name : request.precision;
    if (precision === undefined) {
      steps.push(...everyDie());
      const offer = { options: precisionOffer(weapon, attacker.dex, declared?.name) };
      return awaitingOutcome(tray.rolled, steps, { precisionStrike: true, die: leadDie.kept }, { choice: "precision", by: "attacker", offer });
    }
    if (precision !== "extra-die") checkManeuver(precision, weapon, attacker.dex);
    // A die at its maximum has nothing for a Feint to beat: one chosen in advance is not paid for.
    if (feint.choice === "reroll") steps.push({ rule: "feint-not-needed", die: leadDie.kept });
  } else {
    if (declared?.payWith === "precision") steps.push({ rule: "maneuver-not-earned", maneuver: declared.name });
    // No Breath given is none to spend.
    const feintOpen = melee && (attacker.breath ?? 0) - feint.breathTaken >= MANEUVER_BREATH_COST;
    if (feint.choice === undefined && feintOpen) {
      steps.push(...everyDie());
      return awaitingOutcome(tray.rolled, steps, { precisionStrike: false, die: leadDie.kept }, { choice: "feint", by: "attacker", offer: { options: ["reroll", "keep"], die: leadDie.kept, sides: leadDie.sides } });
    }
    feinting = feint.choice === "reroll";
  }

  const leadRoll = rollDamage(tray, {
    label: attacker.name,
    plan,
    proficiencies: attacker.proficiencies ?? 0,
    bonus: bonuses.stance + bonuses.distract,
    // Stryker disable next-line StringLiteral: rollDamage asks only whether the choice is "extra-die"; any other word is the Maneuver
    precisionChoice: precision === "extra-die" ? "extra-die" : "maneuver",
    feint: feinting,
    first: leadDie,
  });
  steps.push(rollStep(attacker.name, leadRoll, { proficiencies: attacker.proficiencies ?? 0, stance, stanceBonus: bonuses.stance, distracted: bonuses.distract }));
  const rolls = [{ member: attacker.name, roll: leadRoll, total: leadRoll.total }];
  const mateChoices: { index: number; precision: ManeuverName }[] = [];
  for (const [index, mate] of mates.entries()) {
    // No weapon named is a melee one: the Maneuvers ask only whether it is ranged.
    const mateWeapon = mate.weapon;
    const { plan: matePlan, die } = mateDice[index]!;
    let matePrecision: PrecisionChoice | undefined;
    if (die.precisionStrike) {
      matePrecision = mate.precision;
      if (matePrecision === undefined) {
        steps.push(dieStep(mate.name, die));
        const offer = { options: precisionOffer(mateWeapon, mate.dex, undefined) };
        return awaitingOutcome(tray.rolled, steps, { precisionStrike: true, die: die.kept, member: mate.name }, { choice: `squadMates.${index}.precision`, by: `squadMates.${index}`, offer });
      }
      if (matePrecision !== "extra-die") {
        checkManeuver(matePrecision, mateWeapon, mate.dex);
        mateChoices.push({ index, precision: matePrecision });
      }
    }
    const mateStance = mate.stance ?? "steadied";
    const own = attackBonuses(mateStance, distracted);
    // Stryker disable next-line StringLiteral: rollDamage asks only whether the choice is "extra-die"; any other word is the Maneuver
    const roll = rollDamage(tray, { label: mate.name, plan: matePlan, proficiencies: mate.proficiencies ?? 0, bonus: own.stance + own.distract, precisionChoice: matePrecision === "extra-die" ? "extra-die" : "maneuver", feint: false, first: die });
    steps.push(rollStep(mate.name, roll, { proficiencies: mate.proficiencies ?? 0, stance: mateStance, stanceBonus: own.stance, distracted: own.distract }));
    rolls.push({ member: mate.name, roll, total: roll.total });
  }
  if (bonuses.stance !== 0) steps.push({ rule: "stance-bonus", stance, bonus: bonuses.stance });
  for (const mate of mates) {
    const bonus = STANCE_RULES[mate.stance ?? "steadied"].attackBonus;
    if (bonus !== 0) steps.push({ rule: "stance-bonus", member: mate.name, stance: mate.stance, bonus });
  }
  if (bonuses.distract !== 0) steps.push({ rule: "distracted-target", bonus: bonuses.distract });
  const best = squadRoll ? squadHighest(rolls)! : rolls[0]!;
  if (squadRoll) steps.push({ rule: "squad-highest", member: best.member, total: best.total });

  const taken: { name: ManeuverName; paidWith: "precision" | "breath" }[] = [];
  if (declared?.payWith === "breath" && !declaredFeint) taken.push({ name: declared.name, paidWith: "breath" });
  if (feinting) taken.push({ name: "feint", paidWith: "breath" });
  if (precision !== undefined && precision !== "extra-die") taken.push({ name: precision, paidWith: "precision" });
  const targetLane = position?.targetLane;
  const laneCount = position?.laneCount ?? STANDARD_LANE_COUNT;
  const targetStance = target.stance ?? "steadied";
  const maneuvers = resolveManeuvers(tray, { name: attacker.name, dex: attacker.dex, target: target.name, targetStance, targetLane, laneCount, push: request.push }, taken, steps);
  if (maneuvers.awaitingPush) {
    return awaitingOutcome(tray.rolled, steps, { precisionStrike: leadDie.precisionStrike, damage: best.total }, { choice: "push", by: "attacker", offer: { directions: maneuvers.awaitingPush } });
  }
  const mateStatuses = new Map<string, string[]>();
  for (const { index, precision: name } of mateChoices) {
    const mate = mates[index]!;
    const out = resolveManeuvers(tray, { name: mate.name, dex: mate.dex, target: target.name, targetStance, targetLane, laneCount, push: mate.push }, [{ name, paidWith: "precision" }], steps);
    if (out.awaitingPush) {
      return awaitingOutcome(tray.rolled, steps, { precisionStrike: leadDie.precisionStrike, damage: best.total }, { choice: `squadMates.${index}.push`, by: `squadMates.${index}`, offer: { directions: out.awaitingPush } });
    }
    maneuvers.taken.push(...out.taken.map((t) => ({ ...t, by: mate.name })));
    maneuvers.targetStatuses.push(...out.targetStatuses);
    if (out.selfStatuses.length) mateStatuses.set(mate.name, out.selfStatuses);
    if (out.pushedTo) maneuvers.pushedTo = out.pushedTo;
  }

  const received = damageReceived(best.total, targetStance);
  if (received !== best.total) steps.push({ rule: "on-guard", before: best.total, after: received });
  const paid = maneuvers.taken.reduce((sum, t) => sum + (t.paidWith === "breath" ? MANEUVER_BREATH_COST : 0), 0);
  const breath = attacker.breath === undefined ? undefined : attacker.breath - paid;
  const selfStatuses = [...(situation.hidden ? ["revealed"] : []), ...maneuvers.selfStatuses];
  const effects: Effect[] = [];
  const attackerEffect = effectOf(attacker.name, { breath: attacker.breath }, { breath }, selfStatuses);
  if (Object.keys(attackerEffect.changes).length > 0 || selfStatuses.length > 0) effects.push(attackerEffect);
  for (const [name, statuses] of mateStatuses) effects.push(effectOf(name, {}, {}, statuses));
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
      melee,
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
  summary: "Roll an attack's damage die (Enhanced/Impaired by the situation) + Proficiencies; a Precision Strike awaits the choice of an extra die or a Maneuver, a lower die the choice of a Feint",
  request: Request,
  resolve: resolveAttack,
});

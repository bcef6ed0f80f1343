import { type Static, Type } from "@sinclair/typebox";
import { rollCheck } from "../../../core/dice/d20.js";
import type { DiceTray } from "../../../core/dice/source.js";
import { type Effect, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { TorchlightRefusal, type TorchlightRefusalCode } from "../refusal.js";
import { defineAction } from "../../ruleset.js";
import { attackBonuses, attackEdges, damageReceived, type DamageRoll, planFor, rollDamage, squadHighest } from "../attack.js";
import { attackRefusal } from "../grid.js";
import { readOptions } from "../options.js";
import { ManeuverSchema, Options, StanceSchema, WeaponDie, WeaponKindSchema } from "../schemas.js";
import { MANEUVER_BREATH_COST, MANEUVERS, SQUAD_SIZE } from "../tables.js";

const Attacker = Type.Object(
  {
    name: Type.String(),
    weaponDie: WeaponDie,
    proficiencies: Type.Optional(Type.Integer()),
    stance: Type.Optional(StanceSchema),
    weapon: Type.Optional(WeaponKindSchema),
    /** Needed only to buy a Maneuver with Breath. */
    breath: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Dex DC, needed only for Grapple's check. */
    dex: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  },
  { additionalProperties: false },
);

const SquadMate = Type.Object({ name: Type.String(), weaponDie: WeaponDie, proficiencies: Type.Optional(Type.Integer()) }, { additionalProperties: false });

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
    /** Lanes (and whether the attacker is Engaged) to check the attack is allowed at all. */
    position: Type.Optional(
      Type.Object({ attackerLane: Type.Integer({ minimum: 1 }), targetLane: Type.Integer({ minimum: 1 }), attackerEngaged: Type.Boolean() }, { additionalProperties: false }),
    ),
    /** A Maneuver, paid by a Precision Strike (instead of its extra die) or by 1 Breath. */
    maneuver: Type.Optional(Type.Object({ name: ManeuverSchema, payWith: Type.Union([Type.Literal("precision"), Type.Literal("breath")]) }, { additionalProperties: false })),
    options: Options,
  },
  { additionalProperties: false },
);
export type AttackRequest = Static<typeof Request>;

function refused(code: TorchlightRefusalCode): never {
  throw new TorchlightRefusal(code);
}

function dieStep(member: string, roll: DamageRoll): Step {
  const step: Step = { rule: "damage-die", member, sides: roll.die.sides, faces: roll.die.faces, kept: roll.die.kept, precisionStrike: roll.die.precisionStrike };
  if (roll.die.d4 !== 0) step.d4 = roll.die.d4;
  if (roll.extraDie) step.extraDie = roll.extraDie.value;
  if (roll.feint) step.feint = roll.feint.value;
  step.total = roll.total;
  return step;
}

export function resolveAttack(request: AttackRequest, tray: DiceTray): Outcome {
  const options = readOptions(request.options);
  const { attacker, target } = request;
  const situation = request.situation ?? {};
  const weapon = attacker.weapon ?? "melee";
  const stance = attacker.stance ?? "steadied";
  const maneuver = request.maneuver;
  const definition = maneuver ? MANEUVERS[maneuver.name] : undefined;

  if (request.position) {
    const refusal = attackRefusal({
      weapon,
      attackerStance: stance,
      attackerLane: request.position.attackerLane,
      targetLane: request.position.targetLane,
      attackerEngaged: request.position.attackerEngaged,
      calledShot: situation.calledShot ?? false,
      targetHidden: target.hidden ?? false,
    });
    if (refusal) refused(refusal);
  } else if (situation.calledShot && weapon !== "ranged") refused("called-shot-needs-ranged");
  if (definition?.meleeOnly && weapon === "ranged") refused("maneuver-needs-melee");
  if (maneuver?.payWith === "breath" && (attacker.breath ?? 0) < MANEUVER_BREATH_COST) refused("no-breath-for-maneuver");
  if (maneuver?.name === "grapple" && attacker.dex === undefined) refused("grapple-needs-dex");

  const members = [{ name: attacker.name, weaponDie: attacker.weaponDie, proficiencies: attacker.proficiencies ?? 0 }, ...(request.squadMates ?? []).map((m) => ({ ...m, proficiencies: m.proficiencies ?? 0 }))];
  // Fewer than three in the lane is no Squad: each makes its own attack.
  if (members.length > 1 && members.length < SQUAD_SIZE) refused("squad-needs-three");
  const squadAttack = members.length >= SQUAD_SIZE;
  const edges = attackEdges(situation, target.incapacitated ?? false, squadAttack);
  const bonuses = attackBonuses(stance, situation.targetDistracted ?? false);
  const steps: Step[] = [{ rule: "edges", enhanced: edges.enhanced.length, impaired: edges.impaired.length, net: edges.enhanced.length - edges.impaired.length, why: [...edges.enhanced.map((e) => `+${e}`), ...edges.impaired.map((e) => `-${e}`)] }];
  const feint = definition?.rerollDamage === true && maneuver?.payWith === "breath";
  const rolls = members.map((member, index) => {
    const plan = planFor(member.weaponDie, edges, options);
    const roll = rollDamage(tray, {
      label: member.name,
      plan,
      proficiencies: member.proficiencies,
      bonus: index === 0 ? bonuses.stance + bonuses.distract : bonuses.distract,
      precisionChoice: index === 0 && maneuver?.payWith === "precision" ? "maneuver" : "extra-die",
      feint: index === 0 && feint,
    });
    steps.push(dieStep(member.name, roll));
    return { member: member.name, roll, total: roll.total };
  });
  if (bonuses.stance !== 0) steps.push({ rule: "stance-bonus", stance, bonus: bonuses.stance });
  if (bonuses.distract !== 0) steps.push({ rule: "distracted-target", bonus: bonuses.distract });
  const best = squadAttack ? squadHighest(rolls) : rolls[0];
  if (!best) throw new RuleError("an attack needs an attacker");
  if (squadAttack) steps.push({ rule: "squad-highest", member: best.member, total: best.total });

  const lead = rolls[0];
  let maneuverTaken = false;
  let maneuverSuccess = true;
  let breath = attacker.breath;
  const targetStatuses: string[] = [];
  const selfStatuses: string[] = [];
  if (maneuver && definition && lead) {
    maneuverTaken = maneuver.payWith === "breath" || lead.roll.die.precisionStrike;
    if (!maneuverTaken) steps.push({ rule: "maneuver-not-earned", maneuver: maneuver.name });
    else {
      if (maneuver.payWith === "breath" && breath !== undefined) breath -= MANEUVER_BREATH_COST;
      if (definition.dexCheck && attacker.dex !== undefined) {
        const check = rollCheck(tray, attacker.dex, `${attacker.name} grapple dex check`);
        maneuverSuccess = check.success;
        steps.push({ rule: "grapple-check", roll: check.roll, dc: check.target, success: check.success });
      }
      steps.push({ rule: "maneuver", maneuver: maneuver.name, payWith: maneuver.payWith, success: maneuverSuccess });
      if (maneuverSuccess && definition.targetStatus) targetStatuses.push(definition.targetStatus);
      if (maneuverSuccess && definition.selfStatus) selfStatuses.push(definition.selfStatus);
    }
  }

  const received = damageReceived(best.total, target.stance ?? "steadied");
  if (received !== best.total) steps.push({ rule: "on-guard", before: best.total, after: received });
  const effects: Effect[] = [];
  const attackerEffect = effectOf(attacker.name, { breath: attacker.breath }, { breath }, selfStatuses);
  if (Object.keys(attackerEffect.changes).length > 0 || selfStatuses.length > 0) effects.push(attackerEffect);
  if (targetStatuses.length > 0) effects.push(effectOf(target.name, {}, {}, targetStatuses));
  return {
    dice: tray.rolled,
    steps,
    result: {
      damage: best.total,
      received,
      precisionStrike: best.roll.die.precisionStrike,
      ...(maneuver ? { maneuver: maneuver.name, maneuverTaken, maneuverSuccess: maneuverTaken && maneuverSuccess } : {}),
      ...(squadAttack ? { squadMember: best.member } : {}),
    },
    effects,
  };
}

export const attackAction = defineAction({
  summary: "Roll an attack's damage die (Enhanced/Impaired by the situation) + Proficiencies; a Precision Strike adds a die or a Maneuver",
  request: Request,
  resolve: resolveAttack,
});

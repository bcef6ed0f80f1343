import { Type } from "@sinclair/typebox";
import { requireArea } from "../../../core/areas/index.js";
import { effectOf, type Effect, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { defineAction } from "../../ruleset.js";
import { type ActionBudget, FRESH_BUDGET, gainAction, loseAction, spendAction } from "../budget.js";
import { isOut, type UnhexCharacter, tracksOf } from "../character.js";
import { landHit, type LandedHit } from "../hit.js";
import { compareUnhex } from "../opposed.js";
import { whoPicks } from "../pick.js";
import { attackReach, type TargetPlace } from "../reach.js";
import { reactionProblem } from "../reactions.js";
import { characterOf, mapOf, optionsOf, rollerOf } from "../requests.js";
import { type UnhexRoll, unhexRoll } from "../roll.js";
import { CriticalSchema, DieSchema, MapSchema, Options, RollerSchema, WeaponSchema, WoundsSchema } from "../schemas.js";
import { WEAPON_REACH } from "../tables.js";

const strict = { additionalProperties: false } as const;

/** This round's action budget, when the caller tracks it across requests (see budget.ts). */
const BudgetSchema = Type.Object({ available: Type.Integer({ minimum: 0, maximum: 10 }), owed: Type.Integer({ minimum: 0, maximum: 10 }) }, { additionalProperties: false });

const Combatant = Type.Composite([
  RollerSchema,
  Type.Object({ shield: Type.Optional(Type.Boolean()), wounds: Type.Optional(WoundsSchema), budget: Type.Optional(BudgetSchema) }),
]);

export const Request = Type.Object(
  {
    map: Type.Optional(MapSchema),
    attacker: Type.Composite([Combatant, Type.Object({ area: Type.String(), weapon: WeaponSchema })], strict),
    target: Type.Composite([Combatant, Type.Object({ area: Type.Optional(Type.String()), moving: Type.Optional(Type.Object({ from: Type.String(), to: Type.String() }, strict)) })], strict),
    damageDie: Type.Optional(DieSchema),
    critical: Type.Optional(CriticalSchema),
    reaction: Type.Optional(
      Type.Union([Type.Object({ kind: Type.Literal("defend") }, strict), Type.Object({ kind: Type.Literal("counterattack"), weapon: WeaponSchema, damageDie: Type.Optional(DieSchema) }, strict)]),
    ),
    stopIn: Type.Optional(Type.String()),
    options: Options,
  },
  strict,
);

function rollStatuses(roll: UnhexRoll | undefined): string[] {
  return [...(roll?.extraAction ? ["extra-action"] : []), ...(roll?.losesNextAction ? ["loses-next-action"] : [])];
}

/** An attack the rules do not allow (out of reach, no reacting to a reaction...). */
function refused(reason: string): never {
  throw new RuleError(reason);
}

export const attackAction = defineAction({
  summary: "Attack: range and sight on the map, the roll, an optional Defend or Counterattack, damage and hit location on the wound boxes.",
  request: Request,
  resolve: (request, tray) => {
    const options = optionsOf(request.options);
    const map = mapOf(request.map);
    const attacker = characterOf(request.attacker);
    const target = characterOf(request.target);
    if (isOut(attacker, options)) refused(`${attacker.name} is out of the fight and cannot act`);
    if (request.reaction && isOut(target, options)) refused(`${target.name} is out of the fight and cannot react`);
    const { moving } = request.target;
    if ((request.target.area === undefined) === (moving === undefined)) refused("give the target either an area or a move (from, to)");
    const place: TargetPlace = moving ? { moving: [moving.from, moving.to] } : { area: request.target.area as string };
    requireArea(map, request.attacker.area);
    const reach = attackReach(map, request.attacker.area, place, request.attacker.weapon);
    const steps: Step[] = [
      { rule: moving ? "intercept-reach" : "reach", weapon: request.attacker.weapon, range: reach.range, lineOfSight: reach.lineOfSight, cover: reach.cover.cover },
    ];
    if (!reach.allowed) refused(reach.reason ?? "out of reach");

    const reaction = request.reaction;
    if (reaction) {
      const problem = reactionProblem(reaction.kind, {
        trigger: "attack",
        budget: request.target.budget ?? FRESH_BUDGET,
        declaredBeforeDice: true,
        targetIsYou: true,
        range: reach.range ?? undefined,
        ranged: WEAPON_REACH[request.attacker.weapon].ranged,
        cover: reach.cover.cover,
        ...(reaction.kind === "counterattack" ? { weapon: reaction.weapon } : {}),
      });
      if (problem) refused(problem);
    }

    // The attack is the attacker's action, a reaction the target's; either budget is checked only when given.
    const attackerBudget = request.attacker.budget ? spendAction(request.attacker.budget) : undefined;
    const targetBudget = request.target.budget && reaction ? spendAction(request.target.budget) : request.target.budget;

    const attack = unhexRoll(tray, rollerOf(request.attacker), "attack", request.critical ?? "extra-action");
    steps.push(...attack.steps);
    let defended = false;
    let defence: UnhexRoll | undefined;
    let counter: UnhexRoll | undefined;
    if (reaction?.kind === "defend") {
      defence = unhexRoll(tray, rollerOf(request.target), "defend");
      const winner = compareUnhex({ pc: attacker.pc, ...attack.check }, { pc: target.pc, ...defence.check });
      defended = winner === "b";
      steps.push(...defence.steps, { rule: "defend-compare", winner: winner === "a" ? attacker.name : winner === "b" ? target.name : null, missed: defended });
    }
    if (reaction?.kind === "counterattack") {
      counter = unhexRoll(tray, rollerOf(request.target), "counterattack");
      steps.push(...counter.steps);
    }

    // Both attacks of a counterattack land on the states before either, at the same moment.
    let onTarget: LandedHit | undefined;
    if (attack.check.success && !defended) {
      onTarget = landHit(attack.check, target, whoPicks(reach.cover.cover, request.target.shield === true), request.damageDie, options);
      steps.push(...onTarget.steps);
    }
    let onAttacker: LandedHit | undefined;
    if (counter?.check.success && reaction?.kind === "counterattack") {
      onAttacker = landHit(counter.check, attacker, whoPicks(false, request.attacker.shield === true), reaction.damageDie, options);
      steps.push(...onAttacker.steps);
    }

    let stopsIn: string | undefined;
    if (moving && onTarget && onTarget.statuses.some((s) => s === "stopped" || s === "unconscious" || s === "dead")) {
      stopsIn = request.stopIn ?? moving.from;
      if (stopsIn !== moving.from && stopsIn !== moving.to) refused(`the mover stops in "${moving.from}" or "${moving.to}", not "${stopsIn}"`);
      steps.push({ rule: "intercept-stop", area: stopsIn });
    }

    const budgetAfter = (spent: ActionBudget | undefined, roll: UnhexRoll | undefined): ActionBudget | undefined => {
      if (!spent) return undefined;
      if (roll?.extraAction) return gainAction(spent);
      return roll?.losesNextAction ? loseAction(spent) : spent;
    };
    const effect = (before: UnhexCharacter, budget: ActionBudget | undefined, spent: ActionBudget | undefined, landed: LandedHit | undefined, roll: UnhexRoll | undefined): Effect => {
      const after = budgetAfter(spent, roll);
      const budgets = budget && after ? [{ "budget.available": budget.available, "budget.owed": budget.owed }, { "budget.available": after.available, "budget.owed": after.owed }] : [{}, {}];
      return effectOf(before.name, { ...tracksOf(before), ...budgets[0] }, { ...tracksOf(landed?.character ?? before), ...budgets[1] }, [...rollStatuses(roll), ...(landed?.statuses ?? [])]);
    };
    return {
      dice: tray.rolled,
      steps,
      result: {
        hit: onTarget !== undefined,
        ...(defence ? { defended } : {}),
        ...(onTarget ? { damage: onTarget.damage, location: onTarget.location, picker: onTarget.picker } : {}),
        ...(counter ? { counterattack: onAttacker ? { hit: true, damage: onAttacker.damage, location: onAttacker.location } : { hit: false } } : {}),
        ...(stopsIn ? { stopsIn } : {}),
      },
      effects: [effect(attacker, request.attacker.budget, attackerBudget, onAttacker, attack), effect(target, request.target.budget, targetBudget, onTarget, defence ?? counter)].filter((e) => Object.keys(e.changes).length > 0 || e.statuses),
    };
  },
});

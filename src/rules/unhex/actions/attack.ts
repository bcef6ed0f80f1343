import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { requireArea } from "../../../core/areas/index.js";
import { awaitingOutcome, type Effect, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { defineAction } from "../../ruleset.js";
import { type ActionBudget, FRESH_BUDGET, gainAction, loseAction, spendAction } from "../budget.js";
import { isOut, type UnhexCharacter, tracksOf, usableArms, wieldProblem } from "../character.js";
import { type RollSlot, settleRoll } from "../choices.js";
import { landHit, type LandedHit, splitOffer } from "../hit.js";
import { compareUnhex } from "../opposed.js";
import { type DieName, whoPicks } from "../pick.js";
import { attackReach, type TargetPlace } from "../reach.js";
import { reactionsOffered, reactionProblem, type AttackReaction } from "../reactions.js";
import { characterOf, mapOf, optionsOf, rollerOf } from "../requests.js";
import { rollDice, type RollState, type UnhexRoll } from "../roll.js";
import { HERE, type Place, PlaceSchema, RULINGS, standInMap } from "../ruling.js";
import { choicesFor, CombatantSchema as Combatant, CriticalSchema, DieSchema, MapSchema, Options, RerollChoiceSchema, WeaponSchema } from "../schemas.js";
import { WEAPON_REACH, type WeaponKind } from "../tables.js";
import { actionEvents } from "./check.js";

const strict = { additionalProperties: false } as const;

/** A declared reaction: none, Defend or Counterattack (the object forms are the older spelling). */
const ReactionSchema = Type.Union([
  Type.Literal("none"),
  Type.Literal("defend"),
  Type.Literal("counterattack"),
  Type.Object({ kind: Type.Literal("defend") }, strict),
  Type.Object({ kind: Type.Literal("counterattack"), weapon: WeaponSchema }, strict),
]);

export const Request = Type.Object(
  {
    map: Type.Optional(MapSchema),
    /** `hands`: the hands her weapon takes (unsaid: two for a two-handed ranged weapon, else one); her arms' state is her `wounds`. */
    attacker: Type.Composite([Combatant, Type.Object({ area: Type.String(), weapon: WeaponSchema, hands: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])) })], strict),
    target: Type.Composite([Combatant, Type.Object({ area: Type.Optional(Type.String()), moving: Type.Optional(Type.Object({ from: Type.String(), to: Type.String() }, strict)) })], strict),
    /** The target's reaction, declared before any die (awaited from the target when she could react). */
    reaction: Type.Optional(ReactionSchema),
    /** The attacker rolls once the reaction is declared (true; awaited when a reaction could have been declared). */
    roll: Type.Optional(Type.Literal(true)),
    rerolls: choicesFor(["attacker", "target"], RerollChoiceSchema),
    criticals: choicesFor(["attacker", "target"], CriticalSchema),
    /** The die that is the attack's damage (the other is the hit location), awaited from whoever picks. */
    damageDie: Type.Optional(DieSchema),
    /** The same for a Counterattack that hits the attacker. */
    counterDamageDie: Type.Optional(DieSchema),
    /** Where an intercepted mover the hit stops ends up (awaited from the interceptor). */
    stopIn: Type.Optional(Type.String()),
    /** Without a map: the range and cover the attacker asks for. Only the GM says them: before anything else the GM's `ruling` is awaited (by "gm"), offered every ruling her weapon reaches under. */
    asked: Type.Optional(PlaceSchema),
    /** Without a map: the range and cover the GM rules. The attack is read on its stand-in map (the attacker in `here`, the target in `there`, or `here` at range 0), not on `map` and the areas given. */
    ruling: Type.Optional(PlaceSchema),
    options: Options,
  },
  strict,
);

/** Whether a weapon reaches a target at a ruled range and cover. */
function standInReach(ruling: Place, weapon: WeaponKind) {
  const { map, target } = standInMap(ruling.range, ruling.cover);
  return attackReach(map, HERE, { area: target }, weapon);
}

/** An attack the rules do not allow (out of reach, no reacting to a reaction...). */
function refuse(reason: string): never {
  throw new RuleError(reason);
}

/** The declared reaction, and the weapon a Counterattack names (the older object spelling). */
function reactionOf(given: Static<typeof ReactionSchema> | undefined): { kind: AttackReaction; weapon?: WeaponKind } | undefined {
  return typeof given === "string" ? { kind: given } : given;
}

/** A tracked budget: as the request gave it, and after this action or reaction was paid from it. */
interface Paid {
  before: ActionBudget;
  spent: ActionBudget;
}

const budgetAfter = (spent: ActionBudget, roll: UnhexRoll | undefined): ActionBudget => {
  if (roll?.extraAction) return gainAction(spent);
  return roll?.losesNextAction ? loseAction(spent) : spent;
};

const budgetTracks = (budget: ActionBudget) => ({ "budget.available": budget.available, "budget.owed": budget.owed });

/** One participant's changes: level and boxes from a hit, her budget after the action or reaction, and what happened to her. */
function effect(before: UnhexCharacter, paid: Paid | undefined, landed: LandedHit | undefined, roll: UnhexRoll | undefined): Effect {
  const from = paid ? budgetTracks(paid.before) : {};
  const to = paid ? budgetTracks(budgetAfter(paid.spent, roll)) : {};
  return effectOf(before.name, { ...tracksOf(before), ...from }, { ...tracksOf(landed?.character ?? before), ...to }, [...actionEvents(roll), ...(landed?.statuses ?? [])]);
}

export const attackAction = defineAction({
  summary:
    "Attack: range and sight on the map; the target's reaction (awaited), the attacker's roll (awaited after a possible reaction), rerolls and critical choices, an optional Defend or Counterattack, then damage and hit location (awaited from whoever picks) on the wound boxes.",
  request: Request,
  resolve: (request, tray): Outcome => {
    const options = optionsOf(request.options);
    const attacker = characterOf(request.attacker);
    const target = characterOf(request.target);
    if (isOut(attacker, options)) refuse(`${attacker.name} is out of the fight and cannot act`);
    // Attacking needs "a weapon in hand": a full arm holds nothing.
    const wield = wieldProblem(attacker, request.attacker.hands ?? (request.attacker.weapon === "two-handed-ranged" ? 2 : 1), options);
    if (wield) refuse(wield);
    const { moving } = request.target;
    if ((request.target.area === undefined) === (moving === undefined)) refuse("give the target either an area or a move (from, to)");
    const theatre = request.ruling ?? request.asked;
    if (theatre && moving) refuse("an Intercept needs a map: a mover is between two areas of it");
    // Without a map the GM rules range and cover first: the reactions offered and who splits the dice follow from them.
    if (request.asked && !request.ruling) {
      // Every weapon reaches some ruling (melee at 0, one-handed at 0 or 1, two-handed at 1 or 2): the offer is never empty.
      const rulings = RULINGS.filter((ruling) => standInReach(ruling, request.attacker.weapon).allowed);
      return awaitingOutcome(tray.rolled, [], {}, { choice: "ruling", by: "gm", offer: { who: attacker.name, asked: request.asked, rulings } });
    }
    const map = theatre ? standInMap(theatre.range, theatre.cover).map : mapOf(request.map);
    const from = theatre ? HERE : request.attacker.area;
    const place: TargetPlace = theatre ? { area: standInMap(theatre.range, theatre.cover).target } : moving ? { moving: [moving.from, moving.to] } : { area: request.target.area as string };
    requireArea(map, from);
    const reach = attackReach(map, from, place, request.attacker.weapon);
    const steps: Step[] = [
      ...(request.ruling ? [{ rule: "ruling", range: request.ruling.range, cover: reach.cover.cover, ...(request.asked ? { asked: request.asked } : {}) }] : []),
      { rule: moving ? "intercept-reach" : "reach", weapon: request.attacker.weapon, range: reach.range, lineOfSight: reach.lineOfSight, cover: reach.cover.cover },
    ];
    if (!reach.allowed) refuse(reach.reason ?? "out of reach");
    // The attack (or Intercept) is the attacker's action; her budget is checked only when given.
    const attackerPaid: Paid | undefined = request.attacker.budget ? { before: request.attacker.budget, spent: spendAction(request.attacker.budget) } : undefined;

    // An Intercept is itself a reaction, and nobody reacts to a reaction.
    const context = {
      trigger: moving ? ("reaction" as const) : ("attack" as const),
      budget: request.target.budget ?? FRESH_BUDGET,
      declaredBeforeDice: true,
      targetIsYou: true,
      range: reach.range,
      ranged: WEAPON_REACH[request.attacker.weapon].ranged,
      cover: reach.cover.cover,
    };
    // With both arms full she holds no melee weapon to counterattack with.
    const targetHolds = usableArms(target, options) > 0;
    // Stryker disable next-line ArrayDeclaration: reactionsOffered asks only whether "melee" is among them, so no hands and any list without it offer the same
    const targetWeapons = targetHolds ? request.target.weapons : [];
    const offered = isOut(target, options) ? [] : reactionsOffered(context, targetWeapons);
    const declaration = reactionOf(request.reaction);
    const declared = declaration?.kind;
    if (declared === undefined && offered.length > 0) {
      return awaitingOutcome(tray.rolled, steps, { reactions: offered }, { choice: "reaction", by: "target", offer: { who: target.name, reactions: ["none", ...offered] } });
    }
    const reaction = declared ?? "none";
    if (declaration !== undefined && declaration.kind !== "none") {
      if (isOut(target, options)) refuse(`${target.name} is out of the fight and cannot react`);
      const problem = reactionProblem(declaration.kind, { ...context, weapon: declaration.weapon });
      if (problem) refuse(problem);
      if (declaration.kind === "counterattack" && ((request.target.weapons && !request.target.weapons.includes("melee")) || !targetHolds)) refuse(`${target.name} holds no melee weapon to counterattack with`);
    }
    // From here a reaction was on offer only if one was declared (else the target was asked above).
    if (declared !== undefined) steps.push({ rule: "reaction", who: target.name, reaction });

    // A reaction is rolled as it is declared, and its choices made, before the attacker rolls her own dice (rolling order).
    const slot = (by: "attacker" | "target", state: RollState): RollSlot => ({ by, state, reroll: request.rerolls?.[by], critical: request.criticals?.[by], rerollPath: `rerolls.${by}`, criticalPath: `criticals.${by}` });
    const reacting = reaction === "none" ? undefined : settleRoll(tray, slot("target", rollDice(tray, rollerOf(request.target), reaction)));
    if (reacting?.awaiting) return awaitingOutcome(tray.rolled, [...steps, ...reacting.state.steps], { reaction }, reacting.awaiting);
    const reply = reacting?.roll;
    if (declared !== undefined && request.roll !== true) {
      return awaitingOutcome(tray.rolled, [...steps, ...(reply?.steps ?? [])], { reaction }, { choice: "roll", by: "attacker", offer: { who: attacker.name } });
    }
    const targetPaid: Paid | undefined = request.target.budget ? { before: request.target.budget, spent: reply ? spendAction(request.target.budget) : request.target.budget } : undefined;
    const attacking = settleRoll(tray, slot("attacker", rollDice(tray, rollerOf(request.attacker), "attack")));
    if (attacking.awaiting) return awaitingOutcome(tray.rolled, [...steps, ...(reply?.steps ?? []), ...attacking.state.steps], { reaction }, attacking.awaiting);
    const attack = attacking.roll;
    steps.push(...(reply?.steps ?? []), ...attack.steps);
    let defended = false;
    if (reaction === "defend" && reply) {
      const winner = compareUnhex({ pc: attacker.pc, ...attack.check }, { pc: target.pc, ...reply.check });
      defended = winner === "b";
      steps.push({ rule: "defend-compare", winner: winner === "a" ? attacker.name : winner === "b" ? target.name : null, missed: defended });
    }
    const counter = reaction === "counterattack" ? reply : undefined;

    // Each hit's dice are split by whoever picks; both hits of a counterattack land on the states before either.
    let onTarget: LandedHit | undefined;
    if (attack.check.success && !defended) {
      const picker = whoPicks(reach.cover.cover, request.target.shield === true);
      const die = request.damageDie ?? (attack.check.tens === attack.check.units ? "tens" : undefined);
      if (die === undefined) return awaitingOutcome(tray.rolled, steps, { hit: true, reaction }, { choice: "damageDie", by: picker, offer: { hit: target.name, ...splitOffer(attack.check) } });
      onTarget = landHit(attack.check, target, picker, die, options);
      steps.push(...onTarget.steps);
    }
    let onAttacker: LandedHit | undefined;
    if (counter?.check.success) {
      // The counterattacker is the target: she picks unless the attacker holds a shield.
      const picker = whoPicks(false, request.attacker.shield === true) === "attacker" ? "target" : "attacker";
      const die: DieName | undefined = request.counterDamageDie ?? (counter.check.tens === counter.check.units ? "tens" : undefined);
      if (die === undefined) return awaitingOutcome(tray.rolled, steps, { hit: onTarget !== undefined, reaction }, { choice: "counterDamageDie", by: picker, offer: { hit: attacker.name, ...splitOffer(counter.check) } });
      onAttacker = landHit(counter.check, attacker, picker === "target" ? "attacker" : "target", die, options);
      steps.push(...onAttacker.steps);
    }

    let stopsIn: string | undefined;
    // Both legs full ("cannot-move") always comes with the second leg's "stopped".
    if (moving && onTarget && onTarget.statuses.some((s) => s === "stopped" || s === "unconscious" || s === "dead")) {
      if (request.stopIn === undefined && moving.from !== moving.to) return awaitingOutcome(tray.rolled, steps, { hit: true, stopped: true }, { choice: "stopIn", by: "attacker", offer: { areas: [moving.from, moving.to] } });
      stopsIn = request.stopIn ?? moving.from;
      if (stopsIn !== moving.from && stopsIn !== moving.to) refuse(`the mover stops in "${moving.from}" or "${moving.to}", not "${stopsIn}"`);
      steps.push({ rule: "intercept-stop", area: stopsIn });
    }

    return {
      dice: tray.rolled,
      steps,
      result: {
        hit: onTarget !== undefined,
        ...(reaction !== "none" ? { reaction } : {}),
        ...(reaction === "defend" ? { defended } : {}),
        ...(onTarget ? { damage: onTarget.damage, location: onTarget.location, picker: onTarget.picker } : {}),
        ...(counter ? { counterattack: onAttacker ? { hit: true, damage: onAttacker.damage, location: onAttacker.location } : { hit: false } } : {}),
        ...(stopsIn ? { stopsIn } : {}),
      },
      // Always the attacker's then the target's, so two characters of one name are never confused.
      effects: [effect(attacker, attackerPaid, onAttacker, attack), effect(target, targetPaid, onTarget, reply)],
    };
  },
});

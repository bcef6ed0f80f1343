import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { rankWithPcTies, scoreInitiative, delayRefusal, delayTurn } from "../../core/initiative/rankWithPcTies.js";
import { fateIgnoreRefusal } from "../../core/tracks/resolve.js";
import { awaitingOutcome, effectOf, type Outcome, type Step } from "../../core/outcome.js";
import type { DiceTray } from "../../core/dice/source.js";
import { withDefaults } from "../options.js";
import { defineAction } from "../ruleset.js";
import { chooseFate, fateNotNeeded, fateOffer, isOut, rest as restVitals, type Vitals, vitalsFrom } from "./combatant.js";
import { listsWith } from "./lists.js";
import { personalOptions, type PersonalOptions } from "./options.js";
import { Lists, Npc, Options, Pc, Target, vitalsFields, Weapon } from "./schemas.js";
import { PersonalRefusal } from "./refusal.js";
import { strike, type StrikeReading } from "./strike.js";
import { BASE_ACTION_CAP, validateTurn } from "./turn.js";

const Name = Type.String({ minLength: 1 });

function optionsOf(given: Partial<PersonalOptions> | undefined): PersonalOptions {
  return withDefaults(personalOptions, given);
}

/** The tracks an Effect reports for a character. */
function tracks(vitals: Vitals): Record<string, unknown> {
  return { resolve: vitals.resolve, wounded: vitals.wounded, ignoresLeft: vitals.ignoresLeft, fates: vitals.fates, defeated: vitals.defeated };
}

function outcome(tray: DiceTray, steps: Step[], result: Record<string, unknown>, effects: Outcome["effects"] = []): Outcome {
  return { dice: [...tray.rolled], steps, result, effects };
}

/** What an attack read, before any Fallen Fate is answered. */
function strikeResult(reading: StrikeReading): Record<string, unknown> {
  return {
    hit: reading.hit,
    attackTotal: reading.attack.total,
    margin: reading.margin,
    ...(reading.damageRoll ? { damageRoll: reading.damageRoll.total, armorRating: reading.armorRating } : {}),
    damage: reading.damage,
  };
}

const InitiativeRequest = Type.Object(
  {
    pcs: Type.Array(Pc),
    npcs: Type.Array(Npc),
    /** The players' order among PCs on an equal score. */
    pcPicks: Type.Optional(Type.Array(Name)),
    options: Options,
  },
  { additionalProperties: false },
);

export const initiative = defineAction({
  summary: "Initiative order: PCs roll a die + rank, NPCs rank + 3 (major + 6); PCs win ties",
  request: InitiativeRequest,
  resolve(request: Static<typeof InitiativeRequest>, tray) {
    const options = optionsOf(request.options);
    const bonuses = { die: options.initiativeDie, npcBonus: 3, majorNpcBonus: 6 };
    const npcStep = (name: string, score: number): Step => {
      // Every NPC scored comes from request.npcs, so it is always found.
      const rank = request.npcs.find((n) => n.name === name)!.rank;
      return { rule: "npc-initiative", name, rank, bonus: score - rank, score };
    };
    const scored = scoreInitiative(tray, request.pcs, request.npcs, bonuses);
    const order = rankWithPcTies(scored, request.pcPicks);
    const steps: Step[] = scored.map((s) =>
      s.pc ? { rule: "pc-initiative", name: s.name, face: s.face, rank: s.score - (s.face ?? 0), score: s.score } : npcStep(s.name, s.score),
    );
    steps.push({ rule: "order", names: order.map((s) => s.name) });
    const effects = order.map((s) => effectOf(s.name, { initiative: null }, { initiative: s.score }));
    return outcome(tray, steps, { order: order.map((s) => ({ name: s.name, score: s.score, pc: s.pc })) }, effects);
  },
});

const DelayRequest = Type.Object(
  { order: Type.Array(Name, { minItems: 1 }), acted: Type.Array(Name), mover: Name, after: Name, options: Options },
  { additionalProperties: false },
);

export const delay = defineAction({
  summary: "At the start of her turn, move a character to just after someone who has not acted this round",
  request: DelayRequest,
  resolve(request: Static<typeof DelayRequest>, tray) {
    const round = { order: request.order, acted: request.acted };
    const refused = delayRefusal(round, request.mover, request.after);
    if (refused) throw new PersonalRefusal([refused]);
    // delayTurn refuses exactly what delayRefusal names, so past that check it always gives the order.
    const order = delayTurn(round, request.mover, request.after) as string[];
    const steps: Step[] = [{ rule: "delay", mover: request.mover, after: request.after }];
    return outcome(tray, steps, { order }, [effectOf(request.mover, { place: request.order.indexOf(request.mover) + 1 }, { place: order.indexOf(request.mover) + 1 })]);
  },
});

const AttackRequest = Type.Object(
  {
    attacker: Type.Object({ name: Name, weapon: Weapon }, { additionalProperties: false }),
    target: Target,
    /** The target's answer should this hit call for a Fallen Fate: "ignore" or a fate's name. */
    fateChoice: Type.Optional(Name),
    lists: Lists,
    options: Options,
  },
  { additionalProperties: false },
);

export const attack = defineAction({
  summary: "Attack Roll vs Defense, then Damage Roll less Armor Rating off Resolve; Wounded and Fallen Fates",
  request: AttackRequest,
  resolve(request: Static<typeof AttackRequest>, tray) {
    const options = optionsOf(request.options);
    const lists = listsWith(request.lists);
    const before = vitalsFrom(request.target);
    const reading = strike(tray, request.attacker.weapon, { defense: request.target.defense, armor: request.target.armor, vitals: before }, options);
    const steps = [...reading.steps];
    let after = reading.hitReading?.vitals ?? before;
    const statuses: string[] = [];
    if (reading.hitReading?.becameWounded) statuses.push("Wounded");
    if (reading.hitReading?.becameDefeated) statuses.push("Defeated");
    let fate: Record<string, unknown> = { needed: false };
    const hitReading = reading.hitReading;
    if (hitReading?.fateNeeded) {
      fate = { needed: true, canIgnore: hitReading.canIgnore, ignoresLeft: after.ignoresLeft, ...(hitReading.ignoreRefused ? { refused: hitReading.ignoreRefused } : {}) };
      // The Wounded target's owner answers on the card: the hit is read so far, and nothing is written yet.
      if (request.fateChoice === undefined) {
        const offer = fateOffer(after, reading.damage, lists.fates);
        return awaitingOutcome([...tray.rolled], steps, { ...strikeResult(reading), fate }, { choice: "fateChoice", by: "target", offer });
      }
      const chosen = chooseFate(after, reading.damage, request.fateChoice, lists.fates);
      if (typeof chosen === "string") throw new PersonalRefusal([chosen]);
      after = chosen.vitals;
      steps.push({ rule: "fate-choice", choice: request.fateChoice, ignored: chosen.ignored, ignoresLeft: after.ignoresLeft });
      fate = { ...fate, choice: request.fateChoice, ignored: chosen.ignored, ignoresLeft: after.ignoresLeft };
      if (chosen.fate) statuses.push(chosen.fate.name);
    }
    const result = { ...strikeResult(reading), fate, out: isOut(after, lists.fates) };
    return outcome(tray, steps, result, [effectOf(request.target.name, tracks(before), tracks(after), statuses)]);
  },
});

const FateRequest = Type.Object(
  {
    character: Type.Object({ name: Name, ...vitalsFields }, { additionalProperties: false }),
    /** The damage of the hit that calls for the fate (after armour). */
    damage: Type.Integer({ minimum: 0, maximum: 10000 }),
    /** "ignore", or the name of the Fallen Fate she takes; left out, the outcome awaits it from the character. */
    choice: Type.Optional(Name),
    lists: Lists,
    options: Options,
  },
  { additionalProperties: false },
);

export const fate = defineAction({
  summary: "A Wounded character answers damage from outside an attack: take a Fallen Fate, or ignore it within her budget",
  request: FateRequest,
  resolve(request: Static<typeof FateRequest>, tray) {
    const lists = listsWith(request.lists);
    const before = vitalsFrom(request.character);
    const limit = Math.floor(before.maxResolve / 2);
    const ignoreRefused = fateIgnoreRefusal(before, request.damage);
    const needed: Step = { rule: "fallen-fate-needed", damage: request.damage, ignoreLimit: limit, ignoresLeft: before.ignoresLeft, canIgnore: !ignoreRefused, ...(ignoreRefused ? { refused: ignoreRefused } : {}) };
    if (request.choice === undefined) {
      // Only a Wounded character hurt by the blow answers it: anything else is refused before the card waits.
      const refusal = fateNotNeeded(before, request.damage);
      if (refusal) throw new PersonalRefusal([refusal]);
      return awaitingOutcome(tray.rolled, [needed], { damage: request.damage }, { choice: "choice", by: "character", offer: fateOffer(before, request.damage, lists.fates) });
    }
    const chosen = chooseFate(before, request.damage, request.choice, lists.fates);
    if (typeof chosen === "string") throw new PersonalRefusal([chosen]);
    const steps: Step[] = [needed, { rule: "fate-choice", choice: request.choice, ignored: chosen.ignored, ignoresLeft: chosen.vitals.ignoresLeft }];
    const result = { damage: request.damage, ignored: chosen.ignored, ...(chosen.fate ? { fate: chosen.fate.name } : {}), ignoresLeft: chosen.vitals.ignoresLeft, out: isOut(chosen.vitals, lists.fates) };
    return outcome(tray, steps, result, [effectOf(request.character.name, tracks(before), tracks(chosen.vitals), chosen.fate ? [chosen.fate.name] : [])]);
  },
});

const TurnRequest = Type.Object(
  {
    character: Type.Object({ name: Name }, { additionalProperties: false }),
    move: Type.Optional(Type.Object({ from: Name, to: Name }, { additionalProperties: false })),
    actions: Type.Array(Type.Object({ name: Name, free: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
    itemInteractions: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    gainMomentum: Type.Optional(Type.Boolean()),
    lists: Lists,
    options: Options,
  },
  { additionalProperties: false },
);

export const turn = defineAction({
  summary: "Check a declared turn: one Move to an adjacent band, one Action, at most 2 actions (3 with Gain Momentum)",
  request: TurnRequest,
  resolve(request: Static<typeof TurnRequest>, tray) {
    const options = optionsOf(request.options);
    const lists = listsWith(request.lists);
    const reading = validateTurn(request, lists.zones, lists.actions, {
      baseCap: BASE_ACTION_CAP,
      gainMomentumCap: options.gainMomentumCap,
      gainMomentumExtraAction: options.gainMomentumExtraAction,
    });
    if (!reading.valid) throw new PersonalRefusal(reading.problems.map((p) => p.rule));
    const steps: Step[] = [{ rule: "turn-declared", gainMomentum: request.gainMomentum ?? false, cap: reading.cap, actions: reading.actionsDeclared, free: reading.freeActions }];
    return outcome(tray, steps, { valid: true });
  },
});

const RestRequest = Type.Object({ character: Type.Object({ name: Name, ...vitalsFields }, { additionalProperties: false }), options: Options }, { additionalProperties: false });

export const rest = defineAction({
  summary: "Rest: the Fallen Fate ignores come back to max(Stamina, Control); Resolve, Wounded and fates taken stay as they are",
  request: RestRequest,
  resolve(request: Static<typeof RestRequest>, tray) {
    const before = vitalsFrom(request.character);
    const after = restVitals(before);
    const steps: Step[] = [{ rule: "rest", stamina: before.stamina, control: before.control, ignoresLeft: after.ignoresLeft }];
    return outcome(tray, steps, { ignoresLeft: after.ignoresLeft }, [effectOf(request.character.name, tracks(before), tracks(after))]);
  },
});


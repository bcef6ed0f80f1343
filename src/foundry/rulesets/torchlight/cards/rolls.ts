/**
 * One character's own rolls, from her sheet: a check or a save on a Characteristic, a Phase of
 * Dying saves, and Recovery with days of rest in a Refuge. Each reads the actor as it is now on the
 * GM; Dying and Recovery write her tracks and statuses on Apply.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { CHARACTERISTICS, SCORE_SUM } from "../../../../core/tracks/breath.js";
import { integerIn, oneOf, optionalInteger } from "../../../cards/checks.js";
import { oneOf as oneOfField, optional, requestOf, whole } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import { hasBegun } from "../../../combat/clock.js";
import { rosterActor, rosterKeys } from "../../../combat/roster.js";
import { FRAY_STATUS } from "../../../statuses/index.js";
import { templatePath } from "../../../system.js";
import { damagedThisEncounter, isIncapacitated, rulesCombatant, torchlightSystem } from "../actor-data.js";
import { actorChange, effectFor } from "./apply.js";
import { refuse } from "./common.js";
import { torchlightContext, torchlightHeadline } from "./view.js";
import { cardName } from "../../../cards/documents.js";

const base = { ruleset: "torchlight" as const, template: templatePath("chat/torchlight-card.hbs"), opener: "actor", roles: ["actor"] as const, context: torchlightContext, headline: torchlightHeadline };
const none = (): ActorChange[] => [];

function characteristicOf(raw: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  torchlightSystem(actors.actor!);
  return { characteristic: oneOf(raw.characteristic, CHARACTERISTICS, "characteristic") };
}

export const torchlightCheckCard: CardKind = {
  ...base,
  id: "torchlight.check",
  action: "check",
  request: requestOf({ characteristic: oneOfField(CHARACTERISTICS, "the Characteristic checked (d20 at or under its DC)") }),
  prepare: characteristicOf,
  rulesRequest(request, actors) {
    const key = request.characteristic as (typeof CHARACTERISTICS)[number];
    return { name: cardName(actors.actor!.name), characteristic: key, dc: torchlightSystem(actors.actor!).characteristics[key].dc };
  },
  changes: none,
};

export const torchlightSaveCard: CardKind = {
  ...base,
  id: "torchlight.save",
  action: "save",
  request: requestOf({ characteristic: oneOfField(CHARACTERISTICS, "the Characteristic saved against (d20 at or over its ST)") }),
  prepare: characteristicOf,
  rulesRequest(request, actors) {
    const key = request.characteristic as (typeof CHARACTERISTICS)[number];
    return { name: cardName(actors.actor!.name), characteristic: key, st: SCORE_SUM - torchlightSystem(actors.actor!).characteristics[key].dc };
  },
  changes: none,
};

export const torchlightDyingCard: CardKind = {
  ...base,
  id: "torchlight.dying",
  action: "dying",
  request: requestOf({ hours: optional(whole("hours passed (or units travelled) in the Phase; at least four rounds of saves are rolled", 0, 48)) }),
  prepare(raw, actors) {
    const actor = actors.actor!;
    const system = torchlightSystem(actor);
    if (!system.dying && !isIncapacitated(actor)) refuse("NotDying", { name: actor.name });
    if (system.stabilized) refuse("Stabilized", { name: actor.name });
    if (damagedThisEncounter(actor).length === 0) refuse("NothingDamaged", { name: actor.name });
    return { hours: optionalInteger(raw.hours, 0, 48, "hours") ?? 0 };
  },
  rulesRequest(request, actors) {
    const actor = actors.actor!;
    return { character: rulesCombatant(actor), damaged: damagedThisEncounter(actor), hours: request.hours };
  },
  changes(outcome: Outcome, actors) {
    const actor = actors.actor!;
    const effect = effectFor(outcome.effects, cardName(actor.name));
    const result = outcome.result as { stabilized: boolean; dead: boolean };
    return actorChange(actor, effect, { "system.dying": !result.stabilized && !result.dead, "system.stabilized": result.stabilized });
  },
};

/**
 * Whether the actor fights in a combat that has begun by the GM's clock: an encounter is on. Her
 * own combatant's actor, or her world actor's when the token is not linked; or the GM's roster
 * names her, since a player may delete her combatant (and create it again once she has Recovered).
 */
function inEncounter(actor: Actor.Implementation): boolean {
  for (const entry of game.combats?.contents ?? []) {
    // game.combats holds the configured class; fvtt-types types its entries as the stored base Combat.
    const combat = entry as Combat.Implementation;
    if (!hasBegun(combat)) continue;
    for (const combatant of combat.combatants) if (combatant.actor?.uuid === actor.uuid || combatant.actorId === actor.id) return true;
    if (rosterKeys(combat).some((key) => rosterActor(combat, key) === actor.id)) return true;
  }
  return false;
}

export const torchlightRecoverCard: CardKind = {
  ...base,
  id: "torchlight.recover",
  action: "recover",
  request: requestOf({ restDays: optional(whole("days of rest in a Refuge or a bed", 0, 60)) }),
  prepare(raw, actors) {
    torchlightSystem(actors.actor!);
    // Recovery comes after the encounter (the game's Dying, Stabilization, and Recovery): mid-fight it would stand her up, Breath back.
    if (inEncounter(actors.actor!)) refuse("InEncounter", { name: actors.actor!.name });
    return { restDays: integerIn(raw.restDays ?? 0, 0, 60, "restDays") };
  },
  rulesRequest(request, actors) {
    return { character: rulesCombatant(actors.actor!), restDays: request.restDays };
  },
  changes(outcome, actors) {
    const actor = actors.actor!;
    const effect = effectFor(outcome.effects, cardName(actor.name));
    if ((outcome.result as { dead: boolean }).dead) return [];
    // The encounter is over: what it damaged no longer asks for Dying saves.
    const fields: Record<string, unknown> = { "system.dying": false, "system.stabilized": false, "system.incapacitated": false };
    for (const c of CHARACTERISTICS) fields[`system.encounter.${c}`] = 0;
    return actorChange(actor, effect, fields, { [FRAY_STATUS.dying.id]: false, [FRAY_STATUS.stabilised.id]: false, [FRAY_STATUS.incapacitated.id]: false });
  },
};

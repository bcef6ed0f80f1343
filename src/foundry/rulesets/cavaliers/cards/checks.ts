/**
 * The cavaliers rolls against Standard Opposition: Use a Skill (SP on the Non-Combat Skills table),
 * a Flourish (SP buy Style) and a Survival roll for a Dying character. The roller rolls her pool
 * and the opposition's dice together; on a success she chooses her purchases on the card.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { COMBINED_ACTIONS, type OppositionLevel, STANDARD_OPPOSITION } from "../../../../rules/cavaliers/tables.js";
import { diceLists, flag, oneOf, optionalInteger, optionalString, stringList } from "../../../cards/checks.js";
import { oneOf as oneOfField, requestOf } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { forgetActorCombined, recordActorCombined, roundFields, roundOfRequest } from "../combat/combined.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { FRAY_STATUS } from "../../../statuses/index.js";
import { CAVALIERS_FIELD_DEFAULTS, dyingWith, POOL_FIELDS, statusChanges, trackUpdate } from "./attack.js";
import { cavaliersSystem, participantOf, specialtyOf, woundTrackOfActor } from "./participants.js";
import { cavaliersContext, cavaliersHeadline } from "./view.js";
import { cardName } from "../../../cards/documents.js";

const OPPOSITIONS = Object.keys(STANDARD_OPPOSITION) as OppositionLevel[];

/** The pool choices every check takes: specialty, combined actions, Advantage, Assists, a situational Drop. */
function poolRequest(raw: Record<string, unknown>, actor: Actor.Implementation, fallbackSkill: string): Record<string, unknown> {
  cavaliersSystem(actor);
  const specialtyId = optionalString(raw.specialty, "specialty");
  const specialty = specialtyId ? specialtyOf(actor, actionOfItem(actor, specialtyId), specialtyId) : null;
  const combined = stringList(raw.combined, 8, "combined");
  for (const id of combined) if (!Object.hasOwn(COMBINED_ACTIONS, id)) throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: "combined" }));
  return {
    skill: specialty?.system.action ?? fallbackSkill,
    ...(specialty ? { specialty: specialty.id } : {}),
    combined,
    // The round's Drop 4 and two Areas hold for a check as for an attack: the GM's record, never her word.
    ...roundFields(actor),
    useAdvantage: flag(raw.useAdvantage, "useAdvantage"),
    assists: diceLists(raw.assists, 2, 10, "assists"),
    extraDrop: optionalInteger(raw.extraDrop, 0, 20, "extraDrop") ?? 0,
  };
}

function actionOfItem(actor: Actor.Implementation, itemId: string): string {
  const action = (actor.items.get(itemId)?.system as { action?: unknown } | undefined)?.action;
  return typeof action === "string" ? action : "";
}

function participant(request: Record<string, unknown>, actor: Actor.Implementation) {
  const skill = String(request.skill);
  const pool = participantOf(actor, {
    skill,
    specialty: request.specialty ? specialtyOf(actor, skill, request.specialty) : null,
    useAdvantage: request.useAdvantage === true,
    assists: request.assists as number[][],
    combined: request.combined as string[],
    drop: Number(request.extraDrop ?? 0),
  });
  return { ...pool, ...roundOfRequest(request) };
}

/** A check's combined actions join her round's; undone, they leave the round it was opened in. */
const keepsCombined = {
  opened: (card: CardData, actors: CardActors) => recordActorCombined(actors.actor!, card.request.combined as string[]),
  undone: async (card: CardData, actors: CardActors) => (actors.actor ? forgetActorCombined(actors.actor, card.request.combined as string[], card.request.combinedRound) : undefined),
};

/** The roller's tracks and statuses after the roll (Dying as her Wounds say; dead, awake...). */
function rollerChanges(outcome: Outcome, actors: CardActors): ActorChange[] {
  const actor = actors.actor!;
  const fields = trackUpdate(outcome, 0);
  const wounds = Number(fields["system.wounds.value"] ?? cavaliersSystem(actor).wounds.value);
  const gained = outcome.effects[0]?.statuses ?? [];
  const statuses = statusChanges(actor, wounds, gained);
  // The dead are past Dying.
  if (gained.includes("dead")) statuses[FRAY_STATUS.dying.id] = false;
  return [{ actor, fields, statuses }];
}

const common = {
  ruleset: "cavaliers" as const,
  template: templatePath("chat/cavaliers-card.hbs"),
  opener: "actor",
  roles: ["actor"],
  fieldDefaults: CAVALIERS_FIELD_DEFAULTS,
  changes: rollerChanges,
  context: cavaliersContext,
  headline: cavaliersHeadline,
};

export const cavaliersSkillCard: CardKind = {
  ...common,
  ...keepsCombined,
  id: "cavaliers.skill",
  action: "skill",
  request: requestOf({ opposition: oneOfField(OPPOSITIONS, "the Standard Opposition"), ...POOL_FIELDS }),
  prepare: (raw, actors) => ({ ...poolRequest(raw, actors.actor!, "skill"), opposition: oneOf(raw.opposition, OPPOSITIONS, "opposition") }),
  rulesRequest: (request, actors) => ({
    actor: participant(request, actors.actor!),
    skill: String(request.skill),
    opposition: request.opposition,
    ...(request.spend !== undefined ? { spend: request.spend } : {}),
  }),
};

export const cavaliersFlourishCard: CardKind = {
  ...common,
  ...keepsCombined,
  id: "cavaliers.flourish",
  action: "flourish",
  request: requestOf(POOL_FIELDS),
  prepare: (raw, actors) => poolRequest(raw, actors.actor!, "flourish"),
  rulesRequest: (request, actors) => ({ actor: participant(request, actors.actor!), skill: String(request.skill), ...(request.style !== undefined ? { style: request.style } : {}) }),
};

export const cavaliersSurvivalCard: CardKind = {
  ...common,
  id: "cavaliers.survival",
  action: "survival",
  request: requestOf({}),
  prepare(_raw, actors) {
    const actor = actors.actor!;
    const system = cavaliersSystem(actor);
    if (!dyingWith(actor, system.wounds.value)) throw new Refused(game.i18n!.format("FRAY.Card.Refused.NotDying", { name: actor.name }));
    return {};
  },
  rulesRequest(request, actors) {
    const actor = actors.actor!;
    const system = cavaliersSystem(actor);
    return { name: cardName(actor.name), verve: system.attributes.verve, ...(system.competency ? { competency: system.competency } : {}), wounds: system.wounds.value, woundTrack: woundTrackOfActor(actor), ...(request.spend !== undefined ? { spend: request.spend } : {}) };
  },
};

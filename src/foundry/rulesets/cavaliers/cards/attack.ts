/**
 * The cavaliers attack card: the attacker declares her attack (nothing rolled); the target's owner
 * picks a defence, with her own Advantage and Assist dice, knowing only that; the GM then rolls
 * both pools; the winner spends her SP (and, when a winning defender buys no Negate, the attacker
 * spends on the attack that lands); Apply writes both sides' tracks. The rules' `attack` action
 * decides every number; this file only reads the actors and items into its request.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { isDyingNow } from "../../../../rules/cavaliers/actors.js";
import { areasMoved } from "../../../../rules/cavaliers/combined.js";
import { ACTOR_TYPES, type AttackId, COMBINED_ACTIONS } from "../../../../rules/cavaliers/tables.js";
import { areaContext, placeTokens, standingToken } from "../../../areas/service.js";
import { diceLists, flag, oneOf, optionalInteger, optionalString, stringList } from "../../../cards/checks.js";
import { listOf, oneOf as oneOfField, optional, requestOf, text, whole, yesNo } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardChange, CardKind, DocumentChange } from "../../../cards/kinds.js";
import { recordKey } from "../../../combat/fighter.js";
import { storedState } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { cardOf } from "../../../cards/model.js";
import { CORE_STATUS, FRAY_STATUS, statusIdFor, statusIdsClearedBy } from "../../../statuses/index.js";
import { templatePath } from "../../../system.js";
import { cavaliersAttackCheck } from "../areas.js";
import { forgetActorCombined, recordActorCombined, roundFields, roundOfRequest } from "../combat/combined.js";
import { fightingAs } from "../../../combat/fighting.js";
import type { Interposed } from "../combat/interpose.js";
import type { ParticipantRequest } from "../../../../rules/cavaliers/schemas.js";
import { ATTACK_IDS } from "../ui/gear.js";
import { actorType, cavaliersSystem, defenceItemDie, participantOf, specialtyOf, weaponOf, woundTrackOfActor } from "./participants.js";
import { defenceOf, defenceRefusal } from "./defence.js";
import { cavaliersContext, cavaliersHeadline } from "./view.js";

const FIELDS: Record<string, string> = { yield: "system.yield.value", wounds: "system.wounds.value", advantage: "system.advantage", style: "system.style" };

/** An unset flag reads as this. */
export const CAVALIERS_FIELD_DEFAULTS: Record<string, unknown> = { "flags.fray.riposte": "" };

/** The token statuses a rules effect's statuses set and clear, with Dying as her Wounds now say. */
export function statusChanges(actor: Actor.Implementation, wounds: number, gained: readonly string[]): Record<string, boolean> {
  const statuses: Record<string, boolean> = {};
  for (const word of gained) {
    for (const id of statusIdsClearedBy(word)) statuses[id] = false;
    const id = statusIdFor(word);
    if (id) statuses[id] = true;
  }
  statuses[FRAY_STATUS.dying.id] = dyingWith(actor, wounds);
  return statuses;
}

/** The actor's new tracks from a rules effect (the tracks that moved), as update paths. */
export function trackUpdate(outcome: Outcome, index: number): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [track, change] of Object.entries(outcome.effects[index]?.changes ?? {})) if (Object.hasOwn(FIELDS, track)) update[FIELDS[track]!] = change.to;
  return update;
}

/** Whether the actor is Dying with these Wounds (her own wound track decides, as on her sheet). */
export function dyingWith(actor: Actor.Implementation, wounds: number): boolean {
  return isDyingNow({ woundTrack: woundTrackOfActor(actor), wounds });
}

/**
 * A Riposte bought in a fight, by fighter key, in the GM's record of it (`flags.fray.cavaliersRiposte`):
 * the actor's `flags.fray.riposte` is hers to write, so in a fight it only shows what she holds.
 */
const RIPOSTE_KEY = "cavaliersRiposte";

const riposteIn = (value: unknown): "parry" | "feint" | null => (value === "feint" ? "feint" : value === "parry" || value === true ? "parry" : null);

/**
 * A Riposte bought (from a Parry or a Feint) is kept on the buyer until she makes it: in the GM's
 * record of the active fight she is in, or out of a fight in the GM's own cards (issue 34 item 5).
 * Her actor's `flags.fray.riposte` is a copy for her sheet, hers to write, so it opens nothing.
 */
export function riposteOf(actor: Actor.Implementation): "parry" | "feint" | null {
  const fight = fightingAs(actor);
  if (fight) return riposteIn(storedState(fight.combat, RIPOSTE_KEY, fight.combatant));
  return riposteOnCards(actor);
}

/**
 * Out of a fight, the newest applied attack card the GM wrote that names her decides: one where she
 * bought a Riposte (a won Parry, a Feint) gives it; one where she made it has used it up. An undone
 * or unfinished card counts for nothing, as its Undo took back what it gave.
 */
function riposteOnCards(actor: Actor.Implementation): "parry" | "feint" | null {
  const messages = game.messages?.contents ?? [];
  for (let at = messages.length - 1; at >= 0; at -= 1) {
    const message = messages[at]!;
    const card = message.author?.isGM ? cardOf(message) : null;
    // Settled: applied, or closed when Apply found nothing to change (her sheet's copy already said so).
    if (!card || card.kind !== cavaliersAttackCard.id || (card.state !== "applied" && card.state !== "closed") || !card.outcome || card.outcome.awaiting) continue;
    const bought = (index: number) => card.outcome?.effects[index]?.statuses?.includes("riposte") ?? false;
    if (card.refs.attacker?.actor === actor.uuid) {
      if (card.request.attack === "riposte") return null;
      if (bought(0)) return "feint";
    }
    if (card.refs.defender?.actor === actor.uuid && bought(1)) return "parry";
  }
  return null;
}

/** The Riposte she now holds (or "": made), written in the GM's record of the active fight she is in, with Undo. */
function riposteRecord(actor: Actor.Implementation, riposte: string | null): DocumentChange[] {
  const fight = riposte === null ? null : fightingAs(actor);
  // Under the key storedState reads it by (recordKey), so the write and the read always agree.
  const key = fight ? recordKey(fight.combatant) : null;
  return fight && key ? [{ document: fight.combat, fields: { [`flags.fray.${RIPOSTE_KEY}.${key}`]: riposte } }] : [];
}

/** What every Cavaliers roll's card may be opened with: the pool's choices. */
export const POOL_FIELDS = {
  specialty: optional(text("the item id of the specialty rolled (else the actor's first for the skill)")),
  combined: optional(listOf(oneOfField(Object.keys(COMBINED_ACTIONS), "a combined action"), "combined actions taken with the roll, each adding its Drop")),
  useAdvantage: optional(yesNo("adds the actor's Advantage die")),
  assists: optional(listOf(listOf(whole("a die's size"), "one helper's dice"), "Assist dice, one list per helper (two at most)")),
  extraDrop: optional(whole("situational Drop the GM gives", 0, 20)),
};


function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> {
  const attacker = actors.attacker!;
  if (!actors.defender) throw new Refused(game.i18n!.localize("FRAY.Card.Refused.NoActor"));
  cavaliersSystem(attacker);
  // A Dying target is out of the fight: the rules refuse her defence, so the card does not open.
  if (dyingWith(actors.defender, cavaliersSystem(actors.defender).wounds.value)) throw new Refused(game.i18n!.format("FRAY.Card.Refused.TargetDying", { name: actors.defender.name }));
  // An NPC at her Yield Limit surrendered or is knocked out: she makes no defence, so the card does not open.
  if (actorType(actors.defender) !== "pc" && cavaliersSystem(actors.defender).derived.yieldedOut) throw new Refused(game.i18n!.format("FRAY.Card.Refused.TargetOut", { name: actors.defender.name }));
  const attack = oneOf(raw.attack, ATTACK_IDS, "attack") as AttackId;
  const specialty = specialtyOf(attacker, attack, optionalString(raw.specialty, "specialty"));
  const weapon = weaponOf(attacker, optionalString(raw.weapon, "weapon"));
  const combined = stringList(raw.combined, 8, "combined");
  for (const id of combined) if (!Object.hasOwn(COMBINED_ACTIONS, id)) throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: "combined" }));
  const request: Record<string, unknown> = {
    attack,
    ...(specialty ? { specialty: specialty.id } : {}),
    ...(weapon ? { weapon: weapon.id } : {}),
    combined,
    useAdvantage: flag(raw.useAdvantage, "useAdvantage"),
    assists: diceLists(raw.assists, 2, 10, "assists"),
    extraDrop: optionalInteger(raw.extraDrop, 0, 20, "extraDrop") ?? 0,
  };
  // Between two tokens on a scene with Areas, the Areas they stand in decide range and cover (a request
  // that leaves the tokens out reads them through the fighters' tokens); with no token on such a scene, the roller says.
  const standing = [standingToken(attacker, tokens.attacker), standingToken(actors.defender, tokens.defender)] as const;
  const placing = placeTokens(standing);
  if ("refusal" in placing) throw new Refused(placing.refusal);
  const context = "placed" in placing ? areaContext(standing[0]!, standing[1]!) : null;
  const reach = cavaliersAttackCheck(context, attack, weapon?.system.rangeDrops ?? null, areasMoved(combined));
  if (!reach.allowed) throw new Refused(reach.reason ?? "");
  const range = context ? context.range : optionalInteger(raw.range, 0, 99, "range");
  // Cover hinders only an Aim fired into an Area; a Lunge or Brawl that closes in meets none.
  const cover = context ? (attack === "aim" ? context.cover : 0) : (optionalInteger(raw.cover, 0, 2, "cover") ?? 0);
  if (range !== undefined && range !== null) request.range = range;
  if (cover) request.cover = cover;
  if (attack === "aim" && weapon) request.rangeDrops = { ...weapon.system.rangeDrops };
  // Her round so far, from the GM's records on the Combat, never her word: an opponent's Interpose
  // holding her in her Area (the rules refuse her Move), what she took earlier towards Drop 4 and two Areas.
  Object.assign(request, roundFields(attacker));
  if (attack === "riposte") {
    const after = riposteOf(attacker);
    if (!after) throw new Refused(game.i18n!.format("FRAY.Card.Refused.NoRiposte", { name: attacker.name }));
    request.riposteAfter = after;
  }
  return request;
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const attacker = actors.attacker!;
  const defender = actors.defender!;
  const attack = String(request.attack);
  const weapon = weaponOf(attacker, request.weapon);
  const rules: Record<string, unknown> = {
    attack,
    attacker: participantOf(attacker, {
      skill: attack,
      specialty: specialtyOf(attacker, attack, request.specialty),
      itemDie: weapon?.system.itemDie ?? 0,
      useAdvantage: request.useAdvantage === true,
      assists: request.assists as number[][],
      combined: request.combined as string[],
      drop: Number(request.extraDrop ?? 0),
    }),
  };
  Object.assign(rules.attacker as ParticipantRequest, roundOfRequest(request));
  for (const key of ["range", "cover", "rangeDrops", "riposteAfter", "spend", "landingSpend"]) if (request[key] !== undefined) rules[key] = request[key];
  const defence = defenceOf(request);
  if (defence) {
    rules.defence = defence.skill;
    // One who interposed from the next Area took a Move to get there: its Drop 1 goes on her defence.
    const interposed = interposedOf(request);
    rules.defender = participantOf(defender, {
      skill: defence.skill,
      specialty: specialtyOf(defender, defence.skill),
      itemDie: defenceItemDie(defender, defence.skill),
      useAdvantage: defence.useAdvantage,
      assists: defence.assists,
      ...(interposed?.move ? { combined: ["move"] } : {}),
    });
  }
  return rules;
}

/** The Interpose the GM wrote on the card (combat/interpose.ts), if any. */
function interposedOf(request: Record<string, unknown>): Interposed | null {
  const value = request.interposed;
  return typeof value === "object" && value !== null ? (value as Interposed) : null;
}

/** One side's tracks and statuses after the exchange; `riposte` is the Riposte she now holds (null: unchanged). */
function sideChanges(actor: Actor.Implementation, outcome: Outcome, index: number, riposte: string | null): ActorChange {
  const fields = trackUpdate(outcome, index);
  const wounds = Number(fields["system.wounds.value"] ?? cavaliersSystem(actor).wounds.value);
  if (riposte !== null) fields["flags.fray.riposte"] = riposte;
  return { actor, fields, statuses: statusChanges(actor, wounds, outcome.effects[index]?.statuses ?? []) };
}

function changes(outcome: Outcome, actors: CardActors, request: Record<string, unknown>): CardChange[] {
  const bought = (index: number) => outcome.effects[index]?.statuses?.includes("riposte") ?? false;
  // A Riposte is used up when made; one bought by a winning Parry (the defender) or a Feint (the attacker) is kept.
  const attackerRiposte = bought(0) ? "feint" : request.attack === "riposte" ? "" : null;
  const defenderRiposte = bought(1) ? "parry" : null;
  return [
    sideChanges(actors.attacker!, outcome, 0, attackerRiposte),
    sideChanges(actors.defender!, outcome, 1, defenderRiposte),
    ...riposteRecord(actors.attacker!, attackerRiposte),
    ...riposteRecord(actors.defender!, defenderRiposte),
  ];
}

/** An NPC left at her Yield Limit is out: the GM picks surrender or knocked out. */
function outCandidate(outcome: Outcome, actors: CardActors): string {
  for (const [index, role] of [[1, "defender"], [0, "attacker"]] as const) {
    const actor = actors[role]!;
    const type = actorType(actor);
    if (type === "pc") continue;
    const system = cavaliersSystem(actor);
    const yieldNow = Number(outcome.effects[index]?.changes.yield?.to ?? system.yield.value);
    const wounds = Number(outcome.effects[index]?.changes.wounds?.to ?? system.wounds.value);
    const limit = ACTOR_TYPES[type].yieldLimit(system.competency) - wounds;
    if (yieldNow >= limit) return role;
  }
  return "";
}

export const cavaliersAttackCard: CardKind = {
  id: "cavaliers.attack",
  ruleset: "cavaliers",
  action: "attack",
  template: templatePath("chat/cavaliers-card.hbs"),
  opener: "attacker",
  roles: ["attacker", "defender"],
  request: requestOf({
    attack: oneOfField(ATTACK_IDS, "the attack specialty"),
    weapon: optional(text("the item id of the weapon (else unarmed, or the attack's usual weapon)")),
    ...POOL_FIELDS,
    range: optional(whole("Areas between them, where no token stands on a scene with Areas", 0, 99)),
    cover: optional(whole("cover into the target's Area (Drop 1 or 2), where no token stands on a scene with Areas", 0, 2)),
  }),
  prepare,
  rulesRequest,
  // The defence is chosen before any die; then the GM rolls both pools, so neither side's client picks a face.
  gmRolls: ["defence"],
  checkChoice: (choice, value) => (choice === "defence" ? defenceRefusal(value) : null),
  fieldDefaults: CAVALIERS_FIELD_DEFAULTS,
  changes,
  notesAfterApply(outcome, actors) {
    const dying = (["attacker", "defender"] as const).filter((role, index) => actorType(actors[role]!) === "pc" && dyingWith(actors[role]!, Number(outcome.effects[index]?.changes.wounds?.to ?? cavaliersSystem(actors[role]!).wounds.value)));
    return { outCandidate: outCandidate(outcome, actors), dying };
  },
  // The attack's combined actions join her round's (the next attack or Interpose reads them).
  opened: (card, actors) => recordActorCombined(actors.attacker!, card.request.combined as string[]),
  // Undone, the attack never happened: its combined actions leave the round it was opened in.
  undone: async (card, actors) => (actors.attacker ? forgetActorCombined(actors.attacker, card.request.combined as string[], card.request.combinedRound) : undefined),
  followUps: {
    out: {
      check(card, value, asker) {
        if (!asker.isGM) return game.i18n!.localize("FRAY.Card.Refused.GMOnly");
        if (!card.notes.outCandidate || card.notes.out) return game.i18n!.format("FRAY.Card.Refused.WrongStep", { state: card.state });
        return value === "surrender" || value === "knocked-out" ? null : game.i18n!.format("FRAY.Card.Refused.NoChoice", { choice: value.slice(0, 40) });
      },
      changes: (card, value, actors) => [{ actor: actors[String(card.notes.outCandidate)]!, statuses: { [value === "surrender" ? FRAY_STATUS.surrendered.id : CORE_STATUS.unconscious.id]: true } }],
      note: (value) => ({ out: value }),
    },
  },
  context: cavaliersContext,
  headline: cavaliersHeadline,
};

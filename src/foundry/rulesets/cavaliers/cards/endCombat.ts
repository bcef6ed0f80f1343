/**
 * The end of a cavaliers fight, posted when the GM ends the Combat: everyone's Yield goes back to 0
 * and each Dying NPC dies unless her owner (the GM) says a Medicine attempt saved her. The card
 * names every actor of the fight (roles c0, c1...), waits for each Dying NPC's fate, then Apply
 * writes Yield and statuses at once; only a GM opens it and only a GM takes it back. The rules'
 * `end-combat` action decides everything; this file reads the actors into its request.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { openCardAsGm } from "../../../cards/index.js";
import { requestOf } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardHeadline, CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { statusIdFor, statusIdsClearedBy } from "../../../statuses/index.js";
import { templatePath } from "../../../system.js";
import { actorType, cavaliersSystem, woundTrackOfActor } from "./participants.js";

/** A fight's actors are roles c0, c1...; a Combat of more than this many is ended without a card. */
export const MAX_COMBATANTS = 60;
export const COMBATANT_ROLES: readonly string[] = Array.from({ length: MAX_COMBATANTS }, (_, i) => `c${i}`);

/** The two fates a Dying NPC's owner picks between on the card. */
export const MEDICINE_FATES = { saved: true, "not-saved": false } as const;

const loc = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Card.End.${key}`, data) : game.i18n!.localize(`FRAY.Card.End.${key}`));

/** Each role's name as the rules and the card show it; two tokens of one name become "Guard" and "Guard 2". */
function namesOf(actors: CardActors): Record<string, string> {
  const names: Record<string, string> = {};
  const seen = new Map<string, number>();
  for (const role of COMBATANT_ROLES) {
    const actor = actors[role];
    if (!actor) continue;
    const count = (seen.get(actor.name) ?? 0) + 1;
    seen.set(actor.name, count);
    names[role] = count === 1 ? actor.name : `${actor.name} ${count}`;
  }
  return names;
}

function prepare(raw: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  if (Object.keys(raw).length) throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: Object.keys(raw)[0]!.slice(0, 40) }));
  const seen = new Set<string>();
  for (const actor of Object.values(actors)) {
    cavaliersSystem(actor);
    if (seen.has(actor.uuid)) throw new Refused(loc("Twice", { name: actor.name }));
    seen.add(actor.uuid);
  }
  return {};
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const names = namesOf(actors);
  const combatants = Object.entries(names).map(([role, name]) => {
    const actor = actors[role]!;
    const system = cavaliersSystem(actor);
    return { name, id: role, type: actorType(actor), yield: system.yield.value, wounds: system.wounds.value, woundTrack: woundTrackOfActor(actor), competency: system.competency };
  });
  const medicine = request.medicine as Record<string, unknown> | undefined;
  // The card's buttons send a fate's word; the rules take true or false (anything else fails their schema).
  const fates = medicine ? Object.fromEntries(Object.entries(medicine).map(([role, word]) => [role, typeof word === "string" && Object.hasOwn(MEDICINE_FATES, word) ? MEDICINE_FATES[word as keyof typeof MEDICINE_FATES] : word])) : undefined;
  return { combatants, ...(fates ? { medicine: fates } : {}) };
}

/** Each actor's Yield and statuses after the fight: Yield 0, fighting on ended, the dead dead, the saved kept alive. */
function changes(outcome: Outcome, actors: CardActors): ActorChange[] {
  const names = namesOf(actors);
  const changed: ActorChange[] = [];
  for (const [role, name] of Object.entries(names)) {
    const effect = outcome.effects.find((e) => e.participant === name);
    if (!effect) continue;
    const fields: Record<string, unknown> = {};
    if (effect.changes.yield) fields["system.yield.value"] = effect.changes.yield.to;
    const statuses: Record<string, boolean> = {};
    for (const word of effect.statuses ?? []) {
      for (const id of statusIdsClearedBy(word)) statuses[id] = false;
      const id = statusIdFor(word);
      if (id) statuses[id] = true;
    }
    changed.push({ actor: actors[role]!, fields, statuses });
  }
  return changed;
}

function nameOf(card: CardData, role: string): string {
  const uuid = card.refs[role]?.actor;
  const actor = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  return actor instanceof Actor ? actor.name : role;
}

function context(card: CardData): Record<string, unknown> {
  const outcome = card.outcome;
  const awaiting = outcome?.awaiting ?? null;
  const result = (outcome?.result ?? {}) as { died?: string[]; saved?: string[]; dyingPcs?: string[] };
  return {
    title: loc("Title"),
    medicine: awaiting
      ? {
          owner: card.refs[awaiting.by]?.actor ?? "",
          name: nameOf(card, awaiting.by),
          choice: awaiting.choice,
          fates: Object.keys(MEDICINE_FATES).map((fate) => ({ value: fate, label: loc(`Fate.${fate}`) })),
        }
      : null,
    died: result.died?.join(", ") ?? "",
    saved: result.saved?.join(", ") ?? "",
    dyingPcs: result.dyingPcs?.join(", ") ?? "",
    // Dying PCs' owners may roll for survival from here, as from the card that left them Dying.
    survival: card.state === "applied" ? COMBATANT_ROLES.filter((role) => card.refs[role] && (result.dyingPcs ?? []).includes(nameOf(card, role))).map((role) => ({ actor: card.refs[role]!.actor })) : [],
  };
}

/** The end's first line: who died, who is still Dying, or that everyone only catches her breath; while it waits, the Medicine question. */
function headline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const medicine = context.medicine as { owner: string; name: string } | null;
  if (medicine) return { text: loc("AwaitingMedicine", { name: medicine.name }), chooser: medicine.owner, yours: loc("YourMedicine", { name: medicine.name }) };
  if (!card.outcome) return { text: "" };
  const said = [context.died ? loc("Died", { names: String(context.died) }) : "", context.dyingPcs ? loc("Headline.dying", { names: String(context.dyingPcs) }) : ""].filter(Boolean);
  return { text: said.length ? said.join(". ") : loc("Headline.calm") };
}

export const cavaliersEndCombatCard: CardKind = {
  id: "cavaliers.endCombat",
  speaker: "fight",
  ruleset: "cavaliers",
  action: "end-combat",
  template: templatePath("chat/cavaliers-end.hbs"),
  opener: "c0",
  roles: COMBATANT_ROLES,
  request: requestOf({}),
  openBy: "gm",
  undoBy: "gm",
  prepare,
  rulesRequest,
  changes,
  context,
  headline,
};

/**
 * On the GM's client that ended the Combat: the card of its end, naming each actor of the fight once
 * (a token's own actor when it is not linked). The card engine serves it as any card (its rules are
 * run again on the active GM's side); a fight larger than the card's roles resets Yield directly.
 */
export async function postEndOfCombat(combat: Combat.Implementation): Promise<void> {
  const refs: Record<string, { actor: string; token?: string }> = {};
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor || seen.has(actor.uuid) || !isCavaliers(actor)) continue;
    seen.add(actor.uuid);
    const token = combatant.token;
    refs[`c${seen.size - 1}`] = token && !token.actorLink ? { actor: actor.uuid, token: token.uuid } : { actor: actor.uuid };
  }
  if (!seen.size) return;
  if (seen.size > MAX_COMBATANTS) {
    // Dotted paths built at run time are outside fvtt-types' typed update data.
    for (const combatant of combat.combatants) await combatant.actor?.update({ "system.yield.value": 0 } as never);
    return;
  }
  await openCardAsGm({ kind: cavaliersEndCombatCard.id, refs, request: {} });
}

function isCavaliers(actor: Actor.Implementation): boolean {
  try {
    cavaliersSystem(actor);
    return true;
  } catch {
    return false;
  }
}

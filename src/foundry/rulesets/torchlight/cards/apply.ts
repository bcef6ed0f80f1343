/**
 * What the torchlight cards' Apply writes, shared by the kinds: an outcome's track changes as
 * update paths, its status words as token statuses, and the Combat's state (queued hits, marks,
 * cells...) as flag paths on the Combat, so the engine records them and Undo takes them back.
 */
import { CHARACTERISTICS } from "../../../../core/tracks/breath.js";
import type { Effect } from "../../../../core/outcome.js";
import { MANEUVERS, type ManeuverName } from "../../../../rules/torchlight/tables.js";
import type { ActorChange } from "../../../cards/kinds.js";
import { statusIdFor, statusIdsClearedBy } from "../../../statuses/index.js";
import { statePath } from "../combat/state.js";

const TRACK_FIELDS: Record<string, string> = {
  breath: "system.breath.value",
  incapacitated: "system.incapacitated",
  ...Object.fromEntries(CHARACTERISTICS.map((c) => [`${c}Dc`, `system.characteristics.${c}.dc`])),
};

/** The actor fields a rules effect changed (STs are derived, so only DCs are written). */
export function trackFields(effect: Effect | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [track, change] of Object.entries(effect?.changes ?? {})) if (Object.hasOwn(TRACK_FIELDS, track)) fields[TRACK_FIELDS[track]!] = change.to;
  return fields;
}

/** The token statuses a list of status words sets and clears (a word that ends a status clears it). */
export function statusChanges(words: readonly string[]): Record<string, boolean> {
  const statuses: Record<string, boolean> = {};
  for (const word of words) {
    for (const id of statusIdsClearedBy(word)) statuses[id] = false;
    const id = statusIdFor(word);
    if (id) statuses[id] = true;
  }
  return statuses;
}

/** The effect a rules outcome has for one participant (by the name the request gave it). */
export function effectFor(effects: readonly Effect[], name: string): Effect | undefined {
  return effects.find((effect) => effect.participant === name);
}

/** One actor's part of an Apply: its tracks and statuses (nothing when it has neither). */
export function actorChange(actor: Actor.Implementation, effect: Effect | undefined, extraFields: Record<string, unknown> = {}, extraStatuses: Record<string, boolean> = {}): ActorChange[] {
  const fields = { ...trackFields(effect), ...extraFields };
  const statuses = { ...statusChanges(effect?.statuses ?? []), ...extraStatuses };
  return Object.keys(fields).length || Object.keys(statuses).length ? [{ actor, fields, statuses }] : [];
}

/** The status word a Maneuver marks, and on whom. */
export function maneuverMark(name: ManeuverName): { word: string; on: "self" | "target" } | null {
  const definition = MANEUVERS[name];
  if (definition.selfStatus) return { word: definition.selfStatus, on: "self" };
  if (definition.targetStatus) return { word: definition.targetStatus, on: "target" };
  return null;
}

/** The Combat's flag paths for the marks the Maneuvers taken leave (Trip's Prone and Disarm need none: they last until cleared). */
export function markFields(taken: readonly { name: string; success: boolean }[], round: number, self: string, target: string | null): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const { name, success } of taken) {
    const mark = success ? maneuverMark(name as ManeuverName) : null;
    if (!mark || MANEUVERS[name as ManeuverName].lasts === "lasting") continue;
    const bearer = mark.on === "self" ? self : target;
    if (!bearer) continue;
    fields[statePath("marks", bearer, mark.word)] = { taken: round, by: mark.on === "self" ? target : self };
  }
  return fields;
}

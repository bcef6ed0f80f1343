/**
 * What the tracker knows of a Drama fight, kept by the GM in the Combat's flags (no player may
 * write them): the stance each combatant declared in each round, the GM-agreed modifiers of a
 * Dramatic stance, and who holds Momentum in each pairing that has fought. Every value read back is
 * checked, as a hand edit or another version may leave anything there.
 *
 *   flags.fray.dramaStances.r<round>.<combatant id>   = a stance
 *   flags.fray.dramaDramatic.r<round>.<combatant id>  = { base, resistance, drama, armour, momentum }
 *   flags.fray.dramaMomentum.<id>_<id>                = the holder's combatant id (ids sorted)
 */
import type { DramaticModifiers } from "../../../../rules/drama/combatant.js";
import { STANCES, type Stance } from "../../../../rules/drama/tables.js";
import { sideOf as rosterSide } from "../../../combat/roster.js";
import { SYSTEM_ID } from "../../../system.js";

export const STANCES_KEY = "dramaStances";
export const DRAMATIC_KEY = "dramaDramatic";
export const MOMENTUM_KEY = "dramaMomentum";
const DRAMATIC_FIELDS = ["base", "resistance", "drama", "armour", "momentum"] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function flagsOf(combat: Combat.Implementation, key: string): Record<string, unknown> {
  // Fray's flag scope is not declared to fvtt-types (FlagConfig), so scope and key are untyped here.
  const value = combat.getFlag(SYSTEM_ID as never, key as never) as unknown;
  return isRecord(value) ? value : {};
}

export const stancePath = (round: number, combatantId: string) => `flags.${SYSTEM_ID}.${STANCES_KEY}.r${round}.${combatantId}`;
export const dramaticPath = (round: number, combatantId: string) => `flags.${SYSTEM_ID}.${DRAMATIC_KEY}.r${round}.${combatantId}`;
export const pairKey = (a: string, b: string) => [a, b].sort().join("_");
export const momentumPath = (a: string, b: string) => `flags.${SYSTEM_ID}.${MOMENTUM_KEY}.${pairKey(a, b)}`;

export function readDramatic(value: unknown): DramaticModifiers | undefined {
  if (!isRecord(value)) return undefined;
  const out: DramaticModifiers = {};
  for (const field of DRAMATIC_FIELDS) {
    const n = value[field];
    if (n === undefined || n === 0) continue;
    if (!Number.isInteger(n) || (n as number) < -20 || (n as number) > 20) return undefined;
    out[field] = n as number;
  }
  return out;
}

/** A Dramatic stance's modifiers as stored: every field present, so a later write replaces them all. */
export function storedDramatic(modifiers: DramaticModifiers | undefined): Record<string, number> {
  return Object.fromEntries(DRAMATIC_FIELDS.map((field) => [field, modifiers?.[field] ?? 0]));
}

/** The stance a combatant declared in a round (with a Dramatic stance's modifiers), or null. */
export function declaredStance(combat: Combat.Implementation | null | undefined, combatantId: string | null | undefined, round: number): { stance: Stance; dramatic?: DramaticModifiers } | null {
  if (!combat || !combatantId) return null;
  const inRound = flagsOf(combat, STANCES_KEY)[`r${round}`];
  const stance = isRecord(inRound) ? inRound[combatantId] : undefined;
  if (typeof stance !== "string" || !(STANCES as readonly string[]).includes(stance)) return null;
  if (stance !== "dramatic") return { stance: stance as Stance };
  const dramaticRound = flagsOf(combat, DRAMATIC_KEY)[`r${round}`];
  const dramatic = readDramatic(isRecord(dramaticRound) ? dramaticRound[combatantId] : undefined);
  return dramatic && Object.keys(dramatic).length ? { stance: "dramatic", dramatic } : { stance: "dramatic" };
}

/** Who holds Momentum between two combatants (a combatant id), or null when they have not fought. */
export function momentumHolder(combat: Combat.Implementation | null | undefined, a: string, b: string): string | null {
  if (!combat) return null;
  const holder = flagsOf(combat, MOMENTUM_KEY)[pairKey(a, b)];
  return holder === a || holder === b ? holder : null;
}

/** Every stored pair a combatant holds Momentum in, as the other combatants' ids. */
export function holdsMomentumOver(combat: Combat.Implementation, combatantId: string): string[] {
  const over: string[] = [];
  for (const [key, holder] of Object.entries(flagsOf(combat, MOMENTUM_KEY))) {
    const ids = key.split("_");
    if (ids.length !== 2 || holder !== combatantId || !ids.includes(combatantId)) continue;
    const other = ids.find((id) => id !== combatantId);
    if (other && combat.combatants.has(other)) over.push(other);
  }
  return over;
}

/** Whether the tracker's flags hold something it cannot read for this combatant. */
export function hasBadDramaState(combat: Combat.Implementation | null, combatant: Combatant.Implementation): boolean {
  if (!combat) return false;
  const id = combatant.id ?? "";
  for (const round of Object.values(flagsOf(combat, STANCES_KEY))) {
    if (!isRecord(round)) continue;
    const value = round[id];
    if (value !== undefined && value !== null && !(typeof value === "string" && (STANCES as readonly string[]).includes(value))) return true;
  }
  for (const round of Object.values(flagsOf(combat, DRAMATIC_KEY))) {
    if (!isRecord(round)) continue;
    const value = round[id];
    if (value !== undefined && value !== null && readDramatic(value) === undefined) return true;
  }
  return false;
}

/** The combat a token or actor fights in (the active one first), and its combatant. */
export function combatantFor(actor: Actor.Implementation, token: TokenDocument.Implementation | null): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  // game.combats holds the configured class (FrayCombat); fvtt-types types its entries as the stored base Combat.
  const combats = [...(game.combats?.contents ?? [])] as unknown as Combat.Implementation[];
  const ordered = [...combats.filter((c) => c.active), ...combats.filter((c) => !c.active)];
  // An unlinked token's actor is its own: through its token, never the first token of its world actor.
  const via = token ?? (actor.token as TokenDocument.Implementation | null);
  for (const combat of ordered) {
    const combatant = combat.combatants.find((c) => (via ? c.tokenId === via.id : c.actorId === actor.id && !c.tokenId) || (!via && c.actorId === actor.id));
    if (combatant) return { combat, combatant };
  }
  return null;
}

/** Which side a combatant fights on: the roster's (its token's disposition when it joined, or the GM's since), else player characters against the rest. */
export function sideOf(combat: Combat.Implementation, combatant: Combatant.Implementation): number {
  return rosterSide(combat, combatant) ?? (combatant.actor?.type === "dramaCharacter" ? 1 : -1);
}

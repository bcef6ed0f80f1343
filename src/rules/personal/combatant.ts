import { fateIgnoreRefusal, freshTrack, ignoreBudget, ignoreFate, type ResolveTrack, takeDamage } from "../../core/tracks/resolve.js";
import { type FallenFate, IGNORE } from "./lists.js";
import type { PersonalOptions } from "./options.js";

/** PCs and significant NPCs can be Wounded; the seed says nothing of minor NPCs (house default). */
export type CombatantKind = "pc" | "significant" | "minor";

/** What Resolve, Wounded and fates leave on a character between actions. */
export interface Vitals {
  kind: CombatantKind;
  resolve: number;
  maxResolve: number;
  wounded: boolean;
  stamina: number;
  control: number;
  /** Fallen Fates she may still ignore before her next Rest. */
  ignoresLeft: number;
  /** Fallen Fates taken so far. */
  fates: string[];
  /** Out of the fight without a fate: a minor NPC at 0, or (option off) a significant NPC. */
  defeated: boolean;
}

/** As a request gives it: everything past Resolve and the two ranks may be left out. */
export interface VitalsInput {
  kind?: CombatantKind;
  resolve: number;
  maxResolve: number;
  wounded?: boolean;
  stamina: number;
  control: number;
  ignoresLeft?: number;
  fates?: string[];
  defeated?: boolean;
}

export function vitalsFrom(input: VitalsInput): Vitals {
  const fresh = freshTrack(input.maxResolve, input.stamina, input.control, input.resolve);
  return {
    kind: input.kind ?? "pc",
    resolve: fresh.resolve,
    maxResolve: input.maxResolve,
    wounded: input.wounded ?? fresh.wounded,
    stamina: input.stamina,
    control: input.control,
    ignoresLeft: input.ignoresLeft ?? fresh.ignoresLeft,
    fates: [...(input.fates ?? [])],
    defeated: input.defeated ?? false,
  };
}

function trackOf(vitals: Vitals): ResolveTrack {
  return { resolve: vitals.resolve, maxResolve: vitals.maxResolve, wounded: vitals.wounded, ignoresLeft: vitals.ignoresLeft };
}

/** How a character falls: by Fallen Fates, Wounded then defeated, or defeated at 0. */
export function fallsBy(kind: CombatantKind, options: PersonalOptions): "fates" | "wounded-then-defeated" | "defeated-at-zero" {
  if (kind === "minor" && !options.minorNpcsWounded) return "defeated-at-zero";
  if (kind === "pc" || options.significantNpcFates) return "fates";
  return "wounded-then-defeated";
}

export interface HitReading {
  vitals: Vitals;
  becameWounded: boolean;
  becameDefeated: boolean;
  fateNeeded: boolean;
  canIgnore: boolean;
  ignoreRefused?: "budget-spent" | "damage-over-half";
}

/** Takes damage (net of armour) off a character; a defeated character takes nothing more. */
export function applyHit(vitals: Vitals, damage: number, options: PersonalOptions): HitReading {
  const none = { becameWounded: false, becameDefeated: false, fateNeeded: false, canIgnore: false };
  if (vitals.defeated) return { vitals: { ...vitals, fates: [...vitals.fates] }, ...none };
  const hit = takeDamage(trackOf(vitals), damage);
  const after: Vitals = { ...vitals, fates: [...vitals.fates], resolve: hit.track.resolve, wounded: hit.track.wounded };
  const falls = fallsBy(vitals.kind, options);
  // A minor NPC given at 0 Resolve (not yet marked defeated) falls to the next damage as well.
  if ((hit.becameWounded || hit.fateNeeded) && falls === "defeated-at-zero") {
    return { vitals: { ...after, wounded: false, defeated: true }, ...none, becameDefeated: true };
  }
  if (hit.fateNeeded && falls === "wounded-then-defeated") {
    return { vitals: { ...after, defeated: true }, ...none, becameDefeated: true };
  }
  return {
    vitals: after,
    becameWounded: hit.becameWounded,
    becameDefeated: false,
    fateNeeded: hit.fateNeeded,
    canIgnore: hit.canIgnore,
    ...(hit.ignoreRefused ? { ignoreRefused: hit.ignoreRefused } : {}),
  };
}

/** "ignore", or the name of a Fallen Fate. */
export type FateChoice = string;

export type FateRefusal = "not-wounded" | "no-damage" | "unknown-fate" | "budget-spent" | "damage-over-half";

export interface FateReading {
  vitals: Vitals;
  ignored: boolean;
  /** The fate taken, when one was. */
  fate?: FallenFate;
}

/** Why a hit of `damage` calls for no Fallen Fate from her, or undefined when it does. */
export function fateNotNeeded(vitals: Vitals, damage: number): "not-wounded" | "no-damage" | undefined {
  if (!vitals.wounded) return "not-wounded";
  if (damage < 1) return "no-damage";
  return undefined;
}

/** Why this choice after a hit of `damage` is refused, or undefined when it stands. */
export function fateRefusal(vitals: Vitals, damage: number, choice: FateChoice, fates: readonly FallenFate[]): FateRefusal | undefined {
  const notNeeded = fateNotNeeded(vitals, damage);
  if (notNeeded) return notNeeded;
  if (choice === IGNORE) return fateIgnoreRefusal(trackOf(vitals), damage);
  if (!fates.some((fate) => fate.name === choice)) return "unknown-fate";
  return undefined;
}

/** Applies the Wounded character's answer to a hit of `damage`: ignore it (spending one) or take a fate. */
export function chooseFate(vitals: Vitals, damage: number, choice: FateChoice, fates: readonly FallenFate[]): FateReading | FateRefusal {
  const refusal = fateRefusal(vitals, damage, choice, fates);
  if (refusal !== undefined) return refusal;
  if (choice === IGNORE) {
    const track = ignoreFate(trackOf(vitals), damage) as ResolveTrack;
    return { vitals: { ...vitals, fates: [...vitals.fates], ignoresLeft: track.ignoresLeft }, ignored: true };
  }
  const fate = fates.find((f) => f.name === choice) as FallenFate;
  return { vitals: { ...vitals, fates: [...vitals.fates, fate.name] }, ignored: false, fate };
}

/**
 * What a Wounded character may answer a hit of `damage` with: any fate on the list, or ignoring
 * it when the rules allow (`ignore`), with the numbers that decide it.
 */
export function fateOffer(vitals: Vitals, damage: number, fates: readonly FallenFate[]): Record<string, unknown> {
  const refused = fateRefusal(vitals, damage, "ignore", fates);
  return {
    fates: fates.map((fate) => ({ name: fate.name, outOfFight: fate.outOfFight })),
    ignore: refused === undefined,
    ...(refused ? { ignoreRefused: refused } : {}),
    ignoresLeft: vitals.ignoresLeft,
    ignoreLimit: Math.floor(vitals.maxResolve / 2),
    damage,
  };
}

/** Out of the fight: defeated, or carrying a fate that ends her part in it. */
export function isOut(vitals: Vitals, fates: readonly FallenFate[]): boolean {
  return vitals.defeated || vitals.fates.some((name) => fates.find((f) => f.name === name)?.outOfFight === true);
}

/** A Rest gives back the whole ignore budget; the seed says nothing of what else it restores. */
export function rest(vitals: Vitals): Vitals {
  return { ...vitals, fates: [...vitals.fates], ignoresLeft: ignoreBudget(vitals.stamina, vitals.control) };
}

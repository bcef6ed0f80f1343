import type { AttackId, OppositionLevel } from "../../../rules/cavaliers/tables.js";

/**
 * The contract between the cavaliers UI (sheet buttons, the attack dialog, macros) and the roll
 * flow that posts chat cards. The UI gathers these; `postAttack` / `postCheck` (cards/post.ts)
 * build the pools from the actors' data and items, roll through Foundry's Roll API and post the card.
 */
export interface AttackRequest {
  /** Actor uuids. */
  attackerUuid: string;
  targetUuid: string;
  /** Token uuids when the attack was made between tokens on a scene (for Areas, range and cover). */
  attackerTokenUuid?: string;
  targetTokenUuid?: string;
  attack: AttackId;
  /** The specialty item (on the attacker) whose ranks join the pool, if any. */
  specialtyItemId?: string;
  /** The weapon item whose item die joins the pool and whose range-band Drops apply, if any. */
  weaponItemId?: string;
  /** Combined-action ids (keys of the rules' COMBINED_ACTIONS) taken with the attack. */
  combined: string[];
  useAdvantage: boolean;
  /** Pending Assist dice, one list per helper (at most two). */
  assists: number[][];
  /** Range in Areas (0 = same Area) and the cover Drop into the target's Area, when known. */
  range?: number;
  cover?: number;
  /** A situational Drop the GM imposes (a pitching deck...). */
  extraDrop?: number;
  rollMode?: string;
}

export type CheckKind = "skill" | "flourish" | "survival";

export interface CheckRequest {
  actorUuid: string;
  kind: CheckKind;
  specialtyItemId?: string;
  /** Standard Opposition; Flourish is always Easy and Survival always Moderate. */
  opposition: OppositionLevel;
  combined: string[];
  /** The Advantage die is for attack and defence rolls only: a check never takes it. */
  assists: number[][];
  extraDrop?: number;
  rollMode?: string;
}

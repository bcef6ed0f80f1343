import type { Static, TSchema } from "@sinclair/typebox";
import type { DiceTray } from "../core/dice/source.js";
import type { Observation, Odds } from "../core/odds/odds.js";
import type { FightResult, FightSides } from "../core/fight/engine.js";
import type { Outcome } from "../core/outcome.js";
import type { OptionDefinition } from "./options.js";

/** The five rulesets a world can play; the id is the value of the world setting. */
export const RULESET_IDS = ["cavaliers", "drama", "unhex", "personal", "torchlight"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/**
 * One kind of action a ruleset resolves (an attack, an initiative roll, a save...). The request
 * schema is the contract with the command line and the Foundry layer alike: whatever passes it can
 * be resolved, and `resolve` takes its dice only from the tray.
 */
export interface RulesetAction<S extends TSchema = TSchema> {
  /** One line for `fray rulesets`, in plain words. */
  summary: string;
  request: S;
  resolve(request: Static<S>, tray: DiceTray): Outcome;
  /** The exact odds of what `resolve` can do with this request, for actions whose dice allow it. */
  odds?: ActionOdds<S>;
}

/**
 * The exact odds of an action, computed from the same rules `resolve` uses. `exact` takes the same
 * request as `resolve` (faces, if any, are not used) and refuses what resolve refuses; it is
 * synchronous and cheap enough to call on every change of a dialog. `observe` reads the same named
 * events and numbers off one resolved outcome, so a Monte Carlo of `resolve` can check `exact`.
 */
export interface ActionOdds<S extends TSchema = TSchema> {
  exact(request: Static<S>): Odds;
  observe(request: Static<S>, outcome: Outcome): Observation;
}

/** How two stat blocks of a ruleset fight one bout to its end, for `fray duel`. */
export interface DuelRules<S extends TSchema = TSchema> {
  fighter: S;
  /** Fights until one side is out (or `roundLimit` passes: a draw). */
  fight(a: Static<S>, b: Static<S>, tray: DiceTray, roundLimit: number): DuelResult;
}

export interface DuelResult {
  winner: "a" | "b" | "none";
  rounds: number;
}

/**
 * How sides of a ruleset's fighters (the same stat blocks as its duel) fight to the end, each
 * fighter acting through the ruleset's action `resolve` by a default policy (see docs/cli.md).
 */
export interface FightRulesOf<S extends TSchema = TSchema> {
  fighter: S;
  fight(sides: FightSides<Static<S>>, tray: DiceTray, roundLimit: number): FightResult;
}

/** Everything the command line and the Foundry layer need from one ruleset's rules. */
export interface RulesetRules {
  id: RulesetId;
  /** The source game's name, for listings. */
  game: string;
  actions: Record<string, RulesetAction>;
  duel: DuelRules;
  /** Side against side (`fray fight`), where the ruleset has it. */
  fight?: FightRulesOf;
  /** The house defaults this ruleset leaves to the table (see options.ts). */
  options: Record<string, OptionDefinition>;
}

/** Ties a schema to its resolver so the request is typed at the definition site; the registry then
 * holds actions of many schemas, which TypeScript cannot express without widening here. */
export function defineAction<S extends TSchema>(action: RulesetAction<S>): RulesetAction {
  return action as unknown as RulesetAction;
}

/** Types odds by the request they read (`Static<typeof Request>`); the registry holds them untyped, as defineAction does. */
export function defineOdds<R>(odds: { exact(request: R): Odds; observe(request: R, outcome: Outcome): Observation }): ActionOdds {
  return odds as unknown as ActionOdds;
}

export function defineDuel<S extends TSchema>(duel: DuelRules<S>): DuelRules {
  return duel as unknown as DuelRules;
}

export function defineFight<S extends TSchema>(fight: FightRulesOf<S>): FightRulesOf {
  return fight as unknown as FightRulesOf;
}

import type { RulesetId, RulesetRules } from "../../rules/ruleset.js";
import type { RulesetCombatRules } from "../combat/rules.js";

/** What a ruleset adds to every sheet's render context: choices for selects, derived numbers. */
export type SheetContextBuilder = (actor: Actor.Implementation) => Record<string, unknown>;

/** One actor type of a ruleset: its data, its sheet's template and what its token bars show. */
export interface ActorTypeDefinition {
  model: typeof foundry.abstract.DataModel<any, Actor.Implementation>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CONFIG.Actor.dataModels is typed with any schema
  kind: "character" | "npc";
  template: string;
  /** Tabs the sheet shows between Character and Gear when one tab would not fit a 720 px window (ids under FRAY.Sheet.Tab). */
  tabs?: readonly { id: string; icon: string }[];
  /** Paths under `system` for the token's two bars (each a {value, max} pair or derived). */
  bars: [string, string?];
  trackable: { bar: string[]; value: string[] };
}

export interface ItemTypeDefinition {
  model: typeof foundry.abstract.DataModel<any, Item.Implementation>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CONFIG.Item.dataModels is typed with any schema
  template: string;
}

/**
 * What Foundry must know of a ruleset's documents at `init` in every world, whatever it plays
 * (`<id>/documents.ts`): the data model of each type system.json declares, its sheet template, its
 * token bars. It imports no rules beyond the tables the models bound their fields with, so it can
 * stay in the entry when the rest of a ruleset becomes a chunk (docs/architecture.md).
 */
export interface RulesetDocuments {
  id: RulesetId;
  actors: Record<string, ActorTypeDefinition>;
  /**
   * The actor fields its cards and tracker write (tracks, counters, conditions), as update paths:
   * no Active Effect changes them (actor/effect.ts), so the rules and Apply read one value.
   */
  tracks: readonly string[];
  items: Record<string, ItemTypeDefinition>;
}

/** Everything the Foundry layer registers for one ruleset; adding a ruleset adds one of these. */
export interface FoundryRuleset {
  id: RulesetId;
  documents: RulesetDocuments;
  /** Its rules (src/rules/<id>/), which its cards resolve; the Foundry layer reaches them only through here. */
  rules: RulesetRules;
  /** What each actor type's sheet adds to its render context (choices for selects, derived numbers). */
  actorContexts: Record<string, SheetContextBuilder>;
  itemContexts: Record<string, (item: Item.Implementation) => Record<string, unknown>>;
  /** Its combat tracker rules (initiative, order, row controls); without them Foundry's own initiative runs. */
  combat?: RulesetCombatRules;
  /** Registers the rest of its pieces (cards, sheet buttons, macros) in the init hook, whatever the world plays. */
  init?(): void;
}

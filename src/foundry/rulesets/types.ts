import type { RulesetId } from "../../rules/ruleset.js";
import type { SheetContextBuilder } from "../actor/sheet.js";
import type { RulesetCombatRules } from "../combat/rules.js";

/** One actor type of a ruleset: its data, its sheet and what its token bars show. */
export interface ActorTypeDefinition {
  model: typeof foundry.abstract.DataModel<any, Actor.Implementation>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CONFIG.Actor.dataModels is typed with any schema
  kind: "character" | "npc";
  template: string;
  context: SheetContextBuilder;
  /** Paths under `system` for the token's two bars (each a {value, max} pair or derived). */
  bars: [string, string?];
  trackable: { bar: string[]; value: string[] };
}

export interface ItemTypeDefinition {
  model: typeof foundry.abstract.DataModel<any, Item.Implementation>; // eslint-disable-line @typescript-eslint/no-explicit-any -- CONFIG.Item.dataModels is typed with any schema
  template: string;
  context: (item: Item.Implementation) => Record<string, unknown>;
}

/** Everything the Foundry layer registers for one ruleset; adding a ruleset adds one of these. */
export interface FoundryRuleset {
  id: RulesetId;
  actors: Record<string, ActorTypeDefinition>;
  items: Record<string, ItemTypeDefinition>;
  /** Its combat tracker rules (initiative, order, row controls); without them Foundry's own initiative runs. */
  combat?: RulesetCombatRules;
  /** Registers the rest of its pieces (cards, sheet buttons, macros) in the init hook, whatever the world plays. */
  init?(): void;
}

/**
 * Each ruleset's Foundry code and rules are a chunk of the build, fetched by `import()` only in a
 * world that needs it (docs/architecture.md, "Bundle weight and the split by ruleset"). This is
 * the one place that loads them: one promise per ruleset, so every caller waits for the same
 * fetch, and listeners that register what arrives (cards, tracker rules, hooks) before any
 * caller's wait ends. It names no ruleset: the table of loaders comes from fray.ts.
 */
import { RULESET_IDS, type RulesetId } from "../../rules/ruleset.js";
import type { FoundryRuleset } from "./types.js";

export type RulesetLoader = () => Promise<FoundryRuleset>;
type Arrival = (ruleset: FoundryRuleset) => void;

let loaders: Partial<Record<RulesetId, RulesetLoader>> = {};
const loading = new Map<RulesetId, Promise<FoundryRuleset>>();
const loaded = new Map<RulesetId, FoundryRuleset>();
const arrivals: Arrival[] = [];

/** Where each ruleset's chunk comes from (fray.ts gives its table at module load). */
export function provideRulesetLoaders(table: Partial<Record<RulesetId, RulesetLoader>>): void {
  loaders = table;
}

/** The loaders fray.ts gave (a test wraps them in its own gates). */
export function rulesetLoaders(): Readonly<Partial<Record<RulesetId, RulesetLoader>>> {
  return { ...loaders };
}

/** Runs `listener` for each ruleset as it arrives, and at once for those already here. */
export function whenRulesetArrives(listener: Arrival): void {
  arrivals.push(listener);
  for (const ruleset of loaded.values()) listener(ruleset);
}

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}

/**
 * A ruleset's Foundry pieces, fetching its chunk the first time. Resolves once every listener has
 * registered it; a failed fetch rejects and is forgotten, so the next caller tries again.
 */
export function loadRuleset(id: RulesetId): Promise<FoundryRuleset> {
  const known = loading.get(id);
  if (known) return known;
  const loader = loaders[id];
  if (!loader) return Promise.reject(new Error(`Fray | no loader for the ruleset "${id}"`));
  const promise = loader().then((ruleset) => {
    loaded.set(id, ruleset);
    for (const listener of arrivals) listener(ruleset);
    return ruleset;
  });
  loading.set(id, promise);
  promise.catch(() => loading.delete(id));
  return promise;
}

/**
 * Runs `report` once the user can read it. Foundry v13 starts the world's chunk in `init` but loads
 * the translations only after it (Game#initialize awaits Localization#initialize) and makes
 * `ui.notifications` after `setup` (Game#initializeUI): a chunk that fails before then is told at `ready`.
 */
export function whenShown(report: () => void): void {
  if (game.ready) report();
  else Hooks.once("ready", report);
}

/** The ruleset ids whose chunks have arrived, in arrival order. */
export function loadedRulesetIds(): RulesetId[] {
  return [...loaded.keys()];
}

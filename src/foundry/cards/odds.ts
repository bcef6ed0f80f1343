/**
 * Exact odds for a roll dialog, before the click: the card the dialog would open, read into the
 * rules request exactly as the card will be (the kind's `prepare` and `rulesRequest` over the actors
 * as this client sees them), and given to the rules action's `odds`. Pure and synchronous; a request
 * the rules refuse has no odds (the dialog shows its refusal instead). Results are kept per request,
 * so redrawing a dialog does not work them out again.
 */
import type { Odds } from "../../core/odds/odds.js";
import { actorAt, tokenAt } from "./documents.js";
import { type CardActors, cardKind, prepareOpening } from "./kinds.js";
import type { OpenCard } from "./client.js";
import { type CardData, withChoice } from "./model.js";
import { rulesAction, rulesRequestOf } from "./resolve.js";

const CACHE = new Map<string, Odds | null>();
const CACHE_SIZE = 200;

function actorsOf(open: OpenCard): { actors: CardActors; tokens: Record<string, TokenDocument.Implementation | null> } | null {
  const actors: CardActors = {};
  const tokens: Record<string, TokenDocument.Implementation | null> = {};
  for (const [role, ref] of Object.entries(open.refs)) {
    const token = ref.token ? tokenAt(ref.token) : null;
    const actor = token?.actor ?? actorAt(ref.actor);
    if (!actor) return null;
    actors[role] = actor;
    tokens[role] = token;
  }
  return { actors, tokens };
}

/** The odds of the card `open` would post, with `choices` made (a defence...), or null when there are none. */
export function cardOdds(open: OpenCard, choices: Record<string, unknown> = {}): Odds | null {
  const kind = cardKind(open.kind);
  const odds = kind ? rulesAction(kind).odds : undefined;
  const read = actorsOf(open);
  if (!kind || !odds || !read) return null;
  let rules: Record<string, unknown>;
  try {
    // Read as the card will be for this user (a GM's ruling is hers; a player's asks).
    rules = rulesRequestOf(kind, { ...prepareOpening(kind, open.request, read.actors, read.tokens, game.user ?? undefined), ...choices }, read.actors);
  } catch {
    return null;
  }
  return exactOnce(kind.id, rules, () => odds.exact(rules));
}

/**
 * The odds of an open card once a choice it awaits is made (a defence, with the dice she adds),
 * before any die of that step is rolled: the card's request with the choice, read over the actors
 * as this client sees them. Null when the rules refuse it or the kind has no odds.
 */
export function choiceOdds(card: CardData, choice: string, value: unknown): Odds | null {
  const kind = cardKind(card.kind);
  const odds = kind ? rulesAction(kind).odds : undefined;
  const actors: CardActors = {};
  for (const [role, ref] of Object.entries(card.refs)) {
    const actor = (ref.token ? tokenAt(ref.token)?.actor : null) ?? actorAt(ref.actor);
    if (!actor) return null;
    actors[role] = actor;
  }
  if (!kind || !odds) return null;
  let rules: Record<string, unknown>;
  try {
    rules = rulesRequestOf(kind, withChoice(card.request, choice, value), actors);
  } catch {
    return null;
  }
  return exactOnce(kind.id, rules, () => odds.exact(rules));
}

function exactOnce(kindId: string, rules: Record<string, unknown>, exact: () => Odds): Odds | null {
  const key = JSON.stringify([kindId, rules]);
  if (CACHE.has(key)) return CACHE.get(key)!;
  let result: Odds | null;
  try {
    result = exact();
  } catch {
    result = null;
  }
  if (CACHE.size >= CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!);
  CACHE.set(key, result);
  return result;
}

/** A chance as players read it: a whole percent, "<1%" or ">99%" at the ends. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/**
 * `game.fray`: what macros and modules call (docs/api.md). It lives in the entry, so it answers
 * in any world at any moment: each call waits for the ruleset chunk it needs. Everything in it goes
 * through the same code as the sheets and cards: `resolve` and `odds` are `fray resolve` and `fray
 * odds`, `openCard` asks the GM as a card button does, `rollAction` and `useItem` take a sheet button.
 */
import type { Odds } from "../../core/odds/odds.js";
import { RULESET_IDS, type RulesetId } from "../../rules/ruleset.js";
import type { Answer } from "../relay/index.js";
import { openCard, type OpenCard } from "../cards/client.js";
import { arrivedCardKind } from "../cards/kinds.js";
import { cardOdds } from "../cards/odds.js";
import { activeRulesetId } from "../settings.js";
import { CARD_HOOKS } from "./hooks.js";
import { rollAction, useItem } from "./hotbar.js";
import { SKIP_DIALOG } from "./keybindings.js";
import { requestOdds, resolveRequest, type FrayRequest, type ResolvedRequest } from "./requests.js";

export type { CardHookEvent, CardHookName, CardStep, PlannedChange } from "./hooks.js";
export type { FrayRequest, ResolvedRequest } from "./requests.js";
export type { OpenCard } from "../cards/client.js";
export type { Answer } from "../relay/index.js";

export interface FrayApi {
  /** The ruleset this world plays. */
  readonly ruleset: RulesetId;
  /** Every ruleset id. */
  readonly rulesets: readonly RulesetId[];
  /** Resolves a request as `fray resolve` does; dice beyond the given faces are rolled through Foundry. Posts and changes nothing. */
  resolve(request: FrayRequest): Promise<ResolvedRequest>;
  /** The exact odds of a request, as `fray odds` gives them. */
  odds(request: FrayRequest): Promise<Odds>;
  /** The exact odds of the card `open` would post, read from the actors as this client sees them (null when it has none). */
  cardOdds(open: OpenCard): Promise<Odds | null>;
  /** Opens a card as a sheet's dialog does: rolls the opener's dice here and asks the active GM to post it. */
  openCard(open: OpenCard): Promise<Answer>;
  /** Takes a sheet button's action for an actor you own (`data`: the button's data attributes, such as `{ itemId }`). */
  rollAction(actor: Actor.Implementation | string, action: string, data?: Record<string, string>): Promise<unknown>;
  /** Rolls an owned item as its sheet's button does; an item with nothing to roll opens its sheet. */
  useItem(item: Item.Implementation | string): Promise<unknown>;
  /** Kept for cavaliers macros made before `useItem`: the same as `useItem`. */
  rollSpecialty(item: Item.Implementation | string): Promise<unknown>;
  /** The names of the card hooks (docs/api.md, "Hooks"). */
  readonly hooks: typeof CARD_HOOKS;
  /** The keybinding action that skips roll dialogs (`game.keybindings.get("fray", ...)`). */
  readonly skipDialogKeybinding: typeof SKIP_DIALOG;
}

/** A kind is registered with its ruleset's chunk, which arrivedCardKind fetches first. */
async function oddsOfCard(open: OpenCard): Promise<Odds | null> {
  await arrivedCardKind(open.kind);
  return cardOdds(open);
}

export function createApi(): FrayApi {
  return Object.freeze({
    get ruleset() {
      return activeRulesetId();
    },
    rulesets: RULESET_IDS,
    resolve: resolveRequest,
    odds: requestOdds,
    cardOdds: oddsOfCard,
    openCard,
    rollAction,
    useItem,
    rollSpecialty: useItem,
    hooks: CARD_HOOKS,
    skipDialogKeybinding: SKIP_DIALOG,
  });
}

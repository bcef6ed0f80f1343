/**
 * The card engine every ruleset's cards run on: a card is a request (kinds.ts), resolved by the
 * rules on the active GM (gm.ts) from what the clicking user sends (client.ts) through the relay.
 */
import { relayIdle } from "../relay/index.js";
import { registerCardClient } from "./client.js";
import { registerCardRequests } from "./gm.js";
export { chooseAsGm, openCardAsGm, rewriteOpenCard } from "./gm.js";
import { registerCardMenu } from "./menu.js";
import { CARD_TYPE, CardModel } from "./model.js";
import { cardActivity, CARD_CHANGES, CARD_DICE_LEGEND, CARD_FOOTER, CARD_HEADLINE, registerCardRendering } from "./render.js";

export { chooseOnCard, openCard, type OpenCard } from "./client.js";
export { cardKind, registerCardKind, type ActorChange, type CardChange, type DocumentChange, type CardActors, type CardHeadline, type CardKind, type ClientAction, type FollowUp } from "./kinds.js";
export { CARD_TYPE, cardOf, withChoice, type CardData, type CardRef, type ChangeRecord } from "./model.js";
export { cardActivity } from "./render.js";
export { requestOf } from "./copy.js";
export { postServedCard } from "./gm.js";
export { cardOdds, choiceOdds, percent } from "./odds.js";
export { diceLegend, keptAmong, markedDie, type DieMark, type MarkedDie } from "./dice-marks.js";
export { registerPhrasing, say, type PhraseRow, type RulesetPhrasing } from "./phrasing.js";
export { currentRollMode, isRollMode, rollModeOptions, type RollMode } from "./recipients.js";

/** Every client registers the card type, its rendering and buttons; the active GM serves the steps (through the relay, registered once in fray.ts). */
export function registerCards(): void {
  CONFIG.ChatMessage.dataModels[CARD_TYPE] = CardModel;
  void foundry.applications.handlebars.loadTemplates([CARD_FOOTER, CARD_CHANGES, CARD_DICE_LEGEND, CARD_HEADLINE]);
  registerCardRequests();
  registerCardRendering();
  registerCardClient();
  registerCardMenu();
}

/** Every click and every GM step started so far has finished (for tests and the browser harness). */
export async function cardsIdle(): Promise<void> {
  await cardActivity();
  await relayIdle();
}

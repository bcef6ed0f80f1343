/**
 * The cavaliers roll flow: `postAttack` / `postCheck` (the contract in ../requests.ts) and the
 * exchange card they post, registered as a ChatMessage subtype with its steps.
 */
import { registerCard } from "../../../chat/card.js";
import { cardActivity, registerChatHooks } from "../../../chat/hooks.js";
import { registerQueries, runStep } from "../../../queries/index.js";
import { postAttack } from "./attack.js";
import { postCheck } from "./check.js";
import { CAVALIERS_EXCHANGE_CARD } from "./card.js";
import { CARD_TYPE, CavaliersExchangeModel } from "./model.js";

export { postAttack } from "./attack.js";
export { postCheck } from "./check.js";

/** Statuses the exchange sets as actor flags, shown on tokens like any status. */
const STATUSES = [
  { id: "fray-dying", name: "FRAY.Card.Status.dying", img: "icons/svg/skull.svg" },
  { id: "fray-surrender", name: "FRAY.Card.Out.surrender", img: "icons/svg/cancel.svg" },
  { id: "fray-knocked-out", name: "FRAY.Card.Out.knocked-out", img: "icons/svg/unconscious.svg" },
];

export function registerCavaliersExchange(): void {
  CONFIG.ChatMessage.dataModels[CARD_TYPE] = CavaliersExchangeModel;
  registerCard(CAVALIERS_EXCHANGE_CARD);
  registerChatHooks();
  registerQueries();
  for (const status of STATUSES) if (!CONFIG.statusEffects.some((s) => s.id === status.id)) CONFIG.statusEffects.push(status);
  void foundry.applications.handlebars.loadTemplates([CAVALIERS_EXCHANGE_CARD.template]);
  // For macros and the browser tests, which reach the system only through globals.
  const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
  fray.cavaliersExchange = { postAttack, postCheck, runStep, cardActivity };
}

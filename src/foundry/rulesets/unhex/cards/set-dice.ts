/**
 * A critical success's second choice on a card: the chooser types the reading she sets the dice
 * to and sends it. The rules refuse a reading above what the roll allows; the field's bounds are
 * only a convenience.
 */
import { chooseOnCard } from "../../../cards/client.js";
import type { ClientAction } from "../../../cards/kinds.js";

export const SET_DICE: ClientAction = async (message, _card, button) => {
  const box = button.closest(".fray-unhex-ask")?.querySelector<HTMLInputElement>("[data-fray-set]");
  const reading = Number(box?.value);
  if (!Number.isInteger(reading) || reading < 1 || reading > 99) {
    ui.notifications?.warn(game.i18n!.localize("FRAY.Unhex.Card.Ask.setInvalid"));
    return;
  }
  await chooseOnCard(message, button.dataset.frayChoice ?? "", { set: reading });
};

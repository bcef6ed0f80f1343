/**
 * The Drama cards' own buttons, on the clicking user's client: each gathers a choice in a dialog
 * (building one's pools, a Dramatic stance's modifiers, a courage test's modifiers) and sends it
 * as the awaited choice; "shoot" opens the ranged dialog of a shooter a "who shoots first" card
 * names. The GM checks everything again.
 */
import { chooseOnCard } from "../../../cards/client.js";
import { actorAt, tokenAt } from "../../../cards/documents.js";
import type { ClientAction } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { ask } from "../ui/dialog.js";
import { CourageDialog } from "../ui/courage-dialog.js";
import { openRangedDialog } from "../ui/open.js";
import { PoolDialog, type PoolOffer } from "../ui/pool-dialog.js";
import { StanceDialog } from "../ui/stance-dialog.js";
import { nameOf } from "./view.js";

const localize = (key: string) => game.i18n!.localize(key);

function awaitedActor(card: CardData): { actor: Actor.Implementation; role: string; choice: string; offer: Record<string, unknown> } | null {
  const awaiting = card.outcome?.awaiting;
  const actor = awaiting ? actorAt(card.refs[awaiting.by]?.actor) : null;
  if (!awaiting || !actor) {
    ui.notifications?.warn(localize("FRAY.Card.Refused.NoCard"));
    return null;
  }
  return { actor, role: awaiting.by, choice: awaiting.choice, offer: awaiting.offer };
}

export const DRAMA_CLIENT_ACTIONS: Record<string, ClientAction> = {
  async pool(message, card) {
    const awaited = awaitedActor(card);
    if (!awaited) return;
    const dialog = new PoolDialog({ actor: awaited.actor, name: nameOf(card, awaited.role), offer: awaited.offer as unknown as PoolOffer, card, choice: awaited.choice, role: awaited.role, action: card.kind.split(".")[1] ?? "" });
    const answer = await ask(dialog);
    if (answer) await chooseOnCard(message, awaited.choice, answer);
  },
  async dramatic(message, card) {
    const awaited = awaitedActor(card);
    if (!awaited) return;
    const answer = await ask(new StanceDialog(nameOf(card, awaited.role), true));
    if (answer) await chooseOnCard(message, awaited.choice, answer.dramatic ? answer : "dramatic");
  },
  async courage(message, card) {
    const awaited = awaitedActor(card);
    if (!awaited) return;
    const answer = await ask(new CourageDialog(awaited.actor, nameOf(card, awaited.role), false));
    if (answer) await chooseOnCard(message, awaited.choice, { ...(answer.base ? { base: answer.base } : {}), ...(answer.resistance ? { resistance: answer.resistance } : {}), ...(answer.drama ? { drama: answer.drama } : {}) });
  },
  async shoot(_message, card, button) {
    const role = button.dataset.role ?? "";
    const target = button.dataset.target ?? "";
    const actor = actorAt(card.refs[role]?.actor);
    const targetActor = actorAt(card.refs[target]?.actor);
    if (!actor || !targetActor) return;
    const token = tokenAt(card.refs[target]?.token);
    await openRangedDialog(actor, { actor: targetActor, ...(token ? { uuid: token.uuid } : {}), name: nameOf(card, target) }, false);
  },
};

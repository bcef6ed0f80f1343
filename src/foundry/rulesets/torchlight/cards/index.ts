/**
 * The torchlight card kinds on the card engine, and the calls that open them (from the sheet, the
 * dialogs, the tracker and the Combat Grid).
 */
import { chooseOnCard } from "../../../cards/client.js";
import { type CardKind, registerCardKind } from "../../../cards/index.js";
import { torchlightAttackCard } from "./attack.js";
import { torchlightEngagementCard, torchlightInitiativeCard, torchlightRoundCard } from "./everyone.js";
import { torchlightCheckCard, torchlightDyingCard, torchlightRecoverCard, torchlightSaveCard } from "./rolls.js";
import { torchlightAbilityCard, torchlightGrappleHoldCard, torchlightManeuverCard, torchlightRetreatCard } from "./stance.js";
import { registerPhrasing } from "../../../cards/phrasing.js";
import { TORCHLIGHT_PHRASING } from "./phrasing.js";

export * from "./post.js";

/** An owner's saves at the end of the round: the choice is `true`, not the button's text. */
const roundCard: CardKind = {
  ...torchlightRoundCard,
  clientActions: {
    async saves(message, card) {
      const choice = card.outcome?.awaiting?.choice;
      if (choice) await chooseOnCard(message, choice, true);
    },
  },
};

export const TORCHLIGHT_CARD_KINDS: readonly CardKind[] = [
  torchlightAttackCard,
  torchlightManeuverCard,
  torchlightAbilityCard,
  roundCard,
  torchlightInitiativeCard,
  torchlightCheckCard,
  torchlightSaveCard,
  torchlightDyingCard,
  torchlightRecoverCard,
  torchlightEngagementCard,
  torchlightRetreatCard,
  torchlightGrappleHoldCard,
];

export function registerTorchlightCards(): void {
  registerPhrasing("torchlight", TORCHLIGHT_PHRASING);
  for (const kind of TORCHLIGHT_CARD_KINDS) registerCardKind(kind);
}

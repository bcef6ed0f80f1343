/** The cavaliers cards: attack, Use a Skill, Flourish, Survival and the end of a fight, on the shared card engine. */
import { registerCardKind } from "../../../cards/index.js";
import { cavaliersAttackCard } from "./attack.js";
import { cavaliersFlourishCard, cavaliersSkillCard, cavaliersSurvivalCard } from "./checks.js";
import { cavaliersEndCombatCard } from "./endCombat.js";
import { PICKER_ACTIONS, refreshPicker } from "./picker.js";
import { activateDefence, DEFENCE_ACTIONS } from "./defend.js";
import { postCheck } from "./post.js";
import { registerPhrasing } from "../../../cards/phrasing.js";
import { CAVALIERS_PHRASING } from "./phrasing.js";

export { attackCard, checkCard, postAttack, postCheck } from "./post.js";

const survival = {
  /** A Dying PC's owner opens her Survival roll from the card that left her Dying. */
  async survival(_message: ChatMessage.Implementation, _card: unknown, button: HTMLElement): Promise<void> {
    await postCheck({ actorUuid: button.dataset.actor ?? "", kind: "survival", opposition: "moderate", combined: [], assists: [] });
  },
};

export const CAVALIERS_CARDS = [cavaliersAttackCard, cavaliersSkillCard, cavaliersFlourishCard, cavaliersSurvivalCard, cavaliersEndCombatCard];

export function registerCavaliersCards(): void {
  registerPhrasing("cavaliers", CAVALIERS_PHRASING);
  for (const kind of CAVALIERS_CARDS) {
    registerCardKind({
      ...kind,
      clientActions: { ...PICKER_ACTIONS, ...DEFENCE_ACTIONS, ...survival },
      activate(message, card, html) {
        const section = html.querySelector(".fray-card");
        if (section && card.outcome?.awaiting) refreshPicker(message, card, section);
        activateDefence(card, html);
      },
    });
  }
  void foundry.applications.handlebars.loadTemplates([...new Set(CAVALIERS_CARDS.map((kind) => kind.template))]);
}

/**
 * The card the GM's "End the fight" posts: the rules' end-of-combat test as it stood when the GM
 * ended the fight (who is out and why, which team is left standing). It is served by the tracker,
 * posted closed, and cannot be opened from a request; the rules request it ran is kept on it, so
 * Copy as request replays it.
 */
import { requestOf } from "../../../cards/fields.js";
import type { CardKind } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { teamName, unhexCardContext, unhexHeadline } from "./view.js";

function context(card: CardData): Record<string, unknown> {
  const result = card.outcome?.result as { over?: boolean; by?: string; winner?: string | null } | undefined;
  const summary = !result?.over
    ? ""
    : result.by === "objective"
      ? game.i18n!.localize("FRAY.Unhex.Card.FightObjective")
      : result.winner
        ? game.i18n!.format("FRAY.Unhex.Card.FightWon", { team: teamName(result.winner) })
        : game.i18n!.localize("FRAY.Unhex.Card.FightNobody");
  return { ...unhexCardContext(card, game.i18n!.localize("FRAY.Unhex.Card.Title.combatEnd")), kind: card.kind, result: summary };
}

export const unhexCombatEndCard: CardKind = {
  id: "unhex.combat-end",
  ruleset: "unhex",
  action: "combat-end",
  template: templatePath("chat/unhex-card.hbs"),
  opener: "tracker",
  roles: [],
  request: requestOf({}),
  prepare() {
    throw new Refused(game.i18n!.localize("FRAY.Unhex.Refused.FromTracker"));
  },
  rulesRequest: (request) => {
    if (typeof request.rules !== "object" || request.rules === null) throw new Refused(game.i18n!.format("FRAY.Card.Refused.Malformed", { problem: "rules" }));
    return request.rules as Record<string, unknown>;
  },
  changes: () => [],
  headline: unhexHeadline,
  context,
};

/**
 * The exact odds of what a dialog's choices would roll, when the rules layer can give them: an
 * action's optional `odds.exact(request)` (src/rules/<id>/odds.ts). Without it a dialog shows none;
 * with it, each chance as a line, kept current as the choices change.
 */
import { rulesetById } from "../../../../rules/index.js";

export interface OddsLine {
  label: string;
  percent: string;
}

interface ExactOdds {
  exact(request: Record<string, unknown>): { chances: Record<string, number> };
}

const localizeOr = (key: string, fallback: string) => (game.i18n!.has(key) ? game.i18n!.localize(key) : fallback);

export function oddsLines(ruleset: string, action: string, request: Record<string, unknown>): OddsLine[] {
  const actions = rulesetById(ruleset as never)?.actions;
  const found = actions && Object.hasOwn(actions, action) ? (actions[action] as { odds?: ExactOdds }) : undefined;
  if (!found?.odds) return [];
  try {
    const { chances } = found.odds.exact(request);
    return Object.entries(chances).map(([name, p]) => ({ label: localizeOr(`FRAY.Drama.Odds.${name}`, name), percent: `${(p * 100).toFixed(1)}%` }));
  } catch {
    // Choices the rules refuse have no odds; the dialog's own problems say why.
    return [];
  }
}

/**
 * Cavaliers' changes in the game's words: Yield, Wounds, Advantage and Style by their sheet names,
 * Dying said once with its status, and a Riposte as the fencer holds it ("Isabeau holds a Riposte
 * from her Parry"), never as the flag it is kept in.
 */
import type { ChangeRecord } from "../../../cards/model.js";
import type { RulesetPhrasing } from "../../../cards/phrasing.js";

const say = (key: string, data: Record<string, string>) => game.i18n!.format(`FRAY.Card.Say.Riposte.${key}`, data);

function riposte(record: ChangeRecord): string | null {
  const kind = record.after === "parry" || record.after === "feint" ? record.after : "";
  if (kind) return say(kind, { name: record.name });
  return record.before ? say("spent", { name: record.name }) : null;
}

export const CAVALIERS_PHRASING: RulesetPhrasing = {
  rows: [
    { key: "flags.fray.riposte", say: riposte },
    { key: /.*/, on: "Combat", say: () => null },
    { key: /.*/, on: "Combatant", say: () => null },
  ],
};

/**
 * Torchlight's changes in the game's words: Breath, the characteristics' DCs and what an encounter
 * cost by their sheet names (FRAY.Torchlight.Field), Incapacitated and Dying said once with their
 * statuses. The Combat's bookkeeping (queued hits, marks, the grid, each save's reading) is said on
 * the card in its own lines, so the change list leaves it out.
 */
import type { RulesetPhrasing } from "../../../cards/phrasing.js";
import type { ChangeRecord } from "../../../cards/model.js";

const CHARACTERISTIC = /^system\.characteristics\.(\w+)\.dc$/;

/**
 * Damage past Breath lowers a characteristic's DC Check and raises its Saving Throw by as much
 * (seed's "Taking damage"): said as what she lost and the DC Check she now rolls under.
 */
function characteristicLine(record: ChangeRecord): string | null {
  const which = CHARACTERISTIC.exec(record.key)?.[1];
  const before = Number(record.before);
  const after = Number(record.after);
  if (!which || !Number.isFinite(before) || !Number.isFinite(after)) return null;
  const data = { name: record.name, n: String(Math.abs(before - after)), characteristic: game.i18n!.localize(`FRAY.Torchlight.Characteristic.${which}`), dc: String(after) };
  return game.i18n!.format(after < before ? "FRAY.Torchlight.Card.Say.Lost" : "FRAY.Torchlight.Card.Say.Regained", data);
}

export const TORCHLIGHT_PHRASING: RulesetPhrasing = {
  fieldNames: "FRAY.Torchlight.Field",
  rows: [
    { key: CHARACTERISTIC, say: characteristicLine },
    // What the encounter cost is the DC line's bookkeeping (the encounter's end gives it back): said once, by the DC line.
    { key: /^system\.encounter\./, say: () => null },
    { key: /.*/, on: "Combat", say: () => null },
    { key: /.*/, on: "Combatant", say: () => null },
  ],
};

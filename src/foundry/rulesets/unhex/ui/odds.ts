/**
 * The chance line of the Unhex dialogs. The exact odds of a whole request live in the rules layer
 * (`odds(request)`, src/rules/unhex/odds.ts, once it lands); until then the dialog shows the plain
 * chance of the roll succeeding against the level, which needs no enumeration. Replacing this
 * function's body with a call to the rules' odds is the one change the dialogs need.
 */
import { unhexData } from "../actors.js";

export function oddsLine(actor: Actor.Implementation, weapon: string | null): string {
  if (weapon === null) return "";
  const level = unhexData(actor).level.value;
  const chance = Math.max(0, Math.min(100, level));
  return game.i18n!.format("FRAY.Unhex.Ui.Chance", { chance: String(chance) });
}

/**
 * The interposing player's choice, on her client: an open attack card to step into or an opponent
 * to hold, each offered only when the checks the GM will run again allow it; the others are listed
 * with the reason. A fight told with no Areas drawn asks whether she comes from the next Area.
 */
import { cardOf } from "../../../cards/model.js";
import { ATTACK_KIND, checkBlock, checkRedirect } from "./interpose-check.js";

/** How many recent chat cards are looked through for open attacks. */
const RECENT_CARDS = 30;

interface Offer {
  value: string;
  label: string;
  refusal?: string;
}

const esc = (text: string) => Handlebars.escapeExpression(text);

/** Every open attack card in recent chat and every other combatant, as offers (refused ones with their reason). */
export function interposeOffers(combat: Combat.Implementation, combatant: Combatant.Implementation): { offers: Offer[]; toldDistance: boolean } {
  const i18n = game.i18n!;
  const offers: Offer[] = [];
  let toldDistance = false;
  const messages = (game.messages?.contents ?? []).slice(-RECENT_CARDS).reverse();
  for (const message of messages) {
    const card = cardOf(message);
    if (card?.kind !== ATTACK_KIND || card.state !== "open") continue;
    const found = checkRedirect(combatant, message);
    if ("refusal" in found) {
      offers.push({ value: `redirect:${message.id}`, label: i18n.localize("FRAY.Combat.Interpose.AnAttack"), refusal: found.refusal });
      continue;
    }
    const label = i18n.format("FRAY.Combat.Interpose.Take", { attacker: found.attacker.name, target: found.target.name, attack: i18n.localize(`FRAY.Ui.AttackName.${String(found.card.request.attack)}`) });
    const note = found.areas === 1 ? ` ${i18n.localize("FRAY.Combat.Interpose.WithMove")}` : "";
    if (found.areas === null) toldDistance = true;
    offers.push({ value: `redirect:${message.id}`, label: label + note });
  }
  for (const other of combat.combatants) {
    if (other.id === combatant.id) continue;
    const found = checkBlock(combat, combatant, other);
    const label = i18n.format("FRAY.Combat.Interpose.Hold", { name: other.name ?? "" });
    offers.push({ value: `block:${other.id}`, label, ...("refusal" in found ? { refusal: found.refusal } : {}) });
  }
  return { offers, toldDistance };
}

/** Asks what the Interpose does; null when dismissed or when nothing can be chosen (a notice says so). */
export async function chooseInterpose(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<Record<string, unknown> | null> {
  const i18n = game.i18n!;
  const { offers, toldDistance } = interposeOffers(combat, combatant);
  const open = offers.filter((o) => !o.refusal);
  const refused = offers.filter((o) => o.refusal);
  if (!open.length) {
    ui.notifications?.warn(i18n.localize("FRAY.Combat.Interpose.Nothing"));
    return null;
  }
  const options = open.map((o) => `<option value="${esc(o.value)}">${esc(o.label)}</option>`).join("");
  const refusals = refused.length ? `<p>${i18n.localize("FRAY.Combat.Interpose.NotNow")}</p><ul class="fray-interpose-refused">${refused.map((o) => `<li>${esc(o.label)}: ${esc(o.refusal!)}</li>`).join("")}</ul>` : "";
  const moved = toldDistance ? `<div class="form-group"><label>${i18n.localize("FRAY.Combat.Interpose.Moved")}</label><input type="checkbox" name="moved"></div>` : "";
  const content = `<p>${i18n.localize("FRAY.Combat.Interpose.Intro")}</p><div class="form-group"><label>${i18n.localize("FRAY.Combat.Interpose.Choice")}</label><select name="target">${options}</select></div>${moved}${refusals}`;
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.format("FRAY.Combat.Interpose.Title", { name: combatant.name ?? "" }) },
    content,
    buttons: [
      {
        action: "interpose",
        label: i18n.localize("FRAY.Combat.Spend.interpose"),
        default: true,
        callback: (_event, button) => {
          const form = button.form;
          const target = (form?.elements.namedItem("target") as HTMLSelectElement | null)?.value ?? "";
          const isMoved = (form?.elements.namedItem("moved") as HTMLInputElement | null)?.checked ?? false;
          const [mode, id] = [target.slice(0, target.indexOf(":")), target.slice(target.indexOf(":") + 1)];
          if (mode === "redirect") return { mode, message: id, moved: isMoved };
          if (mode === "block") return { mode, combatant: id };
          return null;
        },
      },
    ],
  });
  return answer && typeof answer === "object" ? (answer as Record<string, unknown>) : null;
}

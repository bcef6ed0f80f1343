/**
 * The check and opposed-roll dialog: what the roll is for, and whether the character is good at it
 * (her "other" good rolls are shown; the claim is written on the card for the GM to see). An opposed
 * roll is against the one targeted token, who rolls her own dice on the card.
 */
import { postUnhexRoll } from "../cards/index.js";
import { unhexData } from "../actors.js";
import { activeToken } from "./sheet.js";
import { theTarget } from "./attack-dialog.js";

const i18n = () => game.i18n!;
const escape = (text: string) => Handlebars.escapeExpression(text);

export async function askUnhexRoll(actor: Actor.Implementation, opposed: boolean): Promise<ChatMessage.Implementation | undefined | null> {
  const target = opposed ? theTarget() : null;
  if (target && "refusal" in target) {
    ui.notifications?.warn(target.refusal);
    return null;
  }
  const other = String((unhexData(actor).good as { other?: unknown }).other ?? "");
  const content = `${target ? `<p>${escape(i18n().localize("FRAY.Ui.Target"))}: <strong>${escape(target.token.name ?? "")}</strong></p>` : ""}
    <label class="fray-field"><span>${escape(i18n().localize("FRAY.Unhex.Ui.What"))}</span><input type="text" name="what" maxlength="64"></label>
    <label class="fray-field fray-check"><input type="checkbox" name="good"><span>${escape(other ? i18n().format("FRAY.Unhex.Ui.GoodAtThis", { other }) : i18n().localize("FRAY.Unhex.Ui.GoodAtThisPlain"))}</span></label>
    <p class="fray-hint">${escape(i18n().format("FRAY.Unhex.Ui.Chance", { chance: String(Math.max(0, Math.min(100, unhexData(actor).level.value))) }))}</p>`;
  const answer = (await foundry.applications.api.DialogV2.wait({
    window: { title: i18n().format(opposed ? "FRAY.Unhex.Ui.OpposedTitle" : "FRAY.Unhex.Ui.CheckTitle", { actor: actor.name }) },
    content,
    buttons: [
      {
        action: "roll",
        label: i18n().localize("FRAY.Unhex.Ui.Roll"),
        default: true,
        callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
          const form = button.form;
          const what = form?.elements.namedItem("what");
          const good = form?.elements.namedItem("good");
          return { what: what instanceof HTMLInputElement ? what.value : "", good: good instanceof HTMLInputElement ? good.checked : false };
        },
      },
    ],
  })) as { what: string; good: boolean } | null;
  if (!answer) return null;
  return postUnhexRoll({
    actor: actor.uuid,
    token: activeToken(actor)?.uuid ?? null,
    ...(target && "token" in target ? { target: target.token.actor!.uuid, targetToken: target.token.document.uuid } : {}),
    good: answer.good,
    what: answer.what.slice(0, 64),
  });
}

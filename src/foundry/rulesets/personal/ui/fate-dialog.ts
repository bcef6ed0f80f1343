import { postForCharacter, refOf } from "../cards/index.js";
import { personalData } from "../data.js";
import { actingToken } from "../../../sheets/targets.js";

const i18n = () => game.i18n!;

/**
 * Damage from outside an attack (a fall, a fire) on a Wounded character: asks how much, then opens
 * a Fallen Fate card on which her owner answers. Not Wounded, nothing to answer.
 */
export async function askFallenFate(actor: Actor.Implementation): Promise<ChatMessage.Implementation | undefined> {
  if (!personalData(actor)?.wounded) {
    ui.notifications?.warn(i18n().format("FRAY.Personal.Ui.NotWounded", { actor: actor.name }));
    return undefined;
  }
  const damage = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n().format("FRAY.Personal.Ui.FateTitle", { actor: actor.name }) },
    content: `<p>${i18n().localize("FRAY.Personal.Ui.FateRule")}</p>
      <label class="fray-field"><span>${i18n().localize("FRAY.Personal.Ui.FateDamage")}</span><input type="number" name="damage" value="1" min="1" step="1" autofocus></label>`,
    ok: {
      label: i18n().localize("FRAY.Personal.Ui.FateOpen"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        const input = button.form?.elements.namedItem("damage");
        return input instanceof HTMLInputElement ? Number(input.value) : NaN;
      },
    },
  });
  if (damage === null || damage === undefined) return undefined;
  return postForCharacter("fate", refOf(actor, actingToken(actor)), { damage: Number(damage) });
}

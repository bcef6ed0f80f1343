import { delayTargets } from "./order.js";

const i18n = () => game.i18n!;

/** On the mover's client: whom she waits for (anyone after her this round); null when she changes her mind. */
export async function askDelay(combat: Combat.Implementation, mover: Combatant.Implementation): Promise<Record<string, unknown> | null> {
  const later = delayTargets(combat, mover);
  if (!later.length) {
    ui.notifications?.warn(i18n().localize("FRAY.Personal.Tracker.NoOneLater"));
    return null;
  }
  const options = later.map((c) => `<option value="${c.id!}">${Handlebars.escapeExpression(c.name ?? "")}</option>`).join("");
  const after = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n().format("FRAY.Personal.Tracker.DelayTitle", { name: mover.name ?? "" }) },
    content: `<p>${i18n().localize("FRAY.Personal.Tracker.DelayRule")}</p>
      <label class="fray-field"><span>${i18n().localize("FRAY.Personal.Tracker.DelayAfter")}</span><select name="after">${options}</select></label>`,
    ok: {
      label: i18n().localize("FRAY.Personal.Tracker.Delay"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        const select = button.form?.elements.namedItem("after");
        return select instanceof HTMLSelectElement ? select.value : null;
      },
    },
  });
  return typeof after === "string" && after ? { after } : null;
}

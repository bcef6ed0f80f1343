import { restHeal } from "../../../../rules/cavaliers/recovery.js";
import { REST_DAYS_FULL_HEAL, REST_DAYS_PER_WOUND } from "../../../../rules/cavaliers/tables.js";
import { cavaliersData } from "./gear.js";

const i18n = () => game.i18n!;

/** Apply days of bed rest: one Wound healed per two days, all after six. Returns the new Wounds. */
export async function rest(actor: Actor.Implementation, days: number): Promise<number | null> {
  const data = cavaliersData(actor);
  if (!data) return null;
  if (!Number.isInteger(days) || days < 1) {
    ui.notifications?.warn(i18n().localize("FRAY.Ui.RestBadDays"));
    return null;
  }
  const before = data.wounds.value;
  const after = restHeal(before, days);
  if (after !== before) await actor.update({ system: { wounds: { value: after } } });
  ui.notifications?.info(i18n().format("FRAY.Ui.Rested", { actor: actor.name, days: String(days), before: String(before), after: String(after) }));
  return after;
}

/** Ask how many days the actor rests, then heal. */
export async function askRest(actor: Actor.Implementation): Promise<number | null> {
  const days = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n().format("FRAY.Ui.RestTitle", { actor: actor.name }) },
    content: `<p>${i18n().format("FRAY.Ui.RestRule", { perWound: String(REST_DAYS_PER_WOUND), all: String(REST_DAYS_FULL_HEAL) })}</p>
      <label class="fray-field"><span>${i18n().localize("FRAY.Ui.RestDays")}</span><input type="number" name="days" value="${REST_DAYS_PER_WOUND}" min="1" step="1" autofocus></label>`,
    ok: {
      label: i18n().localize("FRAY.Ui.Rest"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        const input = button.form?.elements.namedItem("days");
        return input instanceof HTMLInputElement ? Number(input.value) : NaN;
      },
    },
  });
  if (days === null || days === undefined) return null;
  return rest(actor, Number(days));
}

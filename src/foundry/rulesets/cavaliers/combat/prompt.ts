import type { InitiativeSpecialty } from "../../../../rules/cavaliers/tables.js";
import { waitUnlessSkipped } from "../../../api/keybindings.js";
import { INITIATIVE_SPECIALTIES } from "./roller.js";

export interface InitiativeChoice {
  specialty: InitiativeSpecialty;
  surprised: boolean;
}

/** Asks which Initiative specialty to roll and whether the roller is surprised; null when dismissed. */
export async function askInitiative(name: string, preferred: InitiativeSpecialty): Promise<InitiativeChoice | null> {
  const i18n = game.i18n!;
  const options = INITIATIVE_SPECIALTIES.map(
    (s) => `<option value="${s}" ${s === preferred ? "selected" : ""}>${i18n.localize(`FRAY.Combat.Specialty.${s}`)}</option>`,
  ).join("");
  const content = `<div class="form-group"><label>${i18n.localize("FRAY.Combat.Dialog.Specialty")}</label><select name="specialty">${options}</select></div>
<div class="form-group"><label>${i18n.localize("FRAY.Combat.Dialog.Surprised")}</label><input type="checkbox" name="surprised"></div>`;
  // Only sets up the roll: the skip-dialog key rolls at once with the preferred specialty, not surprised.
  const answer = await waitUnlessSkipped({
    window: { title: i18n.format("FRAY.Combat.Dialog.Title", { name }) },
    content,
    buttons: [
      {
        action: "roll",
        label: i18n.localize("FRAY.Combat.Dialog.Roll"),
        default: true,
        callback: (_event, button) => {
          const form = button.form;
          const specialty = (form?.elements.namedItem("specialty") as HTMLSelectElement | null)?.value as InitiativeSpecialty | undefined;
          const surprised = (form?.elements.namedItem("surprised") as HTMLInputElement | null)?.checked ?? false;
          return { specialty: specialty && INITIATIVE_SPECIALTIES.includes(specialty) ? specialty : preferred, surprised };
        },
      },
    ],
  });
  return answer && typeof answer === "object" ? (answer as InitiativeChoice) : null;
}

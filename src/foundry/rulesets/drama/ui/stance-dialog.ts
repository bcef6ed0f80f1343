/**
 * Declaring a stance (on the tracker), or the modifiers of a Dramatic stance (on a card): Press,
 * Stand, Brace, Desperate Defend, Evade, or a Dramatic stance whose Bd, Rd, Dd, Ad and Momentum the
 * GM sets (a player declaring it asks her; only a GM's dialog has the fields).
 */
import type { DramaticModifiers } from "../../../../rules/drama/combatant.js";
import { STANCES, type Stance } from "../../../../rules/drama/tables.js";
import { DramaDialog, formValues, type Planned, whole } from "./dialog.js";

const i18n = () => game.i18n!;
const FIELDS = ["base", "resistance", "drama", "armour", "momentum"] as const;

export interface StanceValues {
  stance: Stance;
  dramatic: Required<DramaticModifiers>;
}

export interface StanceAnswer {
  stance: Stance;
  dramatic?: DramaticModifiers;
}

export class StanceDialog extends DramaDialog<StanceValues, StanceAnswer> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-stance"], window: { icon: "fa-solid fa-person-walking" } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-stance.hbs");

  constructor(
    readonly name: string,
    /** Only the Dramatic stance's modifiers are asked (the card's Dramatic button). */
    readonly dramaticOnly: boolean,
    initial: Stance = "stand",
  ) {
    super({ stance: dramaticOnly ? "dramatic" : initial, dramatic: { base: 0, resistance: 0, drama: 0, armour: 0, momentum: 0 } });
  }

  override get title(): string {
    return i18n().format("FRAY.Drama.Ui.StanceTitle", { name: this.name });
  }

  read(form: HTMLFormElement): StanceValues {
    const raw = formValues(form);
    const stance = this.dramaticOnly ? "dramatic" : ((STANCES as readonly string[]).includes(String(raw.stance)) ? String(raw.stance) : "stand") as Stance;
    const given = (raw.dramatic ?? {}) as Record<string, unknown>;
    // The modifiers are drawn only once Dramatic is picked: a field not on the form keeps its value (0 at first), never the bound.
    const dramatic = Object.fromEntries(FIELDS.map((f) => [f, whole(given[f] ?? this.values.dramatic[f], f === "drama" ? -10 : -20, f === "drama" ? 10 : 20)])) as Required<DramaticModifiers>;
    return { stance, dramatic };
  }

  /** Only a GM sets a Dramatic stance's modifiers; a player declaring it asks her for them. */
  get setsModifiers(): boolean {
    return game.user?.isGM === true;
  }

  plan(): Planned<StanceAnswer> {
    const { stance, dramatic } = this.values;
    if (stance !== "dramatic" || !this.setsModifiers) return { answer: { stance }, problems: [] };
    const set = Object.fromEntries(Object.entries(dramatic).filter(([, n]) => n)) as DramaticModifiers;
    return { answer: Object.keys(set).length ? { stance, dramatic: set } : { stance }, problems: [] };
  }

  formContext(): Record<string, unknown> {
    return {
      dramaticOnly: this.dramaticOnly,
      isDramatic: this.values.stance === "dramatic" && this.setsModifiers,
      asksGm: this.values.stance === "dramatic" && !this.setsModifiers,
      stances: STANCES.map((s) => ({ value: s, label: i18n().localize(`FRAY.Drama.Stance.${s}`), hint: i18n().localize(`FRAY.Drama.StanceHint.${s}`), checked: this.values.stance === s })),
      fields: FIELDS.map((f) => ({ name: f, label: i18n().localize(`FRAY.Drama.Ui.Dramatic.${f}`), value: this.values.dramatic[f] })),
    };
  }

  override submitLabel(): string {
    return "FRAY.Drama.Ui.Declare";
  }
}

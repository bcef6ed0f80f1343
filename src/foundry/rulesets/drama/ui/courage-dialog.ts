/**
 * A courage test's dialog: the traits, bonds, passions or situation that help or hinder it (Bd,
 * Rd, Dd), and from the sheet the wound that calls for it (or being left on 1 Flesh).
 */
import { dramaSystemOf } from "../gear.js";
import type { CourageValues } from "../cards/answers.js";
import { courageCard } from "../cards/post.js";
import { DramaDialog, formValues, type Planned, whole } from "./dialog.js";
import { type OddsAsked, share } from "./odds.js";

const i18n = () => game.i18n!;


export class CourageDialog extends DramaDialog<CourageValues, CourageValues> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-courage"], window: { icon: "fa-solid fa-heart-pulse" } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-courage.hbs");

  constructor(
    readonly actor: Actor.Implementation,
    readonly name: string,
    /** From the sheet the wound is chosen here; on a card it is the card's. */
    readonly pickWound: boolean,
  ) {
    const wounds = dramaSystemOf(actor).wounds;
    super({ wound: pickWound && wounds.length ? wounds.length - 1 : null, base: 0, resistance: 0, drama: 0 });
    this.offersRollMode = pickWound;
  }

  override get title(): string {
    return i18n().format("FRAY.Drama.Ui.CourageTitle", { name: this.name });
  }

  read(form: HTMLFormElement): CourageValues {
    const raw = formValues(form);
    const wounds = dramaSystemOf(this.actor).wounds.length;
    const wound = raw.wound === "" || raw.wound === undefined || raw.wound === null ? null : whole(raw.wound, 0, Math.max(0, wounds - 1));
    return { wound: this.pickWound ? wound : null, base: whole(raw.base, -20, 20), resistance: whole(raw.resistance, -20, 20), drama: whole(raw.drama, 0, 10) };
  }

  plan(): Planned<CourageValues> {
    return { answer: this.values, problems: [] };
  }

  formContext(): Record<string, unknown> {
    const system = dramaSystemOf(this.actor);
    return {
      pickWound: this.pickWound,
      values: { ...this.values, wound: this.values.wound === null ? "" : String(this.values.wound) },
      woundOptions: system.wounds.map((w, i) => ({ value: String(i), label: i18n().format("FRAY.Drama.Ui.WoundOption", { n: String(i + 1), flesh: String(w.flesh) }) })),
    };
  }

  override summaryLines(): string[] {
    const system = dramaSystemOf(this.actor);
    const wound = this.values.wound === null ? 0 : (system.wounds[this.values.wound]?.flesh ?? 0);
    const penalties = Math.max(0, system.derived.penalties - (wound >= 2 ? 1 : 0));
    return this.pickWound
      ? [i18n().format("FRAY.Drama.Ui.CourageSummary", { base: String(Math.max(0, system.flesh.max + this.values.base)), resistance: String(Math.max(0, penalties + wound + this.values.resistance)), drama: String(this.values.drama) })]
      : [];
  }

  /** From the sheet: whether she stands (net 2+), wavers (net 1: a Drama Point keeps her in) or falls. */
  override oddsAsked(): OddsAsked | null {
    if (!this.pickWound) return null;
    return {
      open: courageCard(this.actor, this.values),
      lines: [
        { label: i18n().localize("FRAY.Drama.Odds.passed"), chance: share("net", (net) => net >= 2) },
        { label: i18n().localize("FRAY.Drama.Odds.wavers"), chance: share("net", (net) => net === 1) },
        { label: i18n().localize("FRAY.Drama.Odds.falls"), chance: share("net", (net) => net <= 0) },
      ],
    };
  }

  override submitLabel(): string {
    return "FRAY.Drama.Ui.TestCourage";
  }
}

/**
 * "Melee round" from the sheet: against the one token the player targets, or several (one round
 * against several opponents, whom she may leave unopposed), with the weapon she fights with.
 * Stances, pools and dice follow on the card, each in its turn.
 */
import { WEAPON_TABLE } from "../../../../rules/drama/tables.js";
import { dramaSystemOf, weaponsOf } from "../gear.js";
import type { MeleeAnswer, Target } from "../cards/answers.js";
import { meleeCard } from "../cards/post.js";
import { DramaDialog, formValues, type Planned } from "./dialog.js";
import { chance, type OddsAsked } from "./odds.js";

const i18n = () => game.i18n!;

export interface MeleeValues {
  weapon: string;
  /** Targets (by index) left unopposed. */
  unopposed: number[];
}


export class MeleeDialog extends DramaDialog<MeleeValues, MeleeAnswer> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-melee"], window: { icon: "fa-solid fa-khanda" } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-melee.hbs");

  constructor(
    readonly actor: Actor.Implementation,
    readonly targets: readonly Target[],
  ) {
    super({ weapon: weaponsOf(actor).find((w) => !w.ranged)?.id ?? "", unopposed: [] });
    this.offersRollMode = true;
  }

  override get title(): string {
    return i18n().format("FRAY.Drama.Ui.MeleeTitle", { name: this.actor.name });
  }

  read(form: HTMLFormElement): MeleeValues {
    const raw = formValues(form);
    const unopposed = Object.entries((raw.unopposed ?? {}) as Record<string, boolean>)
      .filter(([, on]) => on)
      .map(([i]) => Number(i))
      .filter((i) => Number.isInteger(i) && i >= 0 && i < this.targets.length);
    return { weapon: String(raw.weapon ?? ""), unopposed };
  }

  plan(): Planned<MeleeAnswer> {
    if (this.targets.length > 1 && this.values.unopposed.length >= this.targets.length) return { answer: null, problems: [i18n().localize("FRAY.Drama.Refused.AllUnopposed")] };
    return { answer: { weapon: this.values.weapon, unopposed: this.targets.length > 1 ? this.values.unopposed : [] }, problems: [] };
  }

  formContext(): Record<string, unknown> {
    const system = dramaSystemOf(this.actor);
    return {
      targets: this.targets.map((t, i) => ({ index: i, name: t.name, unopposed: this.values.unopposed.includes(i) })),
      several: this.targets.length > 1,
      values: this.values,
      weaponOptions: [
        { value: "", label: i18n().format("FRAY.Drama.Ui.SheetWeapon", { cls: i18n().localize(`FRAY.Drama.WeaponClass.${system.weaponClass}`) }) },
        ...weaponsOf(this.actor)
          .filter((w) => !w.ranged)
          .map((w) => ({ value: w.id, label: `${w.name} (${WEAPON_TABLE[w.weaponClass].flesh}F)` })),
      ],
    };
  }

  override summaryLines(): string[] {
    return [i18n().localize(this.targets.length > 1 ? "FRAY.Drama.Ui.MeleeSeveralHint" : "FRAY.Drama.Ui.MeleeHint")];
  }

  /** One against one: who wins with this weapon, the stances as declared on the tracker (else Stand). */
  override oddsAsked(): OddsAsked | null {
    const answer = this.plan().answer;
    if (!answer) return null;
    // Against several, each fight on its own, her Base pool split evenly (as the card starts it).
    if (this.targets.length > 1) {
      return {
        open: meleeCard(this.actor, this.targets, answer),
        lines: this.targets.flatMap((target, i) => [
          { label: i18n().format("FRAY.Drama.Odds.beats", { winner: this.actor.name, loser: target.name }), chance: chance(`actorBeatsOpponent${i + 1}`) },
          { label: i18n().format("FRAY.Drama.Odds.beats", { winner: target.name, loser: this.actor.name }), chance: chance(`opponent${i + 1}BeatsActor`) },
        ]),
      };
    }
    const target = this.targets[0]!;
    return {
      open: meleeCard(this.actor, this.targets, answer),
      lines: [
        { label: i18n().format("FRAY.Drama.Odds.wins", { name: this.actor.name }), chance: chance("aWins") },
        { label: i18n().format("FRAY.Drama.Odds.wins", { name: target.name }), chance: chance("bWins") },
        { label: i18n().localize("FRAY.Drama.Odds.noWinner"), chance: chance("noWinner") },
      ],
    };
  }

  override oddsNote(): string {
    return i18n().localize("FRAY.Drama.Ui.OddsBeforeStances");
  }

  override submitLabel(): string {
    return "FRAY.Drama.Ui.Engage";
  }
}

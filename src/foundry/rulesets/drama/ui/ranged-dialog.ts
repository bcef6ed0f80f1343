/**
 * "Ranged shot" from the sheet: the weapon, the situation table (range, visibility, wind, the
 * target's movement and size: 0 to 8Rd each), the +2Bd bonuses (a large target, being braced,
 * aiming for a turn), other dice and the passions and dramatic advantages declared; and whether
 * the target shoots back this round, in which case the card first says who shoots first.
 */
import { RANGED_BONUSES, RANGED_TABLE, WEAPON_TABLE } from "../../../../rules/drama/tables.js";
import { advantagesOf, dramaSystemOf, weaponsOf } from "../gear.js";
import type { RangedAnswer, RangedValues, Target } from "../cards/answers.js";
import { rangedCard } from "../cards/post.js";
import { advantageChoices, DramaDialog, formValues, type Planned, whole } from "./dialog.js";
import { chance, type OddsAsked } from "./odds.js";

const i18n = () => game.i18n!;
const ROWS = Object.keys(RANGED_TABLE) as (keyof typeof RANGED_TABLE)[];


export class RangedDialog extends DramaDialog<RangedValues, RangedAnswer> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-ranged"], window: { icon: "fa-solid fa-bullseye" } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-ranged.hbs");

  constructor(
    readonly actor: Actor.Implementation,
    readonly target: Target,
    /** Whether to ask if the target shoots back (not when the shot comes from a "who shoots first" card). */
    readonly offerShootBack = true,
  ) {
    const situation = Object.fromEntries(ROWS.map((row) => [row, Object.keys(RANGED_TABLE[row])[0]!]));
    super({ weapon: weaponsOf(actor).find((w) => w.ranged)?.id ?? "", situation, bonuses: [], advantages: [], base: 0, resistance: 0, shootsBack: false });
    this.offersRollMode = true;
  }

  override get title(): string {
    return i18n().format("FRAY.Drama.Ui.RangedTitle", { name: this.actor.name, target: this.target.name });
  }

  read(form: HTMLFormElement): RangedValues {
    const raw = formValues(form);
    const checked = (group: unknown) => Object.entries((group ?? {}) as Record<string, boolean>).filter(([, on]) => on).map(([id]) => id);
    const given = (raw.situation ?? {}) as Record<string, unknown>;
    const situation = Object.fromEntries(ROWS.map((row) => [row, Object.hasOwn(RANGED_TABLE[row], String(given[row])) ? String(given[row]) : Object.keys(RANGED_TABLE[row])[0]!]));
    return {
      weapon: String(raw.weapon ?? ""),
      situation,
      bonuses: checked(raw.bonuses).filter((b) => Object.hasOwn(RANGED_BONUSES, b)),
      advantages: checked(raw.advantages),
      base: whole(raw.base, 0, 20),
      resistance: whole(raw.resistance, 0, 20),
      shootsBack: this.offerShootBack && Boolean(raw.shootsBack),
    };
  }

  plan(): Planned<RangedAnswer> {
    // A shot is made with a missile weapon: the sheet's weapon class is the one she fights with in melee (issue 38 item 12).
    if (!weaponsOf(this.actor).some((w) => w.ranged)) return { answer: null, problems: [i18n().format("FRAY.Drama.Ui.NoMissileWeapon", { name: this.actor.name })] };
    const cost = advantagesOf(this.actor).filter((a) => this.values.advantages.includes(a.id)).reduce((t, a) => t + a.cost, 0);
    const points = dramaSystemOf(this.actor).dramaPoints;
    if (cost > points) return { answer: null, problems: [i18n().format("FRAY.Drama.Ui.TooDear", { cost: String(cost), points: String(points) })] };
    return { answer: this.values, problems: [] };
  }

  formContext(): Record<string, unknown> {
    const v = this.values;
    return {
      targetName: this.target.name,
      offerShootBack: this.offerShootBack,
      values: v,
      rows: ROWS.map((row) => ({
        row,
        label: i18n().localize(`FRAY.Drama.Ranged.${row}`),
        options: Object.entries(RANGED_TABLE[row]).map(([column, rd]) => ({ value: column, label: `${i18n().localize(`FRAY.Drama.Ranged.${row}Column.${column}`)} (${rd}Rd)` })),
        selected: v.situation[row],
      })),
      bonuses: Object.keys(RANGED_BONUSES).map((id) => ({ id, label: i18n().localize(`FRAY.Drama.Ranged.bonus.${id}`), checked: v.bonuses.includes(id) })),
      advantages: advantageChoices(this.actor, v.advantages),
      // Only her missile weapons: the sheet's weapon class is her melee weapon's, no shot's.
      weaponOptions: weaponsOf(this.actor)
        .filter((w) => w.ranged)
        .map((w) => ({ value: w.id, label: `${w.name} (${WEAPON_TABLE[w.weaponClass].flesh}F)` })),
    };
  }

  override summaryLines(): string[] {
    const v = this.values;
    const table = ROWS.reduce((t, row) => t + ((RANGED_TABLE[row] as Record<string, number>)[v.situation[row] ?? ""] ?? 0), 0);
    const bonus = v.bonuses.reduce((t, b) => t + (RANGED_BONUSES as Record<string, number>)[b]!, 0);
    return [i18n().format("FRAY.Drama.Ui.RangedSummary", { table: String(table + v.resistance), bonus: String(bonus + v.base) })];
  }

  /** The shot these choices would open; none when the target shoots back (the card first says who shoots first). */
  override oddsAsked(): OddsAsked | null {
    const answer = this.plan().answer;
    if (!answer || answer.shootsBack) return null;
    return {
      open: rangedCard(this.actor, this.target, answer),
      lines: (["hit", "marginalHit", "miss", "critical"] as const).map((name) => ({ label: i18n().localize(`FRAY.Drama.Odds.${name}`), chance: chance(name) })),
    };
  }

  override submitLabel(): string {
    return this.values.shootsBack ? "FRAY.Drama.Ui.WhoShootsFirst" : "FRAY.Drama.Ui.Shoot";
  }
}

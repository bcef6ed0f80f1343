/**
 * Building one's pools on a melee card, when it is one's turn: the situations that help or hinder
 * (defensive space, height, footing, weather, light, a narrow space), other dice the table agrees,
 * the military training dice put into armour instead of the Base pool, the passions and dramatic
 * advantages declared (their Drama dice, and the Drama Points they cost), the weapon; against
 * several opponents, how the Base pool is shared out (as evenly as it goes: only the odd dice and the
 * military dice are placed by choice) and which opponent the Drama dice go against. A fighter who
 * builds after others sees what they allocated (never a die: none is rolled until every pool is built).
 */
import { MELEE_SITUATION_IDS, situationDice } from "../../../../rules/drama/choices.js";
import type { CardData } from "../../../cards/model.js";
import { allocationLines, nameOf } from "../cards/view.js";
import { splitEvenly } from "../../../../rules/drama/multiple.js";
import { MELEE_SITUATIONS, WEAPON_TABLE } from "../../../../rules/drama/tables.js";
import { advantagesOf, dramaSystemOf, weaponsOf } from "../gear.js";
import { advantageChoices, DramaDialog, formValues, type Planned, whole } from "./dialog.js";
import { chance, type OddsAsked } from "./odds.js";

const i18n = () => game.i18n!;

export interface PoolOffer {
  base: number;
  resistance: number;
  drama: number;
  armour: number;
  military: number;
  dramaPoints: number | null;
  split?: { ownBase: number; engaged: number; opponents: { key: string; name: string; unopposed: boolean }[] };
  /** What each opponent who built before her allocated against her. */
  against?: Record<string, unknown>[];
}

export interface SplitValue {
  baseDice: number;
  military: number;
}

export interface PoolValues {
  situations: string[];
  base: number;
  resistance: number;
  armour: number;
  militaryAsArmour: number;
  advantages: string[];
  weapon: string;
  split: SplitValue[];
  dramaTo: number;
}

/** The card-level pool choice a dialog sends (the GM turns the advantages into Drama dice). */
export type PoolAnswer = Record<string, unknown>;

export interface PoolDialogOptions {
  actor: Actor.Implementation;
  name: string;
  offer: PoolOffer;
  /** The card this pool answers and the choice it is, for the odds of these choices. */
  card?: CardData;
  choice?: string;
  /** The participant key building (a, b, actor...), and the rules action. */
  role: string;
  action: string;
}

/** The engaged opponents' even shares, larger first: what the split starts from. */
function evenSplit(offer: PoolOffer): SplitValue[] {
  const split = offer.split;
  if (!split) return [];
  const shares = splitEvenly(split.ownBase, split.engaged);
  let k = 0;
  return split.opponents.map((o) => (o.unopposed ? { baseDice: 0, military: 0 } : { baseDice: shares[k++] ?? 0, military: 0 }));
}

export class PoolDialog extends DramaDialog<PoolValues, PoolAnswer> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-pool"], window: { icon: "fa-solid fa-dice-d6" } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-pool.hbs");

  readonly options_: PoolDialogOptions;

  constructor(options: PoolDialogOptions) {
    const split = evenSplit(options.offer);
    const firstEngaged = options.offer.split?.opponents.findIndex((o) => !o.unopposed) ?? 0;
    super({ situations: [], base: 0, resistance: 0, armour: 0, militaryAsArmour: 0, advantages: [], weapon: "", split, dramaTo: Math.max(0, firstEngaged) });
    this.options_ = options;
    const weapon = weaponsOf(options.actor).find((w) => !w.ranged);
    this.values.weapon = weapon?.id ?? "";
  }

  override get title(): string {
    return i18n().format("FRAY.Drama.Ui.PoolTitle", { name: this.options_.name });
  }

  read(form: HTMLFormElement): PoolValues {
    const raw = formValues(form);
    const checked = (group: unknown) => Object.entries((group ?? {}) as Record<string, boolean>).filter(([, on]) => on).map(([id]) => id);
    const offer = this.options_.offer;
    const split = (offer.split?.opponents ?? []).map((o, i) => {
      const row = ((raw.split ?? {}) as Record<string, Record<string, unknown>>)[String(i)] ?? {};
      return o.unopposed ? { baseDice: 0, military: 0 } : { baseDice: whole(row.baseDice, 0, 40), military: whole(row.military, 0, 10) };
    });
    return {
      situations: checked(raw.situations).filter((id) => (MELEE_SITUATION_IDS as string[]).includes(id)),
      base: whole(raw.base, 0, 20),
      resistance: whole(raw.resistance, 0, 20),
      armour: whole(raw.armour, 0, 20),
      militaryAsArmour: whole(raw.militaryAsArmour, 0, offer.military),
      advantages: checked(raw.advantages),
      weapon: String(raw.weapon ?? ""),
      split,
      dramaTo: whole(raw.dramaTo, 0, Math.max(0, split.length - 1)),
    };
  }

  /** The Drama dice, Drama Points and extra Flesh of the advantages ticked. */
  declared(): { dice: number; cost: number; flesh: number } {
    const own = advantagesOf(this.options_.actor).filter((a) => this.values.advantages.includes(a.id));
    return { dice: own.reduce((t, a) => t + a.dice, 0), cost: own.reduce((t, a) => t + a.cost, 0), flesh: own.reduce((t, a) => t + a.flesh, 0) };
  }

  plan(): Planned<PoolAnswer> {
    const v = this.values;
    const offer = this.options_.offer;
    const problems: string[] = [];
    const declared = this.declared();
    const points = offer.dramaPoints ?? dramaSystemOf(this.options_.actor).dramaPoints;
    if (declared.cost > points) problems.push(i18n().format("FRAY.Drama.Ui.TooDear", { cost: String(declared.cost), points: String(points) }));
    const answer: PoolAnswer = {
      ...(v.situations.length ? { situations: v.situations } : {}),
      ...(v.base ? { base: v.base } : {}),
      ...(v.resistance ? { resistance: v.resistance } : {}),
      ...(v.armour ? { armour: v.armour } : {}),
      ...(v.militaryAsArmour ? { militaryAsArmour: v.militaryAsArmour } : {}),
      ...(v.advantages.length ? { advantages: v.advantages } : {}),
      weapon: v.weapon,
    };
    const split = offer.split;
    if (split) {
      const engaged = split.opponents.map((o, i) => (o.unopposed ? -1 : i)).filter((i) => i >= 0);
      const shares = splitEvenly(split.ownBase, engaged.length);
      const low = Math.min(...shares);
      const high = Math.max(...shares);
      const given = engaged.map((i) => v.split[i]?.baseDice ?? 0);
      if (given.reduce((t, n) => t + n, 0) !== split.ownBase || given.some((n) => n < low || n > high)) problems.push(i18n().format("FRAY.Drama.Ui.Uneven", { shares: shares.join("/") }));
      const military = offer.military - v.militaryAsArmour;
      const placed = v.split.reduce((t, s) => t + s.military, 0);
      if (placed !== 0 && placed !== military) problems.push(i18n().format("FRAY.Drama.Ui.PlaceMilitary", { n: String(military) }));
      if (split.opponents[v.dramaTo]?.unopposed) problems.push(i18n().localize("FRAY.Drama.Ui.DramaUnopposed"));
      answer.split = split.opponents.map((o, i) => (o.unopposed ? {} : { baseDice: v.split[i]?.baseDice ?? 0, ...(v.split[i]?.military ? { military: v.split[i]!.military } : {}), ...(i === v.dramaTo ? { drama: true } : {}) }));
    }
    return problems.length ? { answer: null, problems } : { answer, problems: [] };
  }

  formContext(): Record<string, unknown> {
    const v = this.values;
    const offer = this.options_.offer;
    const weapons = weaponsOf(this.options_.actor).filter((w) => !w.ranged);
    const system = dramaSystemOf(this.options_.actor);
    return {
      name: this.options_.name,
      offer,
      seen: allocationLines(offer.against),
      situations: MELEE_SITUATION_IDS.map((id) => {
        const dice = MELEE_SITUATIONS[id]!;
        return { id, label: i18n().localize(`FRAY.Drama.Situation.${id}`), dice: dice.base ? `+${dice.base}Bd` : `+${dice.resistance}Rd`, checked: v.situations.includes(id) };
      }),
      values: v,
      hasMilitary: offer.military > 0,
      weaponOptions: [{ value: "", label: i18n().format("FRAY.Drama.Ui.SheetWeapon", { cls: i18n().localize(`FRAY.Drama.WeaponClass.${system.weaponClass}`) }) }, ...weapons.map((w) => ({ value: w.id, label: `${w.name} (${WEAPON_TABLE[w.weaponClass].flesh}F)` }))],
      advantages: advantageChoices(this.options_.actor, v.advantages),
      split: offer.split
        ? offer.split.opponents.map((o, i) => ({ index: i, name: o.name, unopposed: o.unopposed, baseDice: v.split[i]?.baseDice ?? 0, military: v.split[i]?.military ?? 0, drama: v.dramaTo === i }))
        : null,
    };
  }

  override summaryLines(): string[] {
    const v = this.values;
    const offer = this.options_.offer;
    const situation = situationDice(v.situations as never[]);
    const declared = this.declared();
    const base = offer.base + situation.base + v.base - v.militaryAsArmour;
    return [
      i18n().format("FRAY.Drama.Ui.PoolSummary", {
        base: String(base),
        resistance: String(offer.resistance + situation.resistance + v.resistance),
        drama: String(offer.drama + declared.dice),
        armour: String(offer.armour + v.armour + v.militaryAsArmour),
      }),
      ...(declared.cost ? [i18n().format("FRAY.Drama.Ui.Spends", { n: String(declared.cost) })] : []),
      ...(declared.flesh ? [i18n().format("FRAY.Drama.Ui.ExtraFlesh", { n: String(declared.flesh) })] : []),
    ];
  }

  /** Building a pool rolls nothing by itself: the dice are rolled once every pool is built. */
  override submitLabel(): string {
    return "FRAY.Drama.Card.BuildPool";
  }

  /**
   * The card with this pool chosen: who wins, with the stances declared and the pools built so far.
   * Against several, each fight of hers on its own (her share of the split against that opponent):
   * she beats him, he beats her; the rules name each by the two fighters' keys, which are the roles.
   */
  override oddsAsked(): OddsAsked | null {
    const { card, choice, role } = this.options_;
    const answer = this.plan().answer;
    if (!card || !choice || !answer) return null;
    const asked = { open: { kind: card.kind, refs: card.refs, request: card.request }, choices: { ...card.request, [choice]: answer } };
    if (card.kind === "drama.melee") {
      return {
        ...asked,
        lines: [
          { label: i18n().format("FRAY.Drama.Odds.wins", { name: nameOf(card, "a") }), chance: chance("aWins") },
          { label: i18n().format("FRAY.Drama.Odds.wins", { name: nameOf(card, "b") }), chance: chance("bWins") },
          { label: i18n().localize("FRAY.Drama.Odds.noWinner"), chance: chance("noWinner") },
        ],
      };
    }
    if (card.kind !== "drama.multiple" && card.kind !== "drama.skirmish") return null;
    const capital = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
    const me = nameOf(card, role);
    // A role she does not fight has no such chance: its lines drop out.
    return {
      ...asked,
      lines: Object.keys(card.refs)
        .filter((other) => other !== role)
        .flatMap((other) => [
          { label: i18n().format("FRAY.Drama.Odds.beats", { winner: me, loser: nameOf(card, other) }), chance: chance(`${role}Beats${capital(other)}`) },
          { label: i18n().format("FRAY.Drama.Odds.beats", { winner: nameOf(card, other), loser: me }), chance: chance(`${other}Beats${capital(role)}`) },
        ]),
    };
  }
}

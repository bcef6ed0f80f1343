/**
 * Setting up a skirmish round from the tracker (the GM's): for each pair of fighters on opposing
 * sides, whether they fight this round, and whether one of them leaves the other unopposed. Each
 * fighter in two or more engagements splits her pool on the card (Fighting Multiple Opponents).
 */
import { MAX_SKIRMISHERS } from "../../../../rules/drama/skirmish.js";
import { DramaDialog, formValues, type Planned } from "./dialog.js";

const i18n = () => game.i18n!;

/** A fighter the GM may put in the skirmish: a combatant in the fight, and her side. */
export interface Skirmisher {
  id: string;
  name: string;
  side: number;
}

/** One pair's setting: no fight, a fight, or a fight where one of them holds back. */
export type PairSetting = "" | "fight" | `unopposedBy:${string}`;

export interface SkirmishEngagementAnswer {
  between: [string, string];
  unopposedBy?: string;
}

export interface SkirmishAnswer {
  engagements: SkirmishEngagementAnswer[];
}

/** Every pair of fighters on opposing sides (all pairs when everyone is on one side), in the tracker's order. */
export function pairsOf(fighters: readonly Skirmisher[]): [Skirmisher, Skirmisher][] {
  const pairs: [Skirmisher, Skirmisher][] = [];
  const sides = new Set(fighters.map((f) => f.side));
  fighters.forEach((x, i) => fighters.slice(i + 1).forEach((y) => (sides.size < 2 || x.side !== y.side) && pairs.push([x, y])));
  return pairs;
}

export class SkirmishDialog extends DramaDialog<Record<string, PairSetting>, SkirmishAnswer> {
  static override DEFAULT_OPTIONS = { classes: ["fray-drama-skirmish"], window: { icon: "fa-solid fa-people-arrows" }, position: { width: 560 } };
  static override PARTS = DramaDialog.dialogParts("dialog/drama-skirmish.hbs");

  readonly pairs: [Skirmisher, Skirmisher][];

  constructor(fighters: readonly Skirmisher[]) {
    super({});
    this.pairs = pairsOf(fighters);
  }

  override get title(): string {
    return i18n().localize("FRAY.Drama.Ui.SkirmishTitle");
  }

  read(form: HTMLFormElement): Record<string, PairSetting> {
    const raw = (formValues(form).pair ?? {}) as Record<string, unknown>;
    const values: Record<string, PairSetting> = {};
    this.pairs.forEach(([x, y], i) => {
      const given = String(raw[String(i)] ?? "");
      const allowed = ["", "fight", `unopposedBy:${x.id}`, `unopposedBy:${y.id}`];
      values[String(i)] = (allowed.includes(given) ? given : "") as PairSetting;
    });
    return values;
  }

  plan(): Planned<SkirmishAnswer> {
    const engagements: SkirmishEngagementAnswer[] = [];
    this.pairs.forEach(([x, y], i) => {
      const setting = this.values[String(i)] ?? "";
      if (!setting) return;
      engagements.push({ between: [x.id, y.id], ...(setting.startsWith("unopposedBy:") ? { unopposedBy: setting.slice("unopposedBy:".length) } : {}) });
    });
    const fighters = new Set(engagements.flatMap((e) => e.between));
    const problems: string[] = [];
    if (!engagements.length) problems.push(i18n().localize("FRAY.Drama.Ui.SkirmishNone"));
    if (fighters.size > MAX_SKIRMISHERS) problems.push(i18n().format("FRAY.Drama.Ui.SkirmishTooMany", { n: String(MAX_SKIRMISHERS) }));
    return problems.length ? { answer: null, problems } : { answer: { engagements }, problems: [] };
  }

  formContext(): Record<string, unknown> {
    return {
      pairs: this.pairs.map(([x, y], i) => {
        const value = this.values[String(i)] ?? "";
        const option = (v: PairSetting, label: string) => ({ value: v, label, selected: v === value });
        return {
          index: i,
          label: i18n().format("FRAY.Drama.Ui.SkirmishPair", { a: x.name, b: y.name }),
          options: [
            option("", i18n().localize("FRAY.Drama.Ui.SkirmishApart")),
            option("fight", i18n().localize("FRAY.Drama.Ui.SkirmishFight")),
            option(`unopposedBy:${x.id}`, i18n().format("FRAY.Drama.Ui.SkirmishHoldsBack", { who: x.name, other: y.name })),
            option(`unopposedBy:${y.id}`, i18n().format("FRAY.Drama.Ui.SkirmishHoldsBack", { who: y.name, other: x.name })),
          ],
        };
      }),
    };
  }

  override summaryLines(): string[] {
    const answer = this.plan().answer;
    if (!answer) return [];
    const counts = new Map<string, number>();
    for (const e of answer.engagements) for (const id of e.between) counts.set(id, (counts.get(id) ?? 0) + 1);
    const splitting = this.pairs.flat().filter((f, i, all) => all.findIndex((g) => g.id === f.id) === i && (counts.get(f.id) ?? 0) > 1);
    return splitting.length ? [i18n().format("FRAY.Drama.Ui.SkirmishSplits", { names: splitting.map((f) => f.name).join(", ") })] : [];
  }

  override submitLabel(): string {
    return "FRAY.Drama.Ui.SkirmishOpen";
  }
}

import type { DeepPartial } from "fvtt-types/utils";
import { FLOURISH_OPPOSITION, STANDARD_OPPOSITION, SURVIVAL_OPPOSITION, type OppositionLevel } from "../../../../rules/cavaliers/tables.js";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import type { CheckKind, CheckRequest } from "../requests.js";
import { readAssists } from "./assists.js";
import { HandlebarsDialog, formValues, partsToRedraw } from "../../../sheets/dialog-base.js";
import { checkOddsLine } from "./odds-view.js";
import { combinedOptions, planCombined, readCombined } from "./combined-plan.js";
import { roundSoFar } from "../combat/combined.js";
import { rollFlow } from "./roll-flow.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const i18n = () => game.i18n!;

/** The difficulties a player picks from (Very Easy needs no roll, so it is not offered). */
export const PICKABLE_OPPOSITION = ["easy", "moderate", "hard", "very-hard"] as const satisfies readonly OppositionLevel[];

/** Flourish is always against Easy and Survival against Moderate; only Use a Skill picks. */
export const FIXED_OPPOSITION: Partial<Record<CheckKind, OppositionLevel>> = { flourish: FLOURISH_OPPOSITION, survival: SURVIVAL_OPPOSITION };

export interface CheckFormValues {
  kind: CheckKind;
  opposition: OppositionLevel;
  /** Combined actions taken with the roll (none for Survival). */
  combined: string[];
  assists: string[];
  /** publicroll, gmroll, blindroll or selfroll. */
  rollMode: string;
}

/** What the GM's Combat says of her round: the combined actions she took, an Interpose holding her. */
export interface CheckRound {
  combinedThisRound?: readonly string[];
  heldInArea?: boolean;
}

/** The CheckRequest a form asks for, or the problems that stop it. */
export function planCheck(actor: Actor.Implementation, specialtyItemId: string | undefined, values: CheckFormValues, round: CheckRound = {}): { request: CheckRequest | null; problems: string[]; combinedDrop: number } {
  const problems: string[] = [];
  const opposition = FIXED_OPPOSITION[values.kind] ?? values.opposition;
  if (!(PICKABLE_OPPOSITION as readonly string[]).includes(opposition)) problems.push(i18n().localize("FRAY.Ui.ChooseDifficulty"));
  // A Dying character's Survival roll is all she does: no combined action goes with it.
  const combined = planCombined(values.kind === "survival" ? [] : values.combined, round.combinedThisRound, round.heldInArea);
  problems.push(...combined.problems);
  const { assists, problems: assistProblems } = readAssists(values.assists);
  problems.push(...assistProblems);
  if (problems.length) return { request: null, problems, combinedDrop: combined.combinedDrop };
  return {
    request: {
      actorUuid: actor.uuid,
      kind: values.kind,
      // Survival rolls Verve and the competency die alone.
      ...(specialtyItemId && values.kind !== "survival" ? { specialtyItemId } : {}),
      opposition,
      combined: combined.combined,
      assists,
      rollMode: values.rollMode,
    },
    problems,
    combinedDrop: combined.combinedDrop,
  };
}

export interface CheckDialogOptions {
  actor: Actor.Implementation;
  kind: CheckKind;
  specialtyItemId?: string;
}

/** Standard Opposition picker for Use a Skill, Flourish and Survival; submits a CheckRequest. */
export class CheckDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-check-dialog"],
    tag: "form",
    window: { title: "FRAY.Ui.CheckTitle", icon: "fa-solid fa-dice" },
    position: { width: 380 },
    form: { handler: CheckDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/cavaliers-check.hbs") }, summary: { template: templatePath("dialog/problems.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly specialtyItemId: string | undefined;
  values: CheckFormValues;

  constructor(options: CheckDialogOptions) {
    super({});
    this.actor = options.actor;
    this.specialtyItemId = options.specialtyItemId;
    this.values = { kind: options.kind, opposition: FIXED_OPPOSITION[options.kind] ?? "moderate", combined: [], assists: ["", ""], rollMode: currentRollMode() };
  }

  /** Her round so far, from the GM's record on the active Combat. */
  round(): CheckRound {
    return roundSoFar(this.actor);
  }

  override get title(): string {
    const item = this.specialtyItemId ? this.actor.items.get(this.specialtyItemId) : undefined;
    return i18n().format("FRAY.Ui.CheckTitle", { actor: this.actor.name, what: item?.name ?? i18n().localize(`FRAY.Ui.Kind.${this.values.kind}`) });
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const fixed = FIXED_OPPOSITION[this.values.kind];
    const plan = planCheck(this.actor, this.specialtyItemId, this.values, this.round());
    return Object.assign(context, {
      values: { ...this.values, opposition: fixed ?? this.values.opposition },
      // Survival is its own roll; a specialty may be used plainly or for a Flourish.
      kindOptions: this.values.kind === "survival" ? null : (["skill", "flourish"] as const).map((k) => ({ value: k, label: i18n().localize(`FRAY.Ui.Kind.${k}`) })),
      oppositionOptions: PICKABLE_OPPOSITION.map((o) => ({ value: o, label: i18n().format("FRAY.Ui.Opposition", { level: i18n().localize(`FRAY.Ui.Difficulty.${o}`), die: String(STANDARD_OPPOSITION[o]) }) })),
      fixed: Boolean(fixed),
      combined: this.values.kind === "survival" ? null : combinedOptions(this.values.combined),
      combinedDrop: plan.combinedDrop,
      rollModes: rollModeOptions(),
      problems: plan.problems,
      odds: checkOddsLine(plan.request),
      blocked: plan.request === null,
      submitLabel: "FRAY.Ui.RollCheck",
    });
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.values = this.readForm(this.form);
    const parts = partsToRedraw(event);
    void this.render(parts ? { parts } : {});
  }

  readForm(form: HTMLFormElement): CheckFormValues {
    const raw = formValues(form);
    const assists = (raw.assists ?? {}) as Record<string, string>;
    const kind = this.values.kind === "survival" ? "survival" : ((raw.kind as CheckKind | undefined) ?? this.values.kind);
    return {
      kind,
      opposition: FIXED_OPPOSITION[kind] ?? ((raw.opposition as OppositionLevel | undefined) ?? this.values.opposition),
      combined: kind === "survival" ? [] : readCombined(raw.combined),
      assists: [String(assists["0"] ?? ""), String(assists["1"] ?? "")],
      rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode,
    };
  }

  static async #onSubmit(this: CheckDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.readForm(form);
    const { request, problems } = planCheck(this.actor, this.specialtyItemId, this.values, this.round());
    if (!request) {
      ui.notifications?.warn(problems.join(" "));
      void this.render();
      return;
    }
    await this.close();
    await rollFlow().postCheck(request);
  }
}

export async function openCheckDialog(actor: Actor.Implementation, kind: CheckKind, specialtyItemId?: string): Promise<CheckDialog> {
  const dialog = new CheckDialog({ actor, kind, ...(specialtyItemId ? { specialtyItemId } : {}) });
  await showRollDialog(dialog);
  return dialog;
}

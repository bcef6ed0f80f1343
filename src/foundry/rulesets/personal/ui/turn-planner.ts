/**
 * The turn planner: one Move to an adjacent range band, one Action, free actions and one item
 * picked up or swapped, with Gain Momentum as a toggle. It checks the plan with the rules as it is
 * typed (the count against the cap, and every problem in the game's words) and declares it on a
 * turn card, where the GM checks it again.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { BASE_ACTION_CAP, type DeclaredTurn, type TurnProblem, validateTurn } from "../../../../rules/personal/turn.js";
import { rulesetOptions } from "../../../settings.js";
import { formValues, HandlebarsDialog } from "../../../sheet-base.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { postForCharacter, refOf } from "../cards/index.js";
import { tableLists } from "../lists.js";
import { actingToken } from "../../../sheets/targets.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;

const i18n = () => game.i18n!;
const FREE_SLOTS = 3;

export interface TurnPlan {
  from: string;
  to: string;
  action: string;
  free: string[];
  itemInteraction: boolean;
  gainMomentum: boolean;
}

const EMPTY: TurnPlan = { from: "", to: "", action: "", free: Array<string>(FREE_SLOTS).fill(""), itemInteraction: false, gainMomentum: false };

/** The plan as the rules' declared turn: blank fields are left out. */
export function declaredTurn(plan: TurnPlan): DeclaredTurn {
  const free = plan.free.map((name) => name.trim()).filter(Boolean);
  return {
    ...(plan.from || plan.to ? { move: { from: plan.from, to: plan.to } } : {}),
    actions: [...(plan.action ? [{ name: plan.action }] : []), ...free.map((name) => ({ name, free: true }))],
    ...(plan.itemInteraction ? { itemInteractions: 1 } : {}),
    ...(plan.gainMomentum ? { gainMomentum: true } : {}),
  };
}

/** A problem the rules find with a plan, in the players' words. */
export function problemText(problem: TurnProblem): string {
  const data = Object.fromEntries(Object.entries(problem).map(([key, value]) => [key, String(value)]));
  return i18n().format(`FRAY.Personal.Turn.Problem.${problem.rule}`, data);
}

/** The plan read by the rules with the world's house rules: the cap, the count, and each problem. */
export function checkPlan(plan: TurnPlan): { cap: number; count: number; problems: string[] } {
  const options = rulesetOptions("personal");
  const lists = tableLists();
  const reading = validateTurn(declaredTurn(plan), lists.zones, lists.actions, {
    baseCap: BASE_ACTION_CAP,
    gainMomentumCap: Number(options.gainMomentumCap),
    gainMomentumExtraAction: options.gainMomentumExtraAction === true,
  });
  return { cap: reading.cap, count: reading.actionsDeclared, problems: reading.problems.map(problemText) };
}

export class TurnPlanner extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-personal-turn"],
    tag: "form",
    window: { title: "FRAY.Personal.Turn.Title", icon: "fa-solid fa-person-running" },
    position: { width: 440 },
    form: { handler: TurnPlanner.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = {
    form: { template: templatePath("dialog/personal-turn.hbs") },
    summary: { template: templatePath("dialog/personal-turn-summary.hbs") },
    footer: { template: templatePath("dialog/footer.hbs") },
  };

  readonly actor: Actor.Implementation;
  plan: TurnPlan = { ...EMPTY, free: [...EMPTY.free] };

  constructor(actor: Actor.Implementation) {
    super({});
    this.actor = actor;
  }

  override get title(): string {
    return i18n().format("FRAY.Personal.Turn.Title", { actor: this.actor.name });
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const lists = tableLists();
    const checked = checkPlan(this.plan);
    const choices = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));
    return Object.assign(context, {
      plan: this.plan,
      bands: choices(lists.zones),
      actions: choices(lists.actions),
      freeActions: lists.freeActions,
      freeSlots: this.plan.free.map((value, index) => ({ index, value })),
      // Over the cap, say so ("3 actions: 1 over the limit of 2"), never "3 of 2 actions".
      count: i18n().format(checked.count > checked.cap ? "FRAY.Personal.Turn.CountOver" : "FRAY.Personal.Turn.Count", { count: String(checked.count), cap: String(checked.cap), over: String(checked.count - checked.cap) }),
      problems: checked.problems,
      blocked: checked.problems.length > 0,
      submitLabel: "FRAY.Personal.Turn.Declare",
    });
  }

  readForm(form: HTMLFormElement): TurnPlan {
    const raw = formValues(form);
    const free = (raw.free ?? {}) as Record<string, unknown>;
    return {
      from: String(raw.from ?? ""),
      to: String(raw.to ?? ""),
      action: String(raw.action ?? ""),
      free: Array.from({ length: FREE_SLOTS }, (_, index) => String(free[String(index)] ?? "")),
      itemInteraction: raw.itemInteraction === true,
      gainMomentum: raw.gainMomentum === true,
    };
  }

  /**
   * Every change is checked at once; typing only redraws the count, the problems and the footer, so
   * the field keeps its focus (the footer's Declare button stays the one on the page, so the click
   * that ended the typing lands: HandlebarsDialog, sheet-base.ts).
   */
  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.plan = this.readForm(this.form);
    const typing = event.target instanceof HTMLInputElement && event.target.type === "text";
    void this.render(typing ? { parts: ["summary", "footer"] } : {});
  }

  static async #onSubmit(this: TurnPlanner, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.plan = this.readForm(form);
    const { problems } = checkPlan(this.plan);
    if (problems.length) {
      ui.notifications?.warn(problems.join(" "));
      void this.render();
      return;
    }
    const message = await postForCharacter("turn", refOf(this.actor, actingToken(this.actor)), { ...declaredTurn(this.plan) });
    if (message) await this.close();
  }
}

export async function openTurnPlanner(actor: Actor.Implementation): Promise<TurnPlanner> {
  const planner = new TurnPlanner(actor);
  await planner.render({ force: true });
  return planner;
}

/**
 * The hooks Fray calls for module authors around each card step the active GM serves (docs/api.md).
 * Every hook gets one argument, a deep-frozen copy of the step: a module reads it, and can neither
 * change what the rules decided nor what Apply writes. A "pre" hook may return `false` to stop the
 * step before anything is written (the asker is told a module stopped it); any other return value
 * of any hook is ignored. They run on the active GM's client, which serves every step.
 */
import type { Outcome } from "../../core/outcome.js";
import type { RulesetId } from "../../rules/ruleset.js";
import { Refused } from "../relay/index.js";
import type { CardData, ChangeRecord } from "../cards/model.js";

export const CARD_HOOKS = {
  preResolve: "fray.preResolveCard",
  resolve: "fray.resolveCard",
  preApply: "fray.preApplyCard",
  apply: "fray.applyCard",
  preUndo: "fray.preUndoCard",
  undo: "fray.undoCard",
} as const;

export type CardHookName = (typeof CARD_HOOKS)[keyof typeof CARD_HOOKS];

/** Which GM step called the hook: a card opened, a choice added, a follow-up after Apply, an Undo, or a card the tracker posted. */
export type CardStep = "open" | "choose" | "follow" | "undo" | "served";

/** What Apply is about to write on one document: update paths and values, status ids and on/off. */
export interface PlannedChange {
  uuid: string;
  name: string;
  fields: Record<string, unknown>;
  statuses: Record<string, boolean>;
}

/** The one argument of every card hook (frozen). */
export interface CardHookEvent {
  step: CardStep;
  /** The id of the user who asked for the step, as Foundry vouched for it. */
  user: string;
  /** The card's ChatMessage id; null while a card is being opened (its message is created after its hooks). */
  message: string | null;
  kind: string;
  ruleset: RulesetId;
  /** The rules action (`fray resolve`'s "action"). */
  action: string;
  /** The card as it stands at this hook: its request, the rules request, the outcome resolved so far, its state. */
  card: CardData;
  /** The outcome the rules gave (null in the pre-resolve hook). */
  outcome: Outcome | null;
  /** preApplyCard: what Apply is about to write. */
  changes?: PlannedChange[];
  /** applyCard, preUndoCard and undoCard: what Apply wrote (with the values before), as Undo reads it. */
  applied?: ChangeRecord[];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A frozen copy, so no hook reaches an object the engine goes on using. */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(foundry.utils.deepClone(value));
}

/** Calls a "pre" hook; a handler returning false stops the step with a refusal naming the hook. */
export function callPreHook(hook: CardHookName, event: CardHookEvent): void {
  if (Hooks.call(hook, frozenCopy(event)) === false) {
    throw new Refused(game.i18n!.format("FRAY.Api.HookStopped", { hook }));
  }
}

/** Calls an "after" hook; whatever its handlers return is ignored. */
export function callHook(hook: CardHookName, event: CardHookEvent): void {
  Hooks.callAll(hook, frozenCopy(event));
}

/**
 * What a player is typing survives a re-render of her sheet. v13 renders every combatant's actor
 * sheet again on every update of a Combat (client/documents/combat.mjs `updateCombatantActors`), the
 * GM's flag writes included; `HandlebarsApplication#_preSyncPartState`/`_syncPartState`
 * (client/applications/api/handlebars-application.mjs) give the focused field its focus back but the
 * stored value, so a half-typed note or name would vanish. The focused field's value, when she changed
 * it and has not sent it yet, is put back into the new field before focus returns.
 */
export interface PartState {
  [key: string]: unknown;
}
type PartSync = (partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: PartState) => void;

const TYPED = "frayTyped";

/** Before the part is replaced: the focused field's unsent text, if any. */
export function keepTyping(priorElement: HTMLElement, state: PartState): void {
  const focus = priorElement.querySelector(":focus");
  if (!(focus instanceof HTMLInputElement || focus instanceof HTMLTextAreaElement) || !focus.name) return;
  if (focus.value !== focus.defaultValue) state[TYPED] = { name: focus.name, value: focus.value };
}

/** After: the unsent text put back into the field of the same name. */
export function restoreTyping(newElement: HTMLElement, state: PartState): void {
  const typed = state[TYPED] as { name: string; value: string } | undefined;
  if (!typed) return;
  const field = [...newElement.querySelectorAll("[name]")].find((el) => (el as HTMLInputElement).name === typed.name);
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = typed.value;
}

/** The mixin's own part-sync steps, which fvtt-types does not declare on the sheet classes. */
export function baseSync(prototype: object): { pre: PartSync; sync: PartSync } {
  // The Handlebars mixin defines both at run time; its declared type (sheet-base.ts) leaves them out.
  const base = prototype as unknown as { _preSyncPartState: PartSync; _syncPartState: PartSync };
  return { pre: base._preSyncPartState, sync: base._syncPartState };
}

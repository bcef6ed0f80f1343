/**
 * Fray's keybinding: hold it (Shift by default) while clicking a roll button, or running its macro,
 * and the dialog rolls at once with its defaults, as dnd5e's skip modifier does. Every ruleset's
 * roll dialogs open through `showRollDialog`, so one binding serves them all; players rebind it
 * under Configure Controls.
 */
import { SYSTEM_ID } from "../system.js";

export const SKIP_DIALOG = "skipDialog";

export function registerKeybindings(): void {
  game.keybindings!.register(SYSTEM_ID, SKIP_DIALOG, {
    name: "FRAY.Api.SkipDialog",
    hint: "FRAY.Api.SkipDialogHint",
    editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  });
}

/** Whether the skip binding is held now (its key down, with each modifier it names). */
export function skipDialogHeld(): boolean {
  const keyboard = game.keyboard;
  if (!keyboard || !game.keybindings) return false;
  return game.keybindings.get(SYSTEM_ID, SKIP_DIALOG).some((binding) => keyboard.downKeys.has(binding.key) && (binding.modifiers ?? []).every((modifier) => keyboard.isModifierActive(modifier as Parameters<typeof keyboard.isModifierActive>[0])));
}

/** The single-form dialog's side `showRollDialog` needs: render, and submit the form as it stands. */
interface RollDialog {
  render(options: { force: boolean }): Promise<unknown>;
  submit(): Promise<unknown>;
}

/**
 * Shows a roll dialog; with the skip binding held (read when the button is clicked) it is drawn and
 * submitted at once with its defaults, so the roll goes through the dialog's own checks: a default
 * the rules refuse leaves the dialog open with its reason.
 */
export async function showRollDialog<T extends RollDialog>(dialog: T): Promise<T> {
  const skip = skipDialogHeld();
  await dialog.render({ force: true });
  if (skip) await dialog.submit();
  return dialog;
}

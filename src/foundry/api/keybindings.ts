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

type WaitOptions = foundry.applications.api.DialogV2.WaitOptions;
type PromptConfig = foundry.applications.api.DialogV2.PromptConfig;
const DialogV2 = () => foundry.applications.api.DialogV2;

/**
 * What the prompt answers when its default button is pressed on the form as it opens, as v13's
 * DialogV2#_onSubmit does: the button's callback over the form, or else its action. The form is
 * built from the same content, never shown.
 */
async function defaultAnswer(config: WaitOptions, content: string): Promise<unknown> {
  const button = config.buttons.find((b) => b.default) ?? config.buttons[0];
  if (!button) return null;
  const form = document.createElement("form");
  form.innerHTML = `<div class="dialog-content">${content}</div>`;
  const submitter = document.createElement("button");
  submitter.type = "submit";
  submitter.dataset.action = button.action;
  form.append(submitter);
  // The dialog the callback may read; Fray's prompts read only the form, so it is made and never rendered.
  const dialog = new (DialogV2())(config as ConstructorParameters<ReturnType<typeof DialogV2>>[0]);
  return (await button.callback?.(new SubmitEvent("submit", { submitter }), submitter, dialog)) ?? button.action;
}

/**
 * DialogV2.wait for a prompt whose default answer is safe to take unasked (it only sets up a roll,
 * whose card can be undone): with the skip binding held it answers at once with that default,
 * else it asks. Prompts that delete, write without a card or pick a target keep asking (docs/api.md).
 */
export async function waitUnlessSkipped(config: WaitOptions): Promise<unknown> {
  if (skipDialogHeld() && typeof config.content === "string") return defaultAnswer(config, config.content);
  return DialogV2().wait(config);
}

/** DialogV2.prompt (one OK button, the default) under the same rule as `waitUnlessSkipped`. */
export async function promptUnlessSkipped(config: PromptConfig & { ok: NonNullable<PromptConfig["ok"]> }): Promise<unknown> {
  if (skipDialogHeld() && typeof config.content === "string") {
    const { ok, ...rest } = config;
    return defaultAnswer({ ...rest, buttons: [{ action: "ok", label: "Confirm", default: true, ...ok }] }, config.content);
  }
  return DialogV2().prompt(config);
}

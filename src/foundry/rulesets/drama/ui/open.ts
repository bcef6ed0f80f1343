/**
 * The Drama dialogs a sheet button (or a card) opens, against the tokens the user targets: each
 * asks its questions and opens its card. A refusal (no target, a target of another game) is said
 * and nothing opens.
 */
import type { Target } from "../cards/answers.js";
import { postCourage, postMelee, postRanged, postShootFirst } from "../cards/post.js";
import { dramaSystem } from "../gear.js";
import { CourageDialog } from "./courage-dialog.js";
import { ask } from "./dialog.js";
import { MeleeDialog } from "./melee-dialog.js";
import { RangedDialog } from "./ranged-dialog.js";

/** A token to fight: its actor, its name, and the token (or its uuid) when there is one. */

const warn = (key: string, data?: Record<string, string>) => {
  ui.notifications?.warn(data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
  return null;
};

/** The user's targets, each a Drama actor's token (or the reason there are none to fight). */
export function currentTargets(): Target[] | string {
  const targets = [...(game.user?.targets ?? [])] as unknown as { actor: Actor.Implementation | null; name: string; document?: { uuid: string } }[];
  if (!targets.length) return game.i18n!.localize("FRAY.Ui.NoTarget");
  const found: Target[] = [];
  for (const t of targets) {
    if (!t.actor || !dramaSystem(t.actor)) return game.i18n!.format("FRAY.Drama.Refused.NotDrama", { name: t.name });
    found.push({ actor: t.actor, name: t.name, ...(t.document ? { document: t.document } : {}) });
  }
  return found.slice(0, 8);
}

export async function openMeleeDialog(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  const targets = currentTargets();
  if (typeof targets === "string") return warn("FRAY.Drama.Ui.NeedTargets", { why: targets });
  if (targets.some((t) => t.actor === actor)) return warn("FRAY.Drama.Refused.SameFighter", { name: actor.name });
  const dialog = new MeleeDialog(actor, targets);
  const answer = await ask(dialog);
  return answer ? ((await postMelee(actor, targets, answer, dialog.rollMode)) ?? null) : null;
}

export async function openRangedDialog(actor: Actor.Implementation, given?: Target, offerShootBack = true): Promise<ChatMessage.Implementation | null> {
  let target = given;
  if (!target) {
    const targets = currentTargets();
    if (typeof targets === "string") return warn("FRAY.Drama.Ui.NeedTargets", { why: targets });
    if (targets.length > 1) return warn("FRAY.Ui.SeveralTargets", { count: String(targets.length) });
    target = targets[0]!;
  }
  const dialog = new RangedDialog(actor, target, offerShootBack);
  const answer = await ask(dialog);
  if (!answer) return null;
  return ((answer.shootsBack ? await postShootFirst(actor, target) : await postRanged(actor, target, answer, dialog.rollMode)) ?? null);
}

export async function openCourageDialog(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  const dialog = new CourageDialog(actor, actor.name, true);
  const answer = await ask(dialog);
  return answer ? ((await postCourage(actor, answer, dialog.rollMode)) ?? null) : null;
}

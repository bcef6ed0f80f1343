/** The tokens an attack names, in every ruleset: the user's one target, and the attacker's own token when she has one on the scene. */

/** The one token the user targets, or why there is none to attack. */
export function singleTarget(): { token: Token.Implementation } | { refusal: string } {
  const i18n = game.i18n!;
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length === 0) return { refusal: i18n.localize("FRAY.Ui.NoTarget") };
  if (targets.length > 1) return { refusal: i18n.format("FRAY.Ui.SeveralTargets", { count: String(targets.length) }) };
  const token = targets[0]!;
  if (!token.actor) return { refusal: i18n.localize("FRAY.Ui.TargetHasNoActor") };
  return { token };
}

/** The token an actor acts through: her own (an unlinked token's actor), else her first on the viewed scene. */
export function actingToken(actor: Actor.Implementation): TokenDocument.Implementation | null {
  return actor.token ?? actor.getActiveTokens(false, true)[0] ?? null;
}

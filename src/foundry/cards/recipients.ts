/**
 * Who sees a card. Foundry shows a whispered roll's content only to its recipients (everyone else
 * reads "rolled privately"), so a private card must name everyone who has a choice to make on it:
 * under any roll mode but public, the card goes to the GMs, to the owners of every actor it names
 * and, except for a blind roll, to the roller. A blind roll hides her own dice from the roller only.
 */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type RollMode = (typeof ROLL_MODES)[number];

export function isRollMode(value: unknown): value is RollMode {
  return typeof value === "string" && (ROLL_MODES as readonly string[]).includes(value);
}

/** This client's roll mode as chosen in the chat log (the GM cannot read another client's). */
export function currentRollMode(): RollMode {
  const mode = game.settings?.get("core", "rollMode");
  return isRollMode(mode) ? mode : "publicroll";
}

function ownersOf(actor: Actor.Implementation): string[] {
  return (game.users?.contents ?? []).filter((user) => !user.isGM && actor.testUserPermission(user, "OWNER")).map((user) => user.id ?? "");
}

/** The message's whisper list and blind flag for a card opened by `roller` with this roll mode. */
export function cardRecipients(mode: RollMode, roller: User.Implementation, actors: readonly Actor.Implementation[]): { whisper: string[]; blind: boolean } {
  if (mode === "publicroll") return { whisper: [], blind: false };
  const gms = (game.users?.contents ?? []).filter((user) => user.isGM).map((user) => user.id ?? "");
  const others = actors.flatMap((actor) => ownersOf(actor)).filter((id) => !(mode === "blindroll" && id === roller.id));
  const whisper = new Set([...gms, ...others]);
  if (mode !== "blindroll") whisper.add(roller.id ?? "");
  return { whisper: [...whisper], blind: mode === "blindroll" };
}

/** The roll modes a roll dialog offers, in the players' words, for `parts/roll-mode.hbs`. */
export function rollModeOptions(): { value: RollMode; label: string }[] {
  return ROLL_MODES.map((mode) => ({ value: mode, label: game.i18n!.localize(`FRAY.Card.RollMode.${mode}`) }));
}

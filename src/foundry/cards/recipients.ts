/**
 * Who sees a card. Foundry shows a whispered roll's content only to its recipients (everyone else
 * reads "rolled privately"), so a private card must name everyone who has a choice to make on it:
 * under any roll mode but public, the card goes to the GMs, to the owners of every actor it names
 * and to the roller. A blind roll hides her own dice from the roller only: she reads the card, and
 * makes her choices on it, while no die is on it (a declared attack, a stance, a pool: nothing there
 * needs sight of a die), and from the step that puts the first die on it, she no longer does; every
 * choice of hers after that is the GM's (issue 38 item 11).
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

/**
 * The message's whisper list and blind flag for a card opened by `roller` with this roll mode;
 * `rolled`: a die is on the card (a blind card is then hidden from its roller).
 */
export function cardRecipients(mode: RollMode, roller: User.Implementation, actors: readonly Actor.Implementation[], rolled: boolean): { whisper: string[]; blind: boolean } {
  if (mode === "publicroll") return { whisper: [], blind: false };
  const gms = (game.users?.contents ?? []).filter((user) => user.isGM).map((user) => user.id ?? "");
  const whisper = new Set([...gms, ...actors.flatMap((actor) => ownersOf(actor)), roller.id ?? ""]);
  if (mode === "blindroll" && rolled && !roller.isGM) whisper.delete(roller.id ?? "");
  return { whisper: [...whisper], blind: mode === "blindroll" };
}

/** The user who opened a card (its roller), from its history: the GM wrote it, so it can be trusted. */
export function rollerOf(card: { history: readonly { user: string }[] }): User.Implementation | null {
  return game.users?.get(card.history[0]?.user ?? "") ?? null;
}

/** The roll modes a roll dialog offers, in the players' words, for `parts/roll-mode.hbs`. */
export function rollModeOptions(): { value: RollMode; label: string }[] {
  return ROLL_MODES.map((mode) => ({ value: mode, label: game.i18n!.localize(`FRAY.Card.RollMode.${mode}`) }));
}

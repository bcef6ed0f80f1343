/** One helper's Assist dice typed as "2d8", "d6" or "1d8 + 1d6": the die sizes, or null if unreadable. */
export function parseAssist(text: string): number[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const dice: number[] = [];
  for (const part of trimmed.split(/\s*\+\s*/)) {
    const match = /^(\d*)\s*d\s*(6|8|10|12)$/i.exec(part);
    if (!match) return null;
    const count = match[1] ? Number(match[1]) : 1;
    // An Assist gives at most a specialty's ranks in dice (ranks run to 6).
    if (count < 1 || count > 6) return null;
    for (let i = 0; i < count; i++) dice.push(Number(match[2]));
  }
  return dice;
}

/** The pending Assist dice of up to two helpers; problems name the field that could not be read. */
export function readAssists(texts: readonly string[]): { assists: number[][]; problems: string[] } {
  const assists: number[][] = [];
  const problems: string[] = [];
  texts.forEach((text, index) => {
    const dice = parseAssist(text);
    if (dice === null) problems.push(game.i18n!.format("FRAY.Ui.BadAssist", { helper: String(index + 1), text }));
    else if (dice.length) assists.push(dice);
  });
  return { assists, problems };
}

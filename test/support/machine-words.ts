/**
 * Issue 25: a card speaks the game's words, never the machine's: an update path, an untranslated
 * key, a yes/no value, a pixel coordinate (a change from or to a three-digit number: no Yield, Grit,
 * Breath or level reaches 100), a value the code never filled; and (issue 38) a stored field's name
 * or an unset "—" in a change line, a count out of number ("1 levels"), a rule id. Pure, so the foundry project (cards
 * rendered by the stand-in) and the browser project (cards as Chromium draws them) read with the one table.
 */

const RAW: ReadonlyArray<readonly [string, RegExp]> = [
  ["an update path", /\b(system|flags|prototypeToken)\.[A-Za-z]/],
  ["an untranslated key", /\bFRAY\.[A-Z]/],
  ["a yes/no value", /\b(true|false)\b/],
  ["a pixel coordinate", /\b\d{3,}\s*→|→\s*\d{3,}\b/],
  ["a value the code never filled", /\b(undefined|NaN|null)\b|\[object /],
  // Issue 38 item 4: a change line says what happened in the game, not which stored field moved.
  ["a stored field", /Round the disadvantage is for|Disadvantage carried|lost this encounter|\bDC \d+ → \d+|\bCombat: |—\s*→|→\s*—/],
  ["a count out of number", /(^|[^\d.])1 (steps|successes|levels|sixes)\b/],
  ["a rule id", /\[[a-z]+(?:-[a-z]+)+\]/],
];

/** What in the text is the machine's, one line each ("an update path in …"). */
export function machineWords(text: string): string[] {
  const flat = text.replace(/\s+/g, " ");
  return RAW.flatMap(([what, pattern]) => {
    const found = pattern.exec(flat);
    return found ? [`${what} in "…${flat.slice(Math.max(0, found.index - 40), found.index + 40)}…"`] : [];
  });
}

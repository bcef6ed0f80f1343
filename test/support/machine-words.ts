/**
 * Issue 25: a card speaks the game's words, never the machine's: an update path, an untranslated
 * key, a yes/no value, a pixel coordinate (a change from or to a three-digit number: no Yield, Grit,
 * Breath or level reaches 100), or a value the code never filled. Pure, so the foundry project (cards
 * rendered by the stand-in) and the browser project (cards as Chromium draws them) read with the one table.
 */

const RAW: ReadonlyArray<readonly [string, RegExp]> = [
  ["an update path", /\b(system|flags|prototypeToken)\.[A-Za-z]/],
  ["an untranslated key", /\bFRAY\.[A-Z]/],
  ["a yes/no value", /\b(true|false)\b/],
  ["a pixel coordinate", /\b\d{3,}\s*→|→\s*\d{3,}\b/],
  ["a value the code never filled", /\b(undefined|NaN|null)\b|\[object /],
];

/** What in the text is the machine's, one line each ("an update path in …"). */
export function machineWords(text: string): string[] {
  const flat = text.replace(/\s+/g, " ");
  return RAW.flatMap(([what, pattern]) => {
    const found = pattern.exec(flat);
    return found ? [`${what} in "…${flat.slice(Math.max(0, found.index - 40), found.index + 40)}…"`] : [];
  });
}

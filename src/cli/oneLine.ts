import { LIMITS } from "./limits.js";

// Control characters (C0, DEL, C1), line and paragraph separators, bidirectional overrides and lone
// surrogates: anything that could break a line or disguise the text on a terminal.
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escape(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * An error message as the one line the user sees: cut to a bounded length (a huge name echoed back
 * would otherwise flood the terminal) and with every character that could break or disguise the
 * line written as an escape, so user text inside a message can never add a line.
 */
export function oneLine(text: string, limit: number = LIMITS.messageChars): string {
  let cut = text;
  if (cut.length > limit) {
    const end = /[\ud800-\udbff]/.test(cut.charAt(limit - 1)) ? limit - 1 : limit;
    cut = `${cut.slice(0, end)}… (${text.length - end} more characters)`;
  }
  return cut.replace(UNSAFE, escape);
}

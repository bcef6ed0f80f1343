import { Buffer } from "node:buffer";
import { LIMITS } from "./limits.js";
import { message } from "./messages.js";
import { RequestError } from "./validate.js";

/**
 * Reads a named file, or standard input when no file is named. It need not return more than
 * `limit` + 1 bytes: anything past `limit` is refused unread (main.ts's reader stops there, so
 * `--file /dev/zero` ends at once).
 */
export type InputReader = (file: string | undefined, limit: number) => string;

/** The request's JSON: at most LIMITS.inputBytes, a leading byte-order mark allowed (editors on Windows write one). */
export function readJson(read: InputReader, file: string | undefined): unknown {
  const source = file ?? "stdin";
  let text: string;
  try {
    text = read(file, LIMITS.inputBytes);
  } catch (error) {
    throw new RequestError(message("Unreadable", { source, reason: error instanceof Error ? error.message : String(error) }));
  }
  // Every character is at least one byte, so only a short enough text needs counting.
  if (text.length > LIMITS.inputBytes || Buffer.byteLength(text, "utf8") > LIMITS.inputBytes) throw new RequestError(message("TooLarge", { source, limit: LIMITS.inputBytes }));
  try {
    return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new RequestError(message("BadJson", { source, reason: error instanceof Error ? error.message : String(error) }));
  }
}

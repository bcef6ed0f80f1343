import { Buffer } from "node:buffer";
import { closeSync, openSync, readSync } from "node:fs";

const CHUNK = 65_536;

/** Waits a little without spinning, for a non-blocking standard input that has nothing yet. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Reads a file, or standard input when `file` is undefined, as UTF-8, and stops after `limit` + 1
 * bytes: enough for the caller to see that the input is too large, never more (so `/dev/zero` or an
 * endless pipe ends at once instead of filling memory).
 */
export function readBounded(file: string | undefined, limit: number): string {
  const fd = file === undefined ? 0 : openSync(file, "r");
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    while (total <= limit) {
      const buffer = Buffer.alloc(Math.min(CHUNK, limit + 1 - total));
      let count: number;
      try {
        count = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        // A standard input opened non-blocking reports EAGAIN until data arrives; an end of pipe is EOF.
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          pause(10);
          continue;
        }
        if ((error as NodeJS.ErrnoException).code === "EOF") break;
        throw error;
      }
      if (count === 0) break;
      chunks.push(buffer.subarray(0, count));
      total += count;
    }
  } finally {
    if (file !== undefined) closeSync(fd);
  }
  return Buffer.concat(chunks).toString("utf8");
}

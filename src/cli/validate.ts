import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { message } from "./messages.js";

/** A request that does not fit its schema; the message is the one line the user sees. */
export class RequestError extends Error {
  override name = "RequestError";
}

/** Turns a JSON pointer (/attacker/pool/0) into the dotted path users write (attacker.pool[0]). */
function fieldPath(pointer: string, prefix: string): string {
  const parts = pointer.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  let path = prefix;
  for (const part of parts) path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  return path || "request";
}

/** What a schema wants, said briefly: the enum's values, the bounds, or the type. */
function expected(schema: TSchema, fallback: string): string {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.anyOf) && s.anyOf.every((option: Record<string, unknown>) => "const" in option)) {
    return `one of ${s.anyOf.map((option: Record<string, unknown>) => JSON.stringify(option.const)).join(", ")}`;
  }
  if ("const" in s) return JSON.stringify(s.const);
  if (s.type === "integer" || s.type === "number") {
    const kind = s.type === "integer" ? "an integer" : "a number";
    const low = typeof s.minimum === "number" ? s.minimum : undefined;
    const high = typeof s.maximum === "number" ? s.maximum : undefined;
    if (low !== undefined && high !== undefined) return `${kind} from ${low} to ${high}`;
    if (low !== undefined) return `${kind} of at least ${low}`;
    if (high !== undefined) return `${kind} of at most ${high}`;
    return kind;
  }
  const kinds: Record<string, string> = { string: "a string", boolean: "true or false", array: "a list", object: "an object" };
  if (typeof s.type === "string" && Object.hasOwn(kinds, s.type)) return kinds[s.type] as string;
  return fallback.replace(/^Expected /, "").replace(/^expected /, "");
}

/** Checks `value` against `schema`; throws a RequestError naming the first field that fails. */
export function validate<T>(schema: TSchema, value: unknown, prefix = ""): T {
  const first = Value.Errors(schema, value).First();
  if (first) {
    const unknownKey = first.message.startsWith("Unexpected property");
    throw new RequestError(
      message("BadField", {
        path: fieldPath(first.path, prefix),
        expected: unknownKey ? "no such field" : expected(first.schema, first.message),
      }),
    );
  }
  return value as T;
}

/**
 * What a sheet says, brought within what a rules request may hold. Each stored field has its
 * model's bounds, but what the rules read is often a sum (armour dice from the sheet and every piece
 * worn) or comes from data stored before a bound existed; a value past the request schema's limit
 * would make every card about that actor fail its schema. The stat block a ruleset reads from an
 * actor goes through `withinSchema`, which clamps it to the schema's own limits, so the bounds live
 * in one place (src/rules/<ruleset>/schemas.ts). Values of the wrong type are left for the schema
 * to refuse: a model never stores them.
 */
import type { TSchema } from "@sinclair/typebox";

type Shape = TSchema & {
  type?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, TSchema>;
  patternProperties?: Record<string, TSchema>;
  items?: TSchema;
  allOf?: TSchema[];
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value with every number, text and list in it kept within the schema's minimum, maximum, maxLength and maxItems. */
export function withinSchema<T>(schema: TSchema, value: T): T {
  return fit(schema as Shape, value) as T;
}

function fit(schema: Shape, value: unknown): unknown {
  if (schema.allOf) return schema.allOf.reduce<unknown>((inner, part) => fit(part as Shape, inner), value);
  if (typeof value === "number" && (schema.type === "integer" || schema.type === "number")) {
    let bounded = value;
    if (typeof schema.minimum === "number") bounded = Math.max(bounded, schema.minimum);
    if (typeof schema.maximum === "number") bounded = Math.min(bounded, schema.maximum);
    return bounded;
  }
  if (typeof value === "string" && schema.type === "string" && typeof schema.maxLength === "number" && value.length > schema.maxLength) return value.slice(0, schema.maxLength);
  if (Array.isArray(value) && schema.type === "array") {
    const kept = typeof schema.maxItems === "number" ? value.slice(0, schema.maxItems) : value;
    return schema.items ? kept.map((item) => fit(schema.items as Shape, item)) : kept;
  }
  if (isRecord(value) && schema.type === "object") {
    const out: Record<string, unknown> = { ...value };
    for (const [key, inner] of Object.entries(out)) {
      const field = schema.properties?.[key] ?? Object.values(schema.patternProperties ?? {})[0];
      if (field) out[key] = fit(field as Shape, inner);
    }
    return out;
  }
  return value;
}

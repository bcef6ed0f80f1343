/**
 * Field builders shared by every ruleset's data models. Each track is a plain schema so its
 * bounds live in one place: integers, with the floor and ceiling the rules allow.
 */
const fields = foundry.data.fields;

export function integer(initial: number, min?: number, max?: number) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, initial, min, max });
}

/** A pool with a current value and a maximum (Grit, Flesh, Breath, Resolve, level). */
export function pool(initialMax: number, options: { min?: number; max?: number } = {}) {
  return new fields.SchemaField({
    value: integer(initialMax, options.min ?? 0, options.max),
    max: integer(initialMax, 0, options.max),
  });
}

/** A die size chosen from a fixed list (0 = no die). */
export function dieSize(initial: number, choices: readonly number[]) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, initial, choices: [...choices] });
}

/** An item's description: HTML, edited with the prose-mirror editor and enriched (@Rule, @UUID) when shown. */
export function description() {
  return new fields.HTMLField({ required: true, nullable: false, blank: true, initial: "" });
}

export function text(initial = "") {
  return new fields.StringField({ required: true, nullable: false, blank: true, initial });
}

export function flag(initial = false) {
  return new fields.BooleanField({ required: true, nullable: false, initial });
}

/** A validation message from en.json with its numbers filled in. */
export function validationMessage(key: "AboveMax" | "DcAboveMax", data: { field: string; value: number; max: number }): string {
  return game.i18n!.format(`FRAY.Validation.${key}`, { field: data.field, value: String(data.value), max: String(data.max) });
}

/** Refuses a current value above its maximum rather than keeping it silently (for validateJoint). */
export function checkWithinMax(field: string, value: number | undefined, max: number | undefined, key: "AboveMax" | "DcAboveMax" = "AboveMax"): void {
  if (typeof value === "number" && typeof max === "number" && value > max) throw new Error(validationMessage(key, { field, value, max }));
}

/**
 * A current value and the maximum it may not pass, by their paths in the system data: what a
 * model's validateJoint refuses, and what a stored source (a hostile client's raw write, which the
 * server keeps without the model's checks) is brought within when it loads (migrations/keep.ts).
 */
export interface JointCap {
  field: string;
  value: string;
  max: string;
  key?: "AboveMax" | "DcAboveMax";
}

/** Pools (Grit, Breath, Resolve, level): each `value` at most its `max`. */
export function poolCaps(names: readonly string[]): JointCap[] {
  return names.map((name) => ({ field: name, value: `${name}.value`, max: `${name}.max` }));
}

const numberAt = (data: object, path: string): number | undefined => {
  const value: unknown = foundry.utils.getProperty(data, path);
  return typeof value === "number" ? value : undefined;
};

export function checkCaps(data: object, caps: readonly JointCap[]): void {
  for (const cap of caps) checkWithinMax(cap.field, numberAt(data, cap.value), numberAt(data, cap.max), cap.key);
}

/** Brings each value down to its maximum, in place; returns the paths it changed with their stored values. */
export function fitCaps(data: object, caps: readonly JointCap[]): { path: string; value: number }[] {
  const changed: { path: string; value: number }[] = [];
  for (const cap of caps) {
    const value = numberAt(data, cap.value);
    const max = numberAt(data, cap.max);
    if (value === undefined || max === undefined || value <= max) continue;
    foundry.utils.setProperty(data, cap.value, max);
    changed.push({ path: cap.value, value });
  }
  return changed;
}

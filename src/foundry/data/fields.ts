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

export function checkPoolsWithinMax(data: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const pool = data[name] as { value?: number; max?: number } | undefined;
    checkWithinMax(name, pool?.value, pool?.max);
  }
}

/**
 * What Apply changed, as players read it: one sentence per change in the game's words ("Elsa is
 * Incapacitated", "Ines: Grit 5 → 3", "Guard has used an action"), never an update path, a
 * true/false, an internal counter or a pixel coordinate. Each ruleset registers one table of
 * phrasings (its rows are tried first, in order); the shared rules below say statuses, yes/no
 * fields and numbers alike for every ruleset. A record no row and no label speaks for is the
 * machine's bookkeeping and is left unsaid (Undo still puts it back). Lines that say the same thing
 * (a Wounded field and the Wounded status) are said once. Undo's struck-through list is this list.
 */
import type { RulesetId } from "../../rules/ruleset.js";
import { statusLabel } from "../statuses/index.js";
import type { CardData, ChangeRecord } from "./model.js";

/** One row: the records it speaks for, and what it says (null: the card says nothing of it). */
export interface PhraseRow {
  /** An update path (exact) or a pattern over it; for statuses, "status:<id>" or a pattern over that. */
  key: string | RegExp;
  /** Only records on documents of this kind (by uuid: "Combat", "Token", "Actor"...). */
  on?: string;
  /** The line; null: the card says nothing of it; undefined: the shared rules below say it. */
  say(record: ChangeRecord, card: CardData): string | null | undefined;
}

export interface RulesetPhrasing {
  /** The i18n prefix of the ruleset's field names (`<prefix>.<path with dots as dashes>`). */
  fieldNames?: string;
  rows: readonly PhraseRow[];
}

const TABLES = new Map<RulesetId, RulesetPhrasing>();

export function registerPhrasing(ruleset: RulesetId, phrasing: RulesetPhrasing): void {
  TABLES.set(ruleset, phrasing);
}

const i18n = () => game.i18n!;
/** Says a FRAY.Card.Say line. */
export const say = (key: string, data: Record<string, string | number> = {}): string => i18n().format(`FRAY.Card.Say.${key}`, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));

/** The kind of document a record names, from its uuid's last collection ("Scene.x.Token.y" is a Token). */
export function documentKind(record: ChangeRecord): string {
  const parts = record.uuid.split(".");
  return parts.length >= 2 ? (parts[parts.length - 2] ?? "") : "";
}

/** The path's slug for field names: "system.grit.value" → "grit", "system.wounds.head" → "wounds-head". */
const slug = (path: string) => path.replace(/^system\./, "").replace(/\.value$/, "").replace(/\./g, "-");

/** A field's name in the players' words: the record's own, the ruleset's, the engine's; null when none (a path is never shown). */
export function fieldName(record: ChangeRecord, phrasing: RulesetPhrasing | undefined): string | null {
  if (record.label) return record.label;
  for (const prefix of [phrasing?.fieldNames, "FRAY.Card.Field"]) {
    const key = prefix ? `${prefix}.${slug(record.key)}` : "";
    if (key && i18n().has(key)) return i18n().localize(key);
  }
  return null;
}

/** A value as a sentence shows it: a number or word as it is, a list by its words, nothing else (no JSON, no object). */
export function plainValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    if (!value.length) return "—";
    return value.every((entry) => typeof entry === "string" || typeof entry === "number") ? value.join(", ") : String(value.length);
  }
  return null;
}

const isYesNo = (value: unknown) => typeof value === "boolean" || value === null || value === undefined;

/** The shared rules: statuses, yes/no fields and values with a name. */
function sharedLine(record: ChangeRecord, phrasing: RulesetPhrasing | undefined): string | null {
  if (record.kind === "status") {
    // A one-word status reads as what she is ("Elsa is Incapacitated"); a longer one ("Moves only with both hands") after her name.
    const status = statusLabel(record.key);
    const word = /^\S+$/.test(status);
    return say(record.after ? (word ? "StatusOn" : "StatusGained") : word ? "StatusOff" : "StatusLost", { name: record.name, status });
  }
  const field = fieldName(record, phrasing);
  if (!field) return null;
  if (isYesNo(record.before) && typeof record.after === "boolean") return say(record.after ? "IsNow" : "NoLonger", { name: record.name, field });
  const before = record.shown?.before ?? plainValue(record.before);
  const after = record.shown?.after ?? plainValue(record.after);
  if (before === null || after === null) return say("Changed", { name: record.name, field });
  return say("Value", { name: record.name, field, before, after });
}

function matches(row: PhraseRow, record: ChangeRecord): boolean {
  if (row.on && documentKind(record) !== row.on) return false;
  const key = record.kind === "status" ? `status:${record.key}` : record.key;
  return typeof row.key === "string" ? row.key === key : row.key.test(key);
}

/**
 * A kind's own reading of a record (CardKind#describeChange), for a kind that has not moved to a table yet:
 * the field's name (Undo's refusal names it) and values, or the whole sentence (`line`; null: bookkeeping left
 * unsaid); null for the shared rules.
 */
export type Describe = (record: ChangeRecord) => DescribedChange | null;
export interface DescribedChange {
  field: string;
  before: string;
  after: string;
  line?: string | null;
}

function described(record: ChangeRecord, describe: Describe | undefined): string | null | undefined {
  const seen = describe?.(record);
  if (!seen) return undefined;
  if (seen.line !== undefined) return seen.line;
  return seen.before || seen.after ? say("Value", { name: record.name, field: seen.field, before: seen.before, after: seen.after }) : say("Changed", { name: record.name, field: seen.field });
}

/** Every change the card made, one line each in the game's words, said once. */
export function changeLines(card: CardData, ruleset: RulesetId | undefined, describe?: Describe): string[] {
  const phrasing = ruleset ? TABLES.get(ruleset) : undefined;
  const lines: string[] = [];
  for (const record of card.applied) {
    const row = phrasing?.rows.find((candidate) => matches(candidate, record));
    const fromRow = row?.say(record, card);
    const own = fromRow !== undefined || row ? undefined : described(record, describe);
    const line = fromRow !== undefined ? fromRow : own !== undefined ? own : sharedLine(record, phrasing);
    if (line && !lines.includes(line)) lines.push(line);
  }
  return lines;
}

/**
 * What a card writes to actors, and how it takes it back. Apply records, for each field and status
 * it changes, the value before and after; Undo writes the before-values back, but only when every
 * field still holds what this card set. A field that moved on since (a later card, a GM's edit)
 * is named in the refusal, and nothing is written: undo the later card first.
 */
import { Refused } from "../relay/index.js";
import type { ActorChange } from "./kinds.js";
import type { ChangeRecord } from "./model.js";
import { changeTargetAt, changeTargetName, type ChangeTarget } from "./documents.js";
import { hasStatus, setStatus } from "../statuses/index.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** An unset flag reads as its default (else null), so "never set" and "set to the default" are the same value. */
function fieldValue(doc: ChangeTarget, path: string, defaults: Record<string, unknown>): unknown {
  return foundry.utils.getProperty(doc, path) ?? defaults[path] ?? null;
}

/** Statuses are an actor's: a change on a Combat carries fields only. */
const asActor = (doc: ChangeTarget): Actor.Implementation | null => (doc instanceof Actor ? (doc as Actor.Implementation) : null);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Writes the changes (leaving out what would not change) and returns the records for Undo. */
export async function applyChanges(changes: readonly ActorChange[], defaults: Record<string, unknown> = {}): Promise<ChangeRecord[]> {
  const records: ChangeRecord[] = [];
  for (const change of changes) {
    const { actor } = change;
    const fields: ChangeRecord[] = [];
    for (const [path, value] of Object.entries(change.fields ?? {})) {
      const before = fieldValue(actor, path, defaults);
      if (!same(before, value)) fields.push({ uuid: actor.uuid, name: changeTargetName(actor), key: path, kind: "field", before, after: value });
    }
    // Dotted update paths come from each ruleset's kind; fvtt-types types update data by schema.
    if (fields.length) await actor.update(Object.fromEntries(fields.map((f) => [f.key, f.after])) as never);
    records.push(...fields);
    const withStatuses = asActor(actor);
    for (const [status, active] of Object.entries(change.statuses ?? {})) {
      if (!withStatuses) continue;
      const before = hasStatus(withStatuses, status);
      if (before === active) continue;
      await setStatus(withStatuses, status, active);
      records.push({ uuid: actor.uuid, name: changeTargetName(actor), key: status, kind: "status", before, after: active });
    }
  }
  return records;
}

/** The records whose field no longer holds what the card set, as one line each. */
function movedOn(records: readonly ChangeRecord[], defaults: Record<string, unknown>, label: (record: ChangeRecord) => string): string[] {
  const problems: string[] = [];
  for (const record of records) {
    const actor = changeTargetAt(record.uuid);
    const withStatuses = actor ? asActor(actor) : null;
    if (!actor || (record.kind === "status" && !withStatuses)) {
      problems.push(localize("FRAY.Card.Refused.UndoGone", { name: record.name }));
      continue;
    }
    const now = record.kind === "status" ? hasStatus(withStatuses!, record.key) : fieldValue(actor, record.key, defaults);
    if (!same(now, record.after)) problems.push(localize("FRAY.Card.Refused.UndoMoved", { name: changeTargetName(actor), field: label(record), now: String(now), set: String(record.after) }));
  }
  return problems;
}

/**
 * Puts back every recorded value, latest first, after checking that none has moved on; refuses
 * with the fields that did. `label` names a field in the players' words.
 */
export async function undoChanges(records: readonly ChangeRecord[], defaults: Record<string, unknown>, label: (record: ChangeRecord) => string): Promise<void> {
  const problems = movedOn(records, defaults, label);
  if (problems.length) throw new Refused(localize("FRAY.Card.Refused.UndoStale", { fields: problems.join(" ") }));
  for (const record of [...records].reverse()) {
    const actor = changeTargetAt(record.uuid)!;
    if (record.kind === "status") await setStatus(asActor(actor)!, record.key, record.before === true);
    else await actor.update({ [record.key]: record.before } as never);
  }
}

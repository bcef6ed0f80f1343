/**
 * What a card writes to actors and other documents, and how it takes it back. Apply records, for each field and status
 * it changes, the stored value before and after; Undo writes the before-values back, but only when every
 * field still holds what this card set. A field that moved on since (a later card, a GM's edit)
 * is named in the refusal, and nothing is written: undo the later card first.
 */
import { Refused } from "../relay/index.js";
import type { CardChange } from "./kinds.js";
import type { ChangeRecord } from "./model.js";
import { actorAt, changeTargetName, documentAt } from "./documents.js";
import { hasStatus, setStatus } from "../statuses/index.js";
import { rulingOptions } from "../areas/placing.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/**
 * A field's stored value (the document's `_source`, not the prepared data an Active Effect changes),
 * so Apply records and Undo restores what is stored, and an effect on the field neither ends up
 * baked into it nor makes Undo refuse. An unset flag reads as its default, so "never set" and "set
 * to the default" are the same value. A field holding null (a combatant's initiative not rolled)
 * is null, never unset: Undo writes it back.
 */
function fieldValue(document: foundry.abstract.Document.Any, path: string, defaults: Record<string, unknown>): unknown {
  // A copy: the source's own object changes in place when the document is updated.
  const value = foundry.utils.deepClone(foundry.utils.getProperty(document._source, path));
  return value === undefined ? defaults[path] : value;
}

/** Update data putting values back; a field that did not exist before is removed again ("-=" key). */
function restoring(records: readonly ChangeRecord[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const record of records) {
    if (record.before !== undefined) data[record.key] = record.before;
    else {
      const at = record.key.lastIndexOf(".");
      data[at < 0 ? `-=${record.key}` : `${record.key.slice(0, at)}.-=${record.key.slice(at + 1)}`] = null;
    }
  }
  return data;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Dotted update paths come from each ruleset's kind; fvtt-types types update data by schema. */
type Writable = { update(data: object, options?: object): Promise<unknown> };

/**
 * One update, and whether it was written: v13's `update` does not throw when the document's model
 * refuses the data, it shows the reason and resolves undefined (ClientDatabaseBackend
 * #preUpdateDocumentArray, client/data/client-backend.mjs); a pre-update hook's veto resolves the same.
 */
async function written(document: unknown, data: object, options: object = {}): Promise<boolean> {
  return (await (document as Writable).update(data, options)) !== undefined;
}

/** Puts back, latest first and without asking whether they moved on, the records a step has written before one of its writes failed. */
async function putBack(records: readonly ChangeRecord[]): Promise<void> {
  for (const record of [...records].reverse()) {
    if (record.kind === "status") {
      const actor = actorAt(record.uuid);
      if (actor) await setStatus(actor, record.key, record.before === true);
      continue;
    }
    const document = documentAt(record.uuid);
    const data = restoring([record]);
    if (document) await written(document, data, rulingOptions(document, data));
  }
}

/** A write that did not happen: what was written before it is put back, and the step is refused in one line. */
async function notWritten(done: readonly ChangeRecord[], name: string): Promise<never> {
  await putBack(done);
  throw new Refused(localize("FRAY.Card.Refused.NotWritten", { name }));
}

/**
 * Writes the changes (leaving out what would not change) and returns the records for Undo. When a
 * write is refused, nothing of the step stays written and it is refused: the card stays as it was.
 */
export async function applyChanges(changes: readonly CardChange[], defaults: Record<string, unknown> = {}): Promise<ChangeRecord[]> {
  const records: ChangeRecord[] = [];
  for (const change of changes) {
    if ("document" in change) {
      const { document } = change;
      const fields: ChangeRecord[] = [];
      for (const [path, value] of Object.entries(change.fields)) {
        const before = fieldValue(document, path, defaults);
        if (same(before, value)) continue;
        const shown = change.show ? { before: change.show(before), after: change.show(value) } : undefined;
        const label = change.labels?.[path] ?? change.label;
        fields.push({ uuid: document.uuid ?? "", name: changeTargetName(document), key: path, kind: "field", before, after: value, ...(label ? { label } : {}), ...(shown ? { shown } : {}) });
      }
      if (fields.length && !(await written(document, Object.fromEntries(fields.map((f) => [f.key, f.after])), change.options))) await notWritten(records, changeTargetName(document));
      records.push(...fields);
      continue;
    }
    // An actor (fields and statuses), or a Combat or Combatant (fields only).
    const { actor: target } = change;
    const name = changeTargetName(target);
    const fields: ChangeRecord[] = [];
    for (const [path, value] of Object.entries(change.fields ?? {})) {
      // Here an unset field is recorded as null, and Undo writes null back (the rulesets' flags read
      // null as "none"); a DocumentChange's unset field is removed again instead.
      const before = fieldValue(target, path, defaults) ?? null;
      const label = change.labels?.[path];
      if (!same(before, value)) fields.push({ uuid: target.uuid ?? "", name, key: path, kind: "field", before, after: value, ...(label ? { label } : {}) });
    }
    if (fields.length && !(await written(target, Object.fromEntries(fields.map((f) => [f.key, f.after])), change.options))) await notWritten(records, name);
    records.push(...fields);
    if (!(target instanceof Actor)) continue;
    const actor = target as Actor.Implementation;
    for (const [status, active] of Object.entries(change.statuses ?? {})) {
      const before = hasStatus(actor, status);
      if (before === active) continue;
      await setStatus(actor, status, active);
      records.push({ uuid: actor.uuid, name, key: status, kind: "status", before, after: active });
    }
  }
  return records;
}

function shownValue(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/** The records whose field no longer holds what the card set, as one line each. */
function movedOn(records: readonly ChangeRecord[], defaults: Record<string, unknown>, label: (record: ChangeRecord) => string): string[] {
  const problems: string[] = [];
  for (const record of records) {
    const document = record.kind === "status" ? actorAt(record.uuid) : documentAt(record.uuid);
    if (!document) {
      problems.push(localize("FRAY.Card.Refused.UndoGone", { name: record.name }));
      continue;
    }
    const now = record.kind === "status" ? hasStatus(document as Actor.Implementation, record.key) : fieldValue(document, record.key, defaults);
    if (!same(now, record.after)) problems.push(localize("FRAY.Card.Refused.UndoMoved", { name: record.name, field: label(record), now: shownValue(now), set: shownValue(record.after) }));
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
  const undone: ChangeRecord[] = [];
  for (const record of [...records].reverse()) {
    if (record.kind === "status") await setStatus(actorAt(record.uuid)!, record.key, record.before === true);
    else {
      // Undo puts things back by the GM's word: a token returns to its place in one piece, without a move's checks.
      const document = documentAt(record.uuid)!;
      // Already back: an earlier write's hook put it back (a combatant's initiative is copied to the
      // roster), and v13 writes nothing for an update that changes nothing, which is no refusal.
      if (same(foundry.utils.getProperty(document._source, record.key), record.before)) {
        undone.push(record);
        continue;
      }
      const data = restoring([record]);
      // A refused write: what Undo put back is set again, so the card stays applied and whole.
      if (!(await written(document, data, rulingOptions(document, data)))) {
        await putBack(undone.map((done) => ({ ...done, before: done.after, after: done.before })));
        throw new Refused(localize("FRAY.Card.Refused.NotWritten", { name: record.name }));
      }
    }
    undone.push(record);
  }
}

import { SYSTEM_ID } from "../system.js";
import { type KeptReason, unmigratedOf, type UnmigratedValue } from "./keep.js";
import { LINK_VERSION, linkedPrototype, offerTokenLinks } from "./links.js";
import { retiredMessages, retiredMessageUpdate } from "./messages.js";
import { modelFor } from "./model.js";
import { SCHEMA_VERSION } from "./steps.js";

/** The world setting holding the schema version the world's data was last migrated to (0: Fray 0.1.0). */
export const SCHEMA_SETTING = "schemaVersion";

export interface MigrationReport {
  from: number;
  to: number;
  /** Documents saved in the current shape. */
  migrated: number;
  /** Every value a migrated document keeps in flags.fray.unmigrated, with where it is. */
  kept: { uuid: string; name: string; entry: UnmigratedValue }[];
  /** Stored chat messages of a retired type made whole (not in migrated, which counts actors and items); they show in the chat log from the next load. */
  messages: number;
  /** Documents that could not be saved; the world keeps its old version so the next load tries again. */
  failed: { uuid: string; name: string; error: string }[];
}

const i18n = () => game.i18n!;
const KEPT_REASONS: readonly unknown[] = ["unknown", "invalid", "changed"] satisfies KeptReason[];

export function storedSchemaVersion(): number {
  const value = Number(game.settings!.get(SYSTEM_ID, SCHEMA_SETTING));
  return Number.isFinite(value) ? value : 0;
}

/** Only one client migrates: the active GM's. */
export function isMigratingClient(): boolean {
  const user = game.user;
  return !!user?.isGM && game.users?.activeGM?.id === user.id;
}

/** The fields a migration writes: the whole system, replacing the stored one, and the flags holding what was kept. */
function migratedData(document: { _id: string | null; _source: unknown }): Record<string, unknown> {
  const source = document._source as { system: unknown; flags: unknown };
  return { _id: document._id, system: foundry.utils.deepClone(source.system), flags: foundry.utils.deepClone(source.flags) };
}

/**
 * Each value's shape and label, for the GM's report: a document, the path in it, what was there
 * and why it stayed out (its text from lang/en.json).
 */
function reportLine({ name, uuid, entry }: MigrationReport["kept"][number]): string {
  const escape = (text: string) => Handlebars.escapeExpression(text);
  const value = JSON.stringify(entry.value) ?? String(entry.value);
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  const reason = KEPT_REASONS.includes(entry.reason) ? i18n().localize(`FRAY.Migration.Reason.${entry.reason}`) : String(entry.reason).slice(0, 40);
  return `<li><strong>${escape(name.slice(0, 200))}</strong> <code>${escape(uuid)}</code>: <code>${escape(entry.path.slice(0, 200))}</code> = <code>${escape(shown)}</code> (${escape(reason)})</li>`;
}

async function postReport(report: MigrationReport): Promise<void> {
  const gms = game.users!.filter((user) => user.isGM).map((user) => user.id);
  const content = [
    `<h3>${i18n().localize("FRAY.Migration.ReportTitle")}</h3>`,
    `<p>${i18n().format("FRAY.Migration.ReportIntro", { from: String(report.from), to: String(report.to), count: String(report.kept.length) })}</p>`,
    `<ul>${report.kept.map(reportLine).join("")}</ul>`,
  ].join("");
  await ChatMessage.implementation.create({ content, whisper: gms, speaker: { alias: "Fray" } });
}

/**
 * Brings the world's actors, their items and the world's items to the current schema, once: each
 * is saved whole (its system replaced, so keys no schema holds leave the database, their values
 * already kept in flags.fray.unmigrated when the document was loaded). A progress notice follows
 * the work; what was kept is reported to the GMs; the stored version moves only when every save
 * succeeded. Returns null when there was nothing to do.
 */
export async function migrateWorld(): Promise<MigrationReport | null> {
  const from = storedSchemaVersion();
  if (from > SCHEMA_VERSION) {
    ui.notifications?.error(i18n().format("FRAY.Migration.Newer", { stored: String(from), known: String(SCHEMA_VERSION) }), { permanent: true });
    return null;
  }
  if (from === SCHEMA_VERSION || !isMigratingClient()) return null;

  const actors = game.actors!.filter((actor) => !!modelFor("Actor", actor.type));
  const items = game.items!.filter((item) => !!modelFor("Item", item.type));
  const messages = retiredMessages(from);
  const total = actors.reduce((sum, actor) => sum + 1 + actor.items.filter((item) => !!modelFor("Item", item.type)).length, items.length + messages.length);
  const report: MigrationReport = { from, to: SCHEMA_VERSION, migrated: 0, messages: 0, kept: [], failed: [] };
  if (total === 0) {
    await game.settings!.set(SYSTEM_ID, SCHEMA_SETTING, SCHEMA_VERSION);
    return report;
  }

  const progress = ui.notifications?.info(i18n().format("FRAY.Migration.Started", { from: String(from), to: String(SCHEMA_VERSION), count: String(total) }), { progress: true });
  let done = 0;
  const advance = (count: number) => {
    done += count;
    if (progress) ui.notifications?.update(progress, { pct: done / total, message: i18n().format("FRAY.Migration.Progress", { done: String(done), count: String(total) }) });
  };
  const record = (document: { uuid: string; name: string; flags: unknown }) => {
    report.migrated += 1;
    for (const entry of unmigratedOf(document)) report.kept.push({ uuid: document.uuid, name: document.name, entry });
  };
  const attempt = async (documents: { uuid: string; name: string }[], save: () => Promise<unknown>) => {
    try {
      await save();
    } catch (error) {
      for (const document of documents) report.failed.push({ uuid: document.uuid, name: document.name, error: (error as Error).message });
      console.error("Fray | migration could not save", documents.map((document) => document.uuid), error);
    }
  };

  const options = { diff: false, recursive: false, render: false } as never;
  for (const actor of actors) {
    await attempt([actor], async () => {
      await actor.update({ ...migratedData(actor), ...linkedPrototype(actor, from) } as never, options);
      record(actor);
    });
    const owned = actor.items.filter((item) => !!modelFor("Item", item.type));
    if (owned.length) {
      await attempt(owned, async () => {
        await actor.updateEmbeddedDocuments("Item", owned.map(migratedData) as never, options);
        for (const item of owned) record(item);
      });
    }
    advance(1 + owned.length);
  }
  if (items.length) {
    await attempt(items, async () => {
      await Item.implementation.updateDocuments(items.map(migratedData) as never, options);
      for (const item of items) record(item);
    });
    advance(items.length);
  }
  // One at a time, so one message the server refuses does not hold back the others; it stays as stored and the next load tries again.
  for (const retired of messages) {
    const { message } = retired;
    await attempt([{ uuid: message.uuid, name: retired.retired.type }], async () => {
      await ChatMessage.implementation.updateDocuments([retiredMessageUpdate(retired)] as never, { render: false } as never);
      report.messages += 1;
    });
    advance(1);
  }

  if (report.kept.length) console.warn("Fray | values kept in flags.fray.unmigrated", report.kept);
  if (report.failed.length) {
    ui.notifications?.error(i18n().format("FRAY.Migration.Failed", { count: String(report.failed.length) }), { permanent: true });
    return report;
  }
  await game.settings!.set(SYSTEM_ID, SCHEMA_SETTING, SCHEMA_VERSION);
  if (from < LINK_VERSION) await offerTokenLinks();
  if (report.kept.length) {
    await postReport(report);
    ui.notifications?.warn(i18n().format("FRAY.Migration.DoneWithKept", { to: String(SCHEMA_VERSION), count: String(report.kept.length) }), { permanent: true });
  } else ui.notifications?.success(i18n().format("FRAY.Migration.Done", { to: String(SCHEMA_VERSION), migrated: String(report.migrated) }));
  if (report.messages) ui.notifications?.info(i18n().format("FRAY.Migration.Messages", { count: String(report.messages) }), { permanent: true });
  return report;
}

/**
 * Changes a card applies to actors, with the exact value each field had before, so Undo can put
 * every field back as it was and touch nothing else.
 */

/** One actor's changed fields: paths like "system.yield.value" → value. */
export interface ActorChange {
  uuid: string;
  update: Record<string, unknown>;
}

/** One changed field; a list of these, not an object keyed by path, because a document update expands dotted keys. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** What was applied to one actor: its name for the card, and each changed field before and after. */
export interface AppliedChange {
  uuid: string;
  name: string;
  fields: FieldChange[];
}

/** The actor a stored uuid names, or null. */
export function actorFrom(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync<Actor.Implementation>(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

function actorAt(uuid: string): Actor.Implementation {
  const doc = actorFrom(uuid);
  if (!(doc instanceof Actor)) throw new Error(`no actor ${uuid}`);
  return doc as Actor.Implementation;
}

/** The value a field holds now; an unset flag reads as its given default. */
function valueAt(actor: Actor.Implementation, path: string, fallback: unknown): unknown {
  return foundry.utils.getProperty(actor, path) ?? fallback;
}

/**
 * Applies the changes (fields that would not change are left out) and returns what was applied.
 * Every actor is resolved before any is changed, so a missing actor changes nothing.
 */
export async function applyChanges(changes: readonly ActorChange[], defaults: Record<string, unknown> = {}): Promise<AppliedChange[]> {
  const resolved = changes.map((change) => ({ change, actor: actorAt(change.uuid) }));
  const applied: AppliedChange[] = [];
  for (const { change, actor } of resolved) {
    const fields: FieldChange[] = [];
    for (const [path, value] of Object.entries(change.update)) {
      const now = valueAt(actor, path, defaults[path]);
      if (now !== value) fields.push({ path, before: now, after: value });
    }
    if (fields.length === 0) continue;
    await actor.update(Object.fromEntries(fields.map((f) => [f.path, f.after])));
    applied.push({ uuid: change.uuid, name: actor.name, fields });
  }
  return applied;
}

/** Puts back every field an application changed, exactly as it was before. */
export async function undoChanges(applied: readonly AppliedChange[]): Promise<void> {
  const resolved = applied.map((entry) => ({ entry, actor: actorAt(entry.uuid) }));
  for (const { entry, actor } of resolved) await actor.update(Object.fromEntries(entry.fields.map((f) => [f.path, f.before])));
}

/** Whether the user owns (or, as GM, may change) the actor. */
export function ownsActor(uuid: string, user: { id: string; isGM: boolean }): boolean {
  if (user.isGM) return true;
  const doc = actorFrom(uuid);
  const gameUser = game.users?.get(user.id);
  return !!doc && !!gameUser && doc.testUserPermission(gameUser, "OWNER");
}

/**
 * A token's ActorDelta (v13 common/documents/actor-delta.mjs, client/documents/actor-delta.mjs):
 * what an unlinked token changes of its world actor. The delta is kept in the token's source
 * (`delta`: the actor fields written, and the Items and ActiveEffects the token made, changed or
 * deleted); the token's synthetic actor is the world actor with the delta applied. Its writes
 * change the delta, never the world actor; a change of the world actor reaches every unlinked
 * token's synthetic actor, except where its delta says otherwise.
 */
import { deepClone, mergeObject, type AnyObject } from "./utils.js";

/** The embedded collections an Actor's delta keeps (BaseActor's hierarchy). */
export const DELTA_COLLECTIONS = { Item: "items", ActiveEffect: "effects" } as const;

/** A delta's record of an embedded document the world actor has and the token deleted (EmbeddedCollectionDelta's tombstone). */
interface Tombstone {
  _id: string;
  _tombstone: true;
}

/**
 * BaseActorDelta.applyDelta with #mergeEmbeddedCollection: the world actor's data, the delta's
 * records of each embedded collection in place of the world actor's ones with the same id (a
 * tombstone removes it), then the rest of the delta merged over the actor's fields.
 */
export function applyDelta(baseSource: AnyObject, delta: AnyObject | null | undefined): AnyObject {
  const actorData = deepClone(baseSource);
  const deltaData = deepClone(delta ?? {});
  delete deltaData._id;
  for (const collection of Object.values(DELTA_COLLECTIONS)) {
    const records = (deltaData[collection] ?? []) as (AnyObject | Tombstone)[];
    const ids = new Set(records.map((record) => record._id));
    actorData[collection] = [...records.filter((record) => !(record as Tombstone)._tombstone), ...((actorData[collection] ?? []) as AnyObject[]).filter((record) => !ids.has(record._id))];
    delete deltaData[collection];
  }
  return mergeObject(actorData, deltaData);
}

/**
 * The delta after a write of the synthetic actor's own fields (ActorDelta#updateSource): the
 * changes merged into what the delta already holds; a `-=` deletion is kept as the key's deletion.
 */
export function deltaWithActorChanges(delta: AnyObject | null | undefined, changed: AnyObject): AnyObject {
  const next = deepClone(delta ?? {});
  const changes = deepClone(changed);
  delete changes._id;
  for (const collection of Object.values(DELTA_COLLECTIONS)) delete changes[collection];
  return mergeObject(next, changes, { performDeletions: true });
}

/**
 * The delta after a write of one of the synthetic actor's Items or ActiveEffects
 * (ActorDelta#_handleDeltaCollectionUpdates: the delta manages that document from then on): its
 * current source, or, once deleted, a tombstone when the world actor has it and nothing otherwise.
 */
export function deltaWithEmbedded(delta: AnyObject | null | undefined, collection: string, id: string, current: AnyObject | null, baseHasIt: boolean): AnyObject {
  const next = deepClone(delta ?? {});
  const records = ((next[collection] ?? []) as AnyObject[]).filter((record) => record._id !== id);
  if (current) records.push(deepClone(current));
  else if (baseHasIt) records.push({ _id: id, _tombstone: true } satisfies Tombstone);
  next[collection] = records;
  return next;
}

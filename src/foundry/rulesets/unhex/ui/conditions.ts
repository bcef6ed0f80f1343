/**
 * A character's lasting conditions follow her level and wound boxes when they are edited on the
 * sheet (a box clicked, the level typed): the token statuses that came or went with the edit are
 * set or cleared on the editing user's client. A card's Apply sets its own statuses and is left
 * alone (its update carries CARD_WRITE), so its Undo takes back exactly what it set.
 */
import { conditionsOf } from "../../../../rules/unhex/character.js";
import { setStatus, statusIdFor } from "../../../statuses/index.js";
import { isPc, woundsOf } from "../actors.js";
import { unhexActor } from "../models.js";
import { unhexOptions } from "../options.js";

const BEFORE = "frayConditionsBefore";

/** Status changes still being written (hooks do not wait for them; tests can). */
const PENDING = new Set<Promise<void>>();

export async function conditionsIdle(): Promise<void> {
  while (PENDING.size) await Promise.all([...PENDING]);
}

function conditionsNow(actor: Actor.Implementation): string[] {
  const system = (actor as Actor.Implementation & { system: { level: { value: number; max: number } } }).system;
  return conditionsOf({ name: actor.name, level: system.level.value, maxLevel: system.level.max, pc: isPc(actor), wounds: woundsOf(actor) }, unhexOptions());
}

function editsState(changes: Record<string, unknown>): boolean {
  const flat = foundry.utils.flattenObject(changes) as Record<string, unknown>;
  return Object.keys(flat).some((key) => key.startsWith("system.level") || key.startsWith("system.wounds"));
}

export function registerConditionKeeping(): void {
  Hooks.on("preUpdateActor", (actor, changes, options, userId) => {
    const opts = options as Record<string, unknown> & { fray?: { card?: boolean } };
    if (userId !== game.user?.id || !unhexActor(actor) || opts.fray?.card || !editsState(changes as Record<string, unknown>)) return;
    opts[BEFORE] = conditionsNow(actor);
  });
  Hooks.on("updateActor", (actor, _changed, options, userId) => {
    const before = (options as Record<string, unknown>)[BEFORE];
    if (userId !== game.user?.id || !Array.isArray(before) || !unhexActor(actor)) return;
    const after = conditionsNow(actor);
    const gone = (before as string[]).filter((word) => !after.includes(word));
    const come = after.filter((word) => !(before as string[]).includes(word));
    const work = (async () => {
      for (const word of gone) {
        const id = statusIdFor(word);
        if (id && !after.some((other) => statusIdFor(other) === id)) await setStatus(actor, id, false);
      }
      for (const word of come) {
        const id = statusIdFor(word);
        if (id) await setStatus(actor, id, true);
      }
    })();
    PENDING.add(work);
    void work.finally(() => PENDING.delete(work));
  });
}

/**
 * Fray writes a Combat only when something changes (issue 33 item 7): every Combat update makes
 * every client run Combat#_onUpdate, which renders every combatant's actor sheet again
 * (updateCombatantActors, client/documents/combat.mjs), and a forced replacement (`==key`, as
 * fighters' records are written) is always sent (common/utils/helpers.mjs diffObject). In a begun
 * fight of each ruleset, re-running what the GM's side already did (the keeper's settling at load,
 * the clock, a fighter's records written again as they stand, the same initiative) writes nothing.
 */
import { describe, expect, it } from "vitest";
import type { Combat } from "../../playground/foundry/combat.js";
import { Hooks } from "../../playground/foundry/hooks.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { bootWorld, playRuleset } from "./world.js";

const world = bootWorld("every");
const { game } = world;

/** Counts the Combat updates the active GM's client hears while `run` runs. */
async function updatesDuring(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const id = Hooks.on("updateCombat", () => void (game.user?.isGM && (count += 1)));
  try {
    await run();
  } finally {
    Hooks.off("updateCombat", id);
  }
  return count;
}

/** Fray's records in the Combat's flags that are kept per fighter (the roster, the ruleset's own). */
function fighterRecords(combat: Combat, keys: string[]): Record<string, Record<string, unknown>> {
  const flags = ((combat._source.flags as Record<string, unknown>).fray ?? {}) as Record<string, unknown>;
  const records: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(flags)) {
    if (typeof value !== "object" || value === null) continue;
    const mine = Object.fromEntries(Object.entries(value).filter(([fighter]) => keys.includes(fighter)));
    if (Object.keys(mine).length) records[key] = mine;
  }
  return records;
}

describe("a Combat is written only when something changes", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: the keeper's settling, the clock, each fighter's records and initiatives written again as they stand write nothing; a real change writes once`, async () => {
      await playRuleset(game, id);
      const ana = await world.actor({ name: "Ana", type: `${id}Character` });
      const bel = await world.actor({ name: "Bel", type: `${id}Character` });
      const { combat, combatants } = await world.fight([await world.drag(ana), await world.drag(bel)], true);
      const keeper = await import("../../src/foundry/combat/keeper.js");
      const { settleClock } = await import("../../src/foundry/combat/clock.js");
      const { writeStates } = await import("../../src/foundry/combat/store.js");
      const { recordKey } = await import("../../src/foundry/combat/fighter.js");
      const { updateCombatants } = await import("../../src/foundry/combat/combat.js");
      await keeper.combatsKept();
      const keys = combatants.map((c) => recordKey(c as never));
      const records = fighterRecords(combat, keys);
      expect(Object.keys(records)).toContain("roster");
      const written = await updatesDuring(async () => {
        for (let twice = 0; twice < 2; twice += 1) {
          await keeper.settleWorld();
          await settleClock(combat as never);
          for (const [key, states] of Object.entries(records)) await writeStates(combat as never, key, states);
          await updateCombatants(combat as never, combatants.map((c) => ({ _id: c.id, initiative: c.initiative })));
          await keeper.combatsKept();
        }
      });
      expect(written).toBe(0);
      // A real change is written, once, however often it is asked for.
      const changed = await updatesDuring(async () => {
        for (let twice = 0; twice < 2; twice += 1) await updateCombatants(combat as never, [{ _id: combatants[0]!.id, initiative: 17 }]);
        await keeper.combatsKept();
      });
      expect(changed).toBe(1);
    });
  }
});

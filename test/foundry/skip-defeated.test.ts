/**
 * Foundry's *Skip Defeated* (the combat tracker's setting, issue 33 item 13) in every ruleset: v13's
 * Combat#nextTurn and #nextRound (client/documents/combat.mjs) pass over a defeated combatant when it
 * is on and give her the turn when it is off. Each ruleset's tracker and Fray's clock follow Foundry's
 * choice, whatever orders the round; Beyond the Torchlight's round is turns of whole sides, which a
 * defeated fighter changes nothing in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Combat, type Combatant, combatTrackerSettings } from "../../playground/foundry/combat.js";
import { type RulesetId } from "../../src/rules/ruleset.js";
import { recordKey } from "../../src/foundry/combat/fighter.js";
import { bootWorld, playRuleset } from "./world.js";

const world = bootWorld("every");
const { harness, game } = world;

afterEach(() => {
  combatTrackerSettings.skipDefeated = false;
});

const kept = async () => (await import("../../src/foundry/combat/keeper.js")).combatsKept();
const clock = (combat: Combat) => (combat.flags as { fray?: { clock?: { round: number; combatant: string | null } } }).fray?.clock;
type Tracker = { render(o: object): Promise<{ element: HTMLElement }> };

/** The names the GM's tracker shows acting (one row, or a whole side's in a round of sides). */
async function trackerActing(): Promise<string[]> {
  const app = await new (harness.CONFIG.ui.combat as new () => Tracker)().render({ force: true });
  return [...app.element.querySelectorAll("li.combatant.active .name")].map((n) => n.textContent ?? "");
}

/** Ana, Bel and Cid of the ruleset, each on a token, rolled from the tracker's Roll All and begun. */
async function begun(id: RulesetId): Promise<Combat> {
  await playRuleset(game, id);
  harness.onDialog((dialog) => dialog.answer(dialog.actions[0]!));
  const tokens = [];
  for (const name of ["Ana", "Bel", "Cid"]) tokens.push(await world.drag(await world.actor({ name, type: `${id}Character` })));
  const { combat } = await world.fight(tokens);
  await (combat as Combat & { rollAll(): Promise<unknown> }).rollAll();
  await (await import("../../src/foundry/cards/index.js")).cardsIdle();
  await harness.flush();
  await combat.startCombat();
  await harness.flush();
  await kept();
  return combat;
}

/** The GM's Defeated toggle on the tracker's row. */
async function defeat(combatant: Combatant): Promise<void> {
  await combatant.update({ defeated: true });
  await kept();
}

async function nextTurn(combat: Combat): Promise<void> {
  await combat.nextTurn();
  await harness.flush();
  await kept();
}

/** Foundry's acting combatant, Fray's clock and the tracker's marked row, which must agree. */
async function acting(combat: Combat): Promise<string | null> {
  const name = combat.combatant?.name ?? null;
  expect(clock(combat), "Fray's clock").toEqual({ round: combat.round, combatant: combat.combatant ? recordKey(combat.combatant as never) : null });
  expect(await trackerActing(), "the tracker's acting row").toEqual(name === null ? [] : [name]);
  return name;
}

describe.each(["cavaliers", "drama", "unhex", "personal"] as const)("%s: Skip Defeated", (id) => {
  it.each([
    [true, "passes over the defeated second in the order to the third"],
    [false, "gives the defeated second in the order her turn"],
  ])("on %s: Next Turn %s; the clock and the tracker agree", async (skip, _what) => {
    const combat = await begun(id);
    const [first, second, third] = combat.turns.map((c) => c.name);
    combatTrackerSettings.skipDefeated = skip;
    await defeat(combat.turns[1]!);
    expect(await acting(combat)).toBe(first);
    await nextTurn(combat);
    expect(combat.round).toBe(1);
    expect(await acting(combat)).toBe(skip ? third : second);
  });

  it.each([true, false])("on %s: the next round opens on the first not defeated, or on the defeated first in the order", async (skip) => {
    const combat = await begun(id);
    combatTrackerSettings.skipDefeated = skip;
    const down = combat.turns[0]!;
    await defeat(down);
    for (let step = 0; combat.round === 1 && step < 4; step++) await nextTurn(combat);
    expect(combat.round).toBe(2);
    const opening = skip ? combat.turns.find((c) => c !== down) : combat.turns[0];
    expect(await acting(combat)).toBe(opening!.name);
  });
});

describe("torchlight: Skip Defeated", () => {
  it.each([true, false])("on %s: Next Turn moves the round from the players' turn to the GM's, a defeated fighter or not; the tracker marks that turn", async (skip) => {
    const combat = await begun("torchlight");
    const { stateOf } = await import("../../src/foundry/rulesets/torchlight/combat/state.js");
    const { cardsIdle } = await import("../../src/foundry/cards/index.js");
    combatTrackerSettings.skipDefeated = skip;
    await defeat(combat.turns[1]!);
    const activePhases = async () => {
      const app = await new (harness.CONFIG.ui.combat as new () => Tracker)().render({ force: true });
      return [...app.element.querySelectorAll<HTMLElement>("li.fray-phase.active")].map((p) => p.dataset.phase);
    };
    expect([stateOf(combat as never).phase, await activePhases()]).toEqual(["players", ["players"]]);
    await nextTurn(combat);
    await cardsIdle();
    expect([stateOf(combat as never).phase, await activePhases()]).toEqual(["gm", ["gm"]]);
    expect(combat.round).toBe(1);
  });
});

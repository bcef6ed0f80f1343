/**
 * Beyond the Torchlight's Dex saves of initiative taken back by the GM's Undo: the combatant's
 * initiative, the roster's and the Combat's record of the save all go back to none, so the tracker
 * shows no number on the row (found by the playground's browser test of Undo from the card's menu).
 */
import { describe, expect, it } from "vitest";
import { queueFaces } from "../../playground/foundry/dice.js";
import { rosterPath } from "../../src/foundry/combat/roster.js";
import { cardOf, type Message, bootTorchlight, type TorchlightWorld } from "./torchlight-fixtures.js";

let w: TorchlightWorld;
const { harness, fx } = bootTorchlight({}, (world) => (w = world));
const lastCard = () => (harness.game.messages as unknown as { contents: Message[] }).contents.at(-1)!;

describe("the Dex saves of initiative undone", () => {
  it("the GM's Undo of Elsa's save leaves her without an initiative: her combatant, the roster and the Combat's record", async () => {
    harness.switchUser(w.ada);
    queueFaces(15);
    await (w.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([w.ids.elsa]);
    await (await fx.cards()).cardsIdle();
    const message = lastCard();
    expect(cardOf(message)).toMatchObject({ kind: "torchlight.initiative", state: "applied" });
    const combatant = () => (w.combat as unknown as { combatants: { get(id: string): Combatant.Implementation } }).combatants.get(w.ids.elsa)!;
    expect(combatant().initiative).toBe(15);
    harness.switchUser(w.gm);
    const { ask } = await import("../../src/foundry/relay/index.js");
    const undone = await ask("card.undo", { message: (message as unknown as { id: string }).id });
    expect(undone).toMatchObject({ ok: true });
    await (await fx.cards()).cardsIdle();
    expect(cardOf(lastCard()).state).toBe("undone");
    expect(fx.flags(w).initiative?.[w.keys.elsa] ?? null).toBeNull();
    expect(foundry.utils.getProperty(w.combat, rosterPath(combatant(), "initiative")) ?? null).toBeNull();
    expect(combatant().initiative).toBeNull();
  });
});

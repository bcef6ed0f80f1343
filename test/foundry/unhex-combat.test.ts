/**
 * Unhex in the combat tracker, in the harness with a GM and two players: a player's roll opens the
 * round's team initiative card on the GM; each team's highest-level character rolls her own dice;
 * the winner's owner picks the order of team turns, which becomes the tracker's order; each row
 * shows its team and its action, spent by a card or by the row's button; the GM moves a combatant
 * to another team and ends the fight once one team is left standing. A player cannot ask for the
 * GM's controls nor spend another's action.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FoundryHarness } from "../harness/index.js";
import { runCli } from "../../src/cli/run.js";
import { card, type Message, unhexFixtures, type UnhexTable, useUnhexTable } from "./unhex-fixtures.js";
import { everyCardInWords } from "./card-words.js";

let harness: FoundryHarness;
everyCardInWords(() => harness.game.messages);
let rules: typeof import("../../src/foundry/rulesets/unhex/combat/index.js").unhexCombatRules;
let requests: typeof import("../../src/foundry/combat/requests.js");
let cards: typeof import("../../src/foundry/cards/index.js");
let t: UnhexTable;
const fx = unhexFixtures(() => harness);

useUnhexTable((session) => ({ harness, t } = session));
beforeAll(async () => {
  rules = (await import("../../src/foundry/rulesets/unhex/combat/index.js")).unhexCombatRules;
  requests = await import("../../src/foundry/combat/requests.js");
  cards = await import("../../src/foundry/cards/index.js");
});


type C = Parameters<typeof rules.view>[1];
type K = Parameters<typeof rules.view>[0];
const combat = () => t.combat as unknown as K;
const combatantOf = (name: string) => t.combatants.find((c) => c.name === name)! as unknown as C;
const order = () => (t.combat as unknown as { turns: { name: string }[] }).turns.map((c) => c.name);
const view = (name: string) => rules.view(combat(), combatantOf(name));
const lastMessage = () => harness.game.messages.contents.at(-1) as unknown as Message;
const flags = () => JSON.stringify((t.combat as unknown as { flags: unknown }).flags);

async function rollInitiative(user: typeof t.gm, name: string): Promise<void> {
  harness.switchUser(user);
  await (t.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatantOf(name).id!]);
  await harness.flush();
}

describe("Unhex team initiative in the tracker", () => {
  it("Ada's player rolls: the GM opens the round's card; Ada and the Guard roll for their teams; Ada wins and puts the hostile team first; the tracker follows", async () => {
    await rollInitiative(t.users.ada, "Ada");
    const message = lastMessage();
    expect(card(message).kind).toBe("unhex.initiative");
    // The PCs roll first in round 1; each team by its highest-level character (Ada 50 over Bea 45, the Guard 50 over the Sniper 40).
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "rolls.friendly", by: "friendly", offer: { who: "Ada" } });
    expect(card(message).refs.hostile?.actor).toBe(t.guard.uuid);
    // Bob (Bea's player) cannot roll for the friendly team: the button is Ada's.
    harness.switchUser(t.users.bob);
    expect(await fx.buttons(message)).toEqual([]);
    // Nor by forging the step: the GM refuses it and the card stays as it was.
    const { ask } = await import("../../src/foundry/relay/index.js");
    const unforged = JSON.stringify(card(message));
    expect(await ask("card.choose", { message: message.id, choice: "rolls.friendly", value: "true", roll: null })).toMatchObject({ ok: false });
    expect(JSON.stringify(card(message))).toBe(unforged);
    await fx.choose(t.users.ada, message, "rolls.friendly", "true", 3, 2);
    await fx.choose(t.gm, message, "rolls.hostile", "true", 7, 1);
    expect(card(message).outcome.awaiting).toMatchObject({ choice: "order", by: "friendly" });
    harness.switchUser(t.users.ada);
    const offered = await fx.buttons(message);
    expect(offered).toContain("choose:hostile,friendly");
    await fx.choose(t.users.ada, message, "order", "hostile,friendly");
    expect(card(message).state).toBe("applied");
    // Copy as request: the command line resolves the card's request to the same outcome.
    const cli = runCli(["resolve"], () => JSON.stringify(cards.requestOf(card(message) as never, message as never)));
    expect(cli.code, cli.stderr).toBe(0);
    const printed = JSON.parse(cli.stdout) as { result: unknown; steps: unknown };
    const outcome = JSON.parse(JSON.stringify(card(message).outcome)) as { result: unknown; steps: unknown };
    expect(printed.result).toEqual(outcome.result);
    expect(printed.steps).toEqual(outcome.steps);
    expect(order().slice(0, 2).sort()).toEqual(["Guard", "Sniper"]);
    expect(order().slice(2).sort()).toEqual(["Ada", "Bea"]);
    expect(view("Guard").facts[0]).toBe("Hostile team: turn 1");
    expect(view("Ada").facts).toEqual(["Friendly team: turn 2", "1 action"]);

    // A second roll this round is refused, and changes nothing.
    const before = harness.game.messages.contents.length;
    await rollInitiative(t.gm, "Guard");
    expect(harness.game.messages.contents.length).toBe(before);
    expect(harness.notifications.at(-1)?.message).toContain("already rolled");

    // Round 2: every row keeps last round's place (no d20), so each team's roller gets the round's roll on her row.
    harness.switchUser(t.gm);
    await (t.combat as unknown as { nextRound(): Promise<unknown> }).nextRound();
    await harness.flush();
    harness.switchUser(t.users.ada);
    expect(view("Ada").buttons.map((b) => b.action)).toContain("roundInitiative");
    expect(view("Bea").buttons.map((b) => b.action)).not.toContain("roundInitiative");
    await requests.requestAction(combat(), combatantOf("Ada"), "roundInitiative");
    await harness.flush();
    const second = lastMessage();
    expect(card(second)).toMatchObject({ kind: "unhex.initiative", request: { round: 2, previousHolder: "friendly" } });
    // Last round's holder rolls first; the button is gone while the card is open.
    expect(card(second).outcome.awaiting).toMatchObject({ choice: "rolls.friendly" });
    expect(view("Ada").buttons.map((b) => b.action)).not.toContain("roundInitiative");
  });

  it("a row's action: Ada spends hers from her row, then has none; Bob cannot spend Ada's; a player cannot ask for the GM's team control", async () => {
    harness.switchUser(t.users.ada);
    expect(view("Ada").buttons.map((b) => b.action)).toEqual(["roundInitiative", "spend"]);
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(view("Ada").facts).toContain("Action spent");
    expect(view("Ada").buttons.find((b) => b.action === "spend")).toMatchObject({ action: "spend", disabled: true });
    const spent = flags();
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(harness.notifications.at(-1)?.message).toContain("no action left");
    expect(flags()).toBe(spent);

    harness.switchUser(t.users.bob);
    await requests.requestAction(combat(), combatantOf("Bea"), "team");
    await requests.requestAction(combat(), combatantOf("Ada"), "spend");
    await harness.flush();
    expect(flags()).toBe(spent);
  });

  it("the GM moves Bea to the hostile team, and offers the end of the fight once one team is left standing", async () => {
    harness.switchUser(t.gm);
    expect(view("Bea").facts[0]).toBe("Friendly team");
    expect(rules.view(combat(), (t.combat as unknown as { turns: C[] }).turns[0]!).buttons.map((b) => b.action)).not.toContain("end");
    await requests.requestAction(combat(), combatantOf("Bea"), "team");
    await harness.flush();
    expect(view("Bea").facts[0]).toBe("Hostile team");
    // Ada is knocked out: the friendly team has nobody standing.
    harness.switchUser(t.gm);
    await (t.ada as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect("unconscious", { active: true });
    await harness.flush();
    const first = (t.combat as unknown as { turns: C[] }).turns[0]!;
    expect(rules.view(combat(), first).buttons.map((b) => b.action)).toContain("end");
    await requests.requestAction(combat(), first, "end");
    await harness.flush();
    expect(harness.game.combats.get(t.combat.id!)).toBeUndefined();
  });
});

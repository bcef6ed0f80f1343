/**
 * Issue 38 item 11: a card keeps its chooser under every roll mode, and is credited to its roller.
 * Foundry v13 (ChatMessage#isContentVisible, #renderHTML) shows a whispered roll's content only to
 * its recipients, and to anyone else "<author> rolled privately" under the author's name; every card
 * is the GM's message. A Beyond the Torchlight attack waits for its roller's Feint once she has seen
 * her damage die: public, private (GM) and self, she reads the card and makes the choice herself;
 * blind, she reads her declaration while no die is on it, and from the roll on the card is hidden
 * from her, credited to her character and to her, the Feint is the GM's, and her own forged choice
 * is refused with nothing changed, as is anyone else's.
 */
import { describe, expect, it } from "vitest";
import { cardOf, type Message, bootTorchlight, type TorchlightWorld } from "./torchlight-fixtures.js";

let w: TorchlightWorld;
const { harness, fx } = bootTorchlight({}, async (world) => {
  w = world;
  await fx.initiative(w, 15, 14, 12, 10);
});

const ask = async (kind: string, payload: Record<string, unknown>) => (await import("../../src/foundry/relay/index.js")).ask(kind, payload);
type Seen = Message & { speaker: { actor: string | null; alias: string }; author: { id: string; isGM: boolean } | null; blind: boolean; isContentVisible: boolean };

/** Ada's Elsa attacks the Bandit under `rollMode`; her sword shows 4, and the card waits for her Feint. */
async function elsaAttacks(rollMode: string): Promise<Seen> {
  const message = (await fx.attack(w, w.ada, w.elsa, w.bandit, [4], { rollMode }, "wait"))! as Seen;
  expect(cardOf(message).outcome.awaiting).toMatchObject({ choice: "feint", by: "attacker" });
  return message;
}

/** The message as `user` is shown it. */
async function seenAs(user: TorchlightWorld["ada"], message: Message): Promise<HTMLElement> {
  harness.switchUser(user);
  return message.renderHTML();
}

const sender = (html: HTMLElement) => html.querySelector(".message-sender")?.textContent;
const flavor = (html: HTMLElement) => html.querySelector(".flavor-text")?.textContent;
const feintButtons = (html: HTMLElement) => [...html.querySelectorAll<HTMLElement>("[data-fray-action='choose']")].map((b) => b.dataset.frayValue);

describe("a card keeps its chooser under every roll mode (issue 38 item 11)", () => {
  for (const mode of ["publicroll", "gmroll", "selfroll"]) {
    it(`${mode}: Elsa's owner reads her attack and makes her Feint herself; the card speaks for Elsa, and no one else may choose`, async () => {
      const message = await elsaAttacks(mode);
      expect(message.author?.isGM).toBe(true);
      expect(message.speaker).toMatchObject({ actor: w.elsa.id, alias: "Elsa" });
      expect(message.blind).toBe(false);
      const ada = await seenAs(w.ada, message);
      expect(feintButtons(ada)).toEqual(expect.arrayContaining(["keep", "reroll"]));
      expect(sender(ada)).toBe("Elsa");
      // Bob plays neither fighter: a private card is "rolled privately" to him, credited to Elsa and to Ada, never to the GM.
      const bob = await seenAs(w.bob, message);
      if (mode === "publicroll") expect(feintButtons(bob)).toEqual([]);
      else {
        expect(bob.querySelector(".fray-card")).toBeNull();
        expect(sender(bob)).toBe("Elsa");
        expect(flavor(bob)).toBe("Ada rolled privately.");
      }
      const before = fx.stored();
      expect(await ask("card.choose", { message: message.id, choice: "feint", value: "keep" })).toMatchObject({ ok: false, reason: expect.stringContaining("Elsa") });
      expect(fx.stored()).toBe(before);
      harness.switchUser(w.ada);
      await fx.click(message, "[data-fray-value='keep']");
      expect(cardOf(message).outcome.awaiting).toBeUndefined();
      expect(cardOf(message).request.feint).toBe("keep");
    });
  }

  it("blindroll: Elsa's owner reads her declaration while no die is on it; once rolled, the card is hidden from her and credited to her, the Feint is the GM's, and her forged Feint and Bob's are refused", async () => {
    harness.switchUser(w.ada);
    const declared = (await fx.declare(w, w.ada, w.elsa, w.bandit, { rollMode: "blindroll" }))! as Seen;
    expect(declared.blind).toBe(true);
    expect(cardOf(declared).outcome.awaiting?.choice).toBe("held");
    // No die yet: nothing a blind roll hides, so she reads what she declared.
    expect(declared.whisper).toContain(w.ada.id);
    expect((await seenAs(w.ada, declared)).querySelector(".fray-card")).not.toBeNull();
    // The GM closes the players' declarations: the sword shows 4.
    harness.switchUser(w.gm);
    const { queueFaces } = await import("../../playground/foundry/dice.js");
    queueFaces(4);
    await fx.rollDeclared(w, String(cardOf(declared).request.side));
    const message = declared;
    expect(cardOf(message).outcome.awaiting).toMatchObject({ choice: "feint", by: "attacker" });
    expect(message.whisper).not.toContain(w.ada.id);
    expect(message.whisper).toContain(w.gm.id);

    // Ada: "Ada rolled blind", under Elsa's name, and told the GM makes Elsa's choice; no button.
    const ada = await seenAs(w.ada, message);
    expect(ada.querySelector(".fray-card")).toBeNull();
    expect(sender(ada)).toBe("Elsa");
    expect(flavor(ada)).toBe("Ada rolled blind: only the GM sees the dice.");
    expect(ada.querySelector(".fray-card-blind")?.textContent).toBe("The GM makes Elsa's choice: the dice are hidden from you.");
    expect(feintButtons(ada)).toEqual([]);
    // Bob: rolled privately, credited to Elsa and Ada.
    const bob = await seenAs(w.bob, message);
    expect(sender(bob)).toBe("Elsa");
    expect(flavor(bob)).toBe("Ada rolled privately.");
    expect(bob.querySelector(".fray-card-blind")).toBeNull();

    // Her own Feint, forged past the hidden card, is refused: she has not seen the die. Bob's too. Nothing changes.
    const before = fx.stored();
    harness.switchUser(w.ada);
    expect(await ask("card.choose", { message: message.id, choice: "feint", value: "reroll" })).toMatchObject({ ok: false, reason: "Your roll is blind: the dice on it are the GM's to see, and Elsa's choice is the GM's to make." });
    harness.switchUser(w.bob);
    expect(await ask("card.choose", { message: message.id, choice: "feint", value: "keep" })).toMatchObject({ ok: false, reason: expect.stringContaining("Elsa") });
    expect(fx.stored()).toBe(before);

    // The GM reads the card, is told the choice is his for Ada, and makes it.
    const gm = await seenAs(w.gm, message);
    expect(feintButtons(gm)).toEqual(expect.arrayContaining(["keep", "reroll"]));
    expect(gm.querySelector(".fray-card-blind")?.textContent).toBe("Rolled blind by Ada, who cannot see the dice: Elsa's choice is yours.");
    await fx.click(message, "[data-fray-value='keep']");
    expect(cardOf(message).outcome.awaiting).toBeUndefined();
    expect(cardOf(message).request.feint).toBe("keep");
    expect(message.whisper).not.toContain(w.ada.id);
  });
});

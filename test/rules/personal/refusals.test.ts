import { describe, expect, it } from "vitest";
import { PersonalRefusal } from "../../../src/rules/personal/refusal.js";
import { attacker, run, target } from "./helpers.js";

// Every refusal a Personal Combat request can meet, met by a request: the rule's code for code, and
// a few of the words people read, so a refusal never reaches the table as a bare code.

function refusal(action: string, request: Record<string, unknown>, faces: number[] = []): PersonalRefusal {
  try {
    run(action, request, faces);
  } catch (error) {
    if (error instanceof PersonalRefusal) return error;
    throw error;
  }
  throw new Error("expected the request to be refused");
}

const wounded = { name: "Ines", resolve: 0, maxResolve: 10, wounded: true, stamina: 1, control: 0, ignoresLeft: 1 };
const turn = (fields: Record<string, unknown>) => ({ character: { name: "Ines" }, actions: [], ...fields });

const cases: Array<[code: string, rule: string, action: string, request: Record<string, unknown>, words: RegExp]> = [
  ["not-in-order", "seed 003 §Initiative: only characters in the order may delay", "delay", { order: ["Ines", "Guard"], acted: [], mover: "Ines", after: "Ghost" }, /initiative order/],
  ["not-their-turn", "seed 003 §Initiative: a character delays only at the start of her own turn", "delay", { order: ["Ines", "Guard", "Ada"], acted: [], mover: "Guard", after: "Ada" }, /start of her own turn/],
  ["after-self", "seed 003 §Initiative: a character cannot delay to just after herself", "delay", { order: ["Ines", "Guard"], acted: [], mover: "Ines", after: "Ines" }, /after herself/],
  ["already-acted", "seed 003 §Initiative: only to just after one who has not acted", "delay", { order: ["Ines", "Guard", "Ada"], acted: ["Ines"], mover: "Guard", after: "Ines" }, /not acted this round/],
  ["not-wounded", "seed 003 §Becoming Wounded and Fallen Fates: only the Wounded take a fate", "fate", { character: { ...wounded, resolve: 2, wounded: false }, damage: 2, choice: "Maimed" }, /only a Wounded character/],
  ["no-damage", "seed 003 §Becoming Wounded and Fallen Fates: a fate answers a hit that did damage", "fate", { character: wounded, damage: 0, choice: "Maimed" }, /did damage/],
  ["unknown-fate", "seed 003 §Becoming Wounded and Fallen Fates: only a fate on the list", "fate", { character: wounded, damage: 2, choice: "Exiled" }, /not on the list/],
  ["budget-spent", "seed 003 §Becoming Wounded and Fallen Fates: no ignore left until she Rests", "fate", { character: { ...wounded, ignoresLeft: 0 }, damage: 2, choice: "ignore" }, /until she Rests/],
  ["damage-over-half", "seed 003 §Becoming Wounded and Fallen Fates: a hit over half her max Resolve is not ignored", "fate", { character: wounded, damage: 6, choice: "ignore" }, /over half her maximum Resolve/],
  ["unknown-zone", "seed 003 §Ranges and Zones: a zone off the list", "turn", turn({ move: { from: "Near", to: "Orbit" } }), /zone that is not on the list/],
  ["move-not-adjacent", "seed 003 §Ranges and Zones: a Move goes one band", "turn", turn({ move: { from: "Engaged", to: "Far" } }), /one range band/],
  ["unknown-action", "seed 003 §The Turn: an Action off the list", "turn", turn({ actions: [{ name: "Fireball" }] }), /action that is not on the list/],
  ["one-action", "seed 003 §The Turn: one Action a turn", "turn", turn({ actions: [{ name: "Attack" }, { name: "Aid" }] }), /one Action/],
  ["action-cap", "seed 003 §The Turn: at most two actions, free ones included", "turn", turn({ actions: [{ name: "Attack" }, { name: "Draw", free: true }, { name: "Shout", free: true }] }), /too many actions/],
  ["one-item-interaction", "seed 003 §The Turn: one item interaction a turn", "turn", turn({ itemInteractions: 2 }), /one free item interaction/],
  ["list-repeats", "Fray's lists: an entry named twice", "turn", turn({ lists: { actions: ["Aid", "Aid"] } }), /same entry twice/],
  ["fate-named-ignore", "Fray's lists: no fate named \"ignore\"", "fate", { character: wounded, damage: 2, choice: "Maimed", lists: { fates: [{ name: "ignore", outOfFight: false }] } }, /may be called "ignore"/],
];

describe("personal refusals", () => {
  for (const [code, rule, action, request, words] of cases) {
    it(`${rule} [${code}]`, () => {
      const refused = refusal(action, request);
      expect(refused.codes).toEqual([code]);
      // The rule's words, whose first letter the sentence makes a capital.
      expect(refused.message).toMatch(new RegExp(words.source, "i"));
      // Issue 38 item 4: a sentence for people, never a rule id.
      expect(refused.message).not.toContain(code);
      expect(refused.message).toMatch(/^[A-Z]/);
      expect(refused.name).toBe("PersonalRefusal");
    });
  }

  it("Fray's lists: each list is checked for repeats, the fates by name", () => {
    expect(refusal("turn", turn({ lists: { zones: ["Near", "Near"] } })).codes).toEqual(["list-repeats"]);
    expect(refusal("fate", { character: wounded, damage: 2, choice: "Maimed", lists: { fates: [{ name: "Maimed", outOfFight: false }, { name: "Maimed", outOfFight: true }] } }).codes).toEqual(["list-repeats"]);
  });

  it("a turn breaking several rules names every one of them, in the order the seed gives them", () => {
    const refused = refusal("turn", turn({ move: { from: "Engaged", to: "Distant" }, actions: [{ name: "Fireball" }, { name: "Aid" }, { name: "Draw", free: true }], itemInteractions: 3 }));
    expect(refused.codes).toEqual(["move-not-adjacent", "unknown-action", "one-action", "action-cap", "one-item-interaction"]);
    expect(refused.message.split("; ")).toHaveLength(5);
  });

  it("a Move from and to zones both off the list names each", () => {
    expect(refusal("turn", turn({ move: { from: "Orbit", to: "Moon" } })).codes).toEqual(["unknown-zone", "unknown-zone"]);
  });

  it("an attack's weapon formula that does not parse is refused before any die is rolled", () => {
    expect(() => run("attack", { attacker: attacker({ damage: "1d" }), target: target() })).toThrow(/formula|dice|parse/i);
  });

  it("a Fallen Fate answer the rules refuse on the attack card is refused, and nothing is written", () => {
    expect(refusal("attack", { attacker: attacker(), target: target({ resolve: 0, wounded: true }), fateChoice: "Exiled" }, [12, 7]).codes).toEqual(["unknown-fate"]);
  });

  it("a fate asked for on the fate card without a choice, from someone not Wounded, is refused and does not wait", () => {
    expect(refusal("fate", { character: { ...wounded, wounded: false, resolve: 3 }, damage: 2 }).codes).toEqual(["not-wounded"]);
  });
});

/**
 * Reading a request field back into the choice it names (choices.ts): `<participant><Choice>` for a
 * stance, a pool, a courage test's modifiers and a wavering test's Drama Point, and `<Choice><n>` for
 * a fighter's second and later courage tests of a round (seed 001 §Taking a Flesh Wound: each serious
 * wound calls its own test). The Foundry cards read an awaited choice with it, so a field it takes for
 * another participant's, or for a choice that does not exist, would offer the wrong player the wrong form.
 */
import { describe, expect, it } from "vitest";
import { CHOICE_KINDS, choiceField, choiceOfField } from "../../../src/rules/drama/choices.js";

describe("choiceOfField: which choice a request field names", () => {
  it("each kind of choice, once a round, is its participant's name and the kind's", () => {
    expect(CHOICE_KINDS.map((kind) => choiceOfField("a", `a${kind}`))).toEqual([
      { kind: "Stance", n: 1 },
      { kind: "Pool", n: 1 },
      { kind: "Courage", n: 1 },
      { kind: "Waver", n: 1 },
    ]);
    expect(choiceOfField("opponent2", "opponent2Courage")).toEqual({ kind: "Courage", n: 1 });
  });

  it(`seed 001 §Taking a Flesh Wound: a courage test and its waver come again with each serious wound, numbered 2 to 19`, () => {
    expect(choiceOfField("a", "aCourage2")).toEqual({ kind: "Courage", n: 2 });
    expect(choiceOfField("a", "aWaver9")).toEqual({ kind: "Waver", n: 9 });
    expect(choiceOfField("a", "aCourage10")).toEqual({ kind: "Courage", n: 10 });
    expect(choiceOfField("f3", "f3Waver19")).toEqual({ kind: "Waver", n: 19 });
    expect(choiceOfField("a", choiceField("a", "Courage", 14))).toEqual({ kind: "Courage", n: 14 });
  });

  it("a number outside 2 to 19 names no choice: the first test has none, and a round has no twentieth", () => {
    for (const field of ["aCourage1", "aCourage0", "aCourage20", "aWaver01", "aWaver100"]) expect(choiceOfField("a", field)).toBeNull();
  });

  it("a stance and a pool come once a round: with a number they name no choice", () => {
    expect(choiceOfField("a", "aStance2")).toBeNull();
    expect(choiceOfField("a", "aPool2")).toBeNull();
    expect(choiceOfField("a", "aPool19")).toBeNull();
  });

  it("a kind the rules do not have, or spelt in another case, names no choice", () => {
    for (const field of ["aFoo", "acourage", "aCOURAGE", "aStances", "a", "a2"]) expect(choiceOfField("a", field)).toBeNull();
  });

  it("another participant's field is not hers, even when her key begins it: `abPool` is not a's, `opponent12Pool` not opponent1's", () => {
    expect(choiceOfField("a", "bPool")).toBeNull();
    expect(choiceOfField("a", "abPool")).toBeNull();
    expect(choiceOfField("a", "axPool")).toBeNull();
    expect(choiceOfField("opponent1", "opponent12Pool")).toBeNull();
    expect(choiceOfField("b", "abPool")).toBeNull();
    expect(choiceOfField("ab", "abPool")).toEqual({ kind: "Pool", n: 1 });
  });

  it("anything after the choice (or its number) makes it no choice", () => {
    for (const field of ["aPoolx", "aPool ", "aCourage2x", "aCourage2 ", "aWaver_"]) expect(choiceOfField("a", field)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/core/outcome.js";
import { changesOf, resolveWith, statusesOf } from "./helpers.js";

const ines = { name: "Ines", attribute: 8, competency: 8 };
/** One entry of an offer as the chooser sees it. */
const entry = (id: string, name: string, cost: number, repeatable: boolean) => ({ id, name, cost, repeatable });
/** What an outcome awaits when a winner is to spend her SP: the choice, who makes it, the SP and the entries on offer. */
const awaitingSpend = (choice: string, by: string, sp: number, entries: ReturnType<typeof entry>[]) => ({ choice, by, offer: { sp, entries } });
/** The steps of an outcome as a card lists them: each rule, with the roll it belongs to. */
const stepNames = (outcome: Outcome) => outcome.steps.map((step) => `${step.rule}${step.roll ? ` (${String(step.roll)})` : ""}`);
const guard = { name: "Guard", type: "stock", attribute: 6, competency: 6 };

// The cavaliers actions as a request meets them: what each awaits, what it reports, and the
// choices it leaves to the player, each at the edge where the rule could be read two ways.
describe("cavaliers actions: what a request is asked for and told", () => {
  it("seed 000 §Attack: the target then chooses her Defense, before any die; a Lunge offers Parry, Block or Dodge, a Feint only Parry or Dodge", () => {
    // RULINGS (Order of an attack): the attack is declared, not rolled, while the defence is awaited.
    const lunge = resolveWith("attack", { attack: "lunge", attacker: { name: "Ines", attribute: 8, competency: 8 } }, []);
    expect(lunge.awaiting).toEqual({ choice: "defence", by: "defender", offer: { defences: ["parry", "block", "dodge"] } });
    expect(lunge.dice).toEqual([]);
    expect(lunge.result).toEqual({ attacker: { declared: true, dice: 2, drop: 0 } });
    expect(stepNames(lunge)).toEqual(["pool (attack pool)", "drop-total (attack pool)"]);
    expect(lunge.effects).toEqual([]);
    const feint = resolveWith("attack", { attack: "feint", attacker: { name: "Ines", attribute: 8, competency: 8 } }, []);
    expect(feint.awaiting?.offer).toEqual({ defences: ["parry", "dodge"] });
    // Naming the defender does not choose for her: the Defense is still hers to pick.
    const named = resolveWith("attack", { attack: "aim", attacker: ines, defender: guard }, []);
    expect(named.awaiting).toEqual({ choice: "defence", by: "defender", offer: { defences: ["block", "dodge"] } });
  });

  it("seed 000 §Combined Actions: a turn with a roll puts its combined actions' Drop on the roll and counts them towards the cap", () => {
    const outcome = resolveWith("turn", { name: "Ines", rolled: ["lunge"], combined: ["draw-weapon", "move"] }, []);
    expect(outcome.result).toEqual({ drop: 2, capCount: 2, areas: 1 });
    expect(outcome.steps).toEqual([{ rule: "combined-actions", combined: ["draw-weapon", "move"], atTrigger: [], drop: 2, capCount: 2, areas: 1 }]);
    expect(outcome.dice).toEqual([]);
    expect(outcome.effects).toEqual([]);
  });

  it("seed 000 §Assist: a turn without a roll counts an Assist as Drop 2 against the Drop 4 cap", () => {
    const outcome = resolveWith("turn", { name: "Ines", combined: ["move"], assist: true }, []);
    expect(outcome.result).toEqual({ drop: 1, capCount: 3, areas: 1 });
    const idle = resolveWith("turn", { name: "Ines" }, []);
    expect(idle.result).toEqual({ drop: 0, capCount: 0, areas: 0 });
    expect(idle.steps).toEqual([{ rule: "combined-actions", combined: [], atTrigger: [], drop: 0, capCount: 0, areas: 0 }]);
    expect(() => resolveWith("turn", { name: "Ines", combined: ["run", "draw-weapon"], assist: true }, [])).toThrow(/capped at Drop 4 in a round; this turn comes to Drop 5/);
  });

  it("seed 000 §Combined Actions, §Assist: a turn takes one action that needs a roll, and an Assist takes none", () => {
    expect(() => resolveWith("turn", { name: "Ines", rolled: ["lunge", "aim"] }, [])).toThrow(/cannot combine two actions that need a dice roll \(lunge, aim\)/);
    expect(() => resolveWith("turn", { name: "Ines", rolled: ["lunge"], assist: true }, [])).toThrow(/Assist cannot be combined with an action that needs a dice roll \(lunge\)/);
  });

  it("seed 000 §Prepare example: combined actions at the Prepare and when it fires add up on the prepared action", () => {
    const outcome = resolveWith("turn", { name: "Ines", rolled: ["lunge"], combined: ["draw-weapon"], atTrigger: ["move"] }, []);
    expect(outcome.result).toEqual({ drop: 2, capCount: 2, areas: 1 });
    expect(outcome.steps).toEqual([{ rule: "combined-actions", combined: ["draw-weapon"], atTrigger: ["move"], drop: 2, capCount: 2, areas: 1 }]);
    // "nothing extra": a Prepare with no combined actions at either time is Drop 0.
    expect(resolveWith("turn", { name: "Ines", rolled: ["lunge"], atTrigger: [] }, []).result).toEqual({ drop: 0, capCount: 0, areas: 0 });
  });

  it("seed 000 §Assist example through the assist action: 2D8 specialty, 1D8 competency or 1D6, and the 2D8 is suggested", () => {
    const outcome = resolveWith("assist", { helper: { name: "Luc", attribute: 8, ranks: 2, competency: 8 } }, []);
    expect(outcome.steps).toEqual([{ rule: "assist-options", specialty: [8, 8], competency: [8], default: [6] }]);
    expect(outcome.result).toMatchObject({ options: { specialty: [8, 8], competency: [8], default: [6] }, suggested: [8, 8] });
    expect(outcome.dice).toEqual([]);
    expect(outcome.effects).toEqual([]);
  });

  it("seed 000 §Reprise Attack: a request that does not say the attack failed cannot buy a Reprise", () => {
    expect(() => resolveWith("spend-initiative", { name: "Ines", specialty: "timing", initiativePoints: 3, spend: "reprise" }, [])).toThrow(/repeats a failed attack only/);
    expect(() => resolveWith("spend-initiative", { name: "Ines", specialty: "timing", initiativePoints: 3, spend: "reprise", attackFailed: false }, [])).toThrow(/failed attack only/);
    const outcome = resolveWith("spend-initiative", { name: "Ines", specialty: "timing", initiativePoints: 3, spend: "reprise", attackFailed: true }, []);
    expect(outcome.steps).toEqual([{ rule: "initiative-spend", spend: "reprise", specialty: "timing", cost: 1 }]);
    expect(outcome.result).toEqual({ spent: "reprise", cost: 1, initiativePoints: 2, usedThisRound: ["reprise"] });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { initiativePoints: { from: 3, to: 2 } } }]);
  });

  it("a failed skill roll voids the purchases the request named, and says so", () => {
    // d8 + d8 show 2 and 1 (total 3) against Easy 3d6 showing 4, 2, 1 (total 6).
    const outcome = resolveWith("skill", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "deceive", opposition: "easy", spend: ["gain-style"] }, [2, 1, 4, 2, 1]);
    expect(outcome.result).toMatchObject({ success: false });
    expect(outcome.steps).toContainEqual({ rule: "spend-void", reason: "the roll failed" });
    expect(changesOf(outcome, "Ines")).toEqual({});
    const unasked = resolveWith("skill", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "deceive", opposition: "easy", spend: [] }, [2, 1, 4, 2, 1]);
    expect(unasked.steps.some((step) => step.rule === "spend-void")).toBe(false);
    const silent = resolveWith("skill", { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "deceive", opposition: "easy" }, [2, 1, 4, 2, 1]);
    expect(silent.steps.some((step) => step.rule === "spend-void")).toBe(false);
    expect(silent.awaiting).toBeUndefined();
  });

  it("a skill's target shows only the statuses the roll gave her: a new Yielded Out, not a Dying she already had", () => {
    // Very Easy: d8 + d8 show 4 and 2, 2 SP, both on Yield.
    const request = { actor: { name: "Ines", attribute: 8, competency: 8 }, skill: "intimidate", opposition: "very-easy", spend: ["inflict-yield"] };
    const fresh = resolveWith("skill", { ...request, target: { name: "Bravo", type: "minor", yieldLimit: 1 } }, [4, 2]);
    expect(statusesOf(fresh, "Bravo")).toEqual(["yielded-out"]);
    // A Stock NPC is Dying at 2 Wounds; her Yield is raised, but Dying is not news.
    const dying = resolveWith("skill", { ...request, target: { name: "Guard", type: "stock", wounds: 2, yieldLimit: 5 } }, [4, 2]);
    expect(changesOf(dying, "Guard").yield).toEqual({ from: 0, to: 1 });
    expect(statusesOf(dying, "Guard")).toEqual([]);
  });

  it("seed 000 §Attack: the winner of the opposed roll is offered her skill's table, each entry with its cost and whether it can be bought again", () => {
    // Lunge d8 + d8 show 8 and 6 (14, 6 SP); Parry d6 + d6 show 1 and 1: the Parry failed, so Break Weapon is on offer.
    const outcome = resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: guard }, [8, 6, 1, 1]);
    expect(outcome.awaiting).toEqual(
      awaitingSpend("spend", "attacker", 6, [
        entry("inflict-yield", "Inflict 1 Yield", 1, true),
        entry("increase-advantage", "Increase Advantage", 2, true),
        entry("gain-style", "Gain 1 Style Point", 3, true),
        entry("inflict-wound", "Inflict 1 Wound", 4, true),
        entry("break-weapon", "Break Weapon", 5, false),
      ]),
    );
  });

  it("when the defence wins, the defender is offered her Defense's table and spends her own SP", () => {
    // Lunge d8 + d8 show 2 and 1 (3, 1 SP); Dodge d6 + d6 show 6 and 5 (11, 5 SP).
    const outcome = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: ines, defender: guard }, [2, 1, 6, 5]);
    expect(outcome.awaiting).toEqual(
      awaitingSpend("spend", "defender", 5, [
        entry("negate", "Negate Attack", 1, false),
        entry("increase-advantage", "Increase Advantage", 2, true),
        entry("gain-style", "Gain 1 Style Point", 3, true),
        entry("reduce-yield", "Reduce Yield Taken", 4, true),
        entry("free-move", "Free Move", 5, false),
      ]),
    );
  });

  it("an attack explains itself in order: each side's pool, its Drop, the dice kept, then who won the opposed roll", () => {
    const outcome = resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: guard }, [8, 6, 1, 1]);
    expect(stepNames(outcome)).toEqual([
      "pool (attack pool)",
      "drop-total (attack pool)",
      "drop (attack pool)",
      "keep-two (attack pool)",
      "pool (defence pool)",
      "drop-total (defence pool)",
      "drop (defence pool)",
      "keep-two (defence pool)",
      "opposed",
    ]);
    expect(outcome.steps[0]).toEqual({ rule: "pool", roll: "attack pool", skill: "lunge", dice: ["attribute:d8", "competency:d8"] });
    expect(outcome.steps.at(-1)).toEqual({ rule: "opposed", attackerTotal: 14, defenderTotal: 2, winner: "attacker", tieGoesTo: "defender" });
    expect(outcome.result).toEqual({ winner: "attacker", attacker: { total: 14, successPoints: 6 }, defender: { total: 2, successPoints: 1 } });
  });

  it("an attack's effects show only the statuses it gave: hitting a PC already fighting on past her Yield Limit does not mark her again", () => {
    // Pat (PC, competency d6: Yield Limit 9) is at 9 Yield; Lunge d8 + d8 show 8 and 6 (14, 6 SP), her Parry d6 + d6 show 1 and 1.
    const pat = { name: "Pat", attribute: 6, competency: 6, yield: 9 };
    const outcome = resolveWith("attack", { attack: "lunge", defence: "parry", attacker: ines, defender: pat, spend: ["inflict-yield"] }, [8, 6, 1, 1]);
    expect(outcome.effects).toEqual([
      { participant: "Ines", changes: {} },
      { participant: "Pat", changes: { yield: { from: 9, to: 10 } } },
    ]);
  });

  describe("a defence that wins without a Negate lets the attack land (RULINGS.md cavaliers: the landing spend)", () => {
    // Lunge d8 + d8 show 5 and 4 (9, 4 SP); Block d6 + d6 + d8 armour show 6, 4, 3 (10, 4 SP).
    const request = { attack: "lunge", defence: "block", attacker: ines, defender: { ...guard, item: 8 } };
    const faces = [5, 4, 6, 4, 3];

    it("the attacker is then asked how to spend her own SP on her own table", () => {
      const outcome = resolveWith("attack", { ...request, spend: ["reduce-yield", "reduce-yield"] }, faces);
      expect(outcome.awaiting).toEqual(
        awaitingSpend("landingSpend", "attacker", 4, [
          entry("inflict-yield", "Inflict 1 Yield", 1, true),
          entry("increase-advantage", "Increase Advantage", 2, true),
          entry("gain-style", "Gain 1 Style Point", 3, true),
          entry("inflict-wound", "Inflict 1 Wound", 4, true),
        ]),
      );
    });

    it("a Negate among the defender's purchases stops the attack: nothing is asked of the attacker", () => {
      const outcome = resolveWith("attack", { ...request, spend: ["negate", "gain-style"] }, faces);
      expect(outcome.awaiting).toBeUndefined();
      expect(outcome.result).toMatchObject({ winner: "defender", landed: false, negated: true });
    });

    it("an attacker with no SP has nothing to spend: the attack lands at once", () => {
      // Without keepOneDie, Drop 2 empties her two-die pool: total 0, 0 SP.
      const outcome = resolveWith("attack", { ...request, attacker: { ...ines, drop: 2 }, spend: ["gain-style"], options: { keepOneDie: false } }, [6, 4, 3]);
      expect(outcome.awaiting).toBeUndefined();
      expect(outcome.result).toMatchObject({ winner: "defender", landed: true, negated: false, attacker: { total: 0, successPoints: 0 } });
      expect(changesOf(outcome, "Guard")).toEqual({ style: { from: 0, to: 1 } });
    });

    it("both sides' purchases are listed, each entry with its times and its cost (cost × times)", () => {
      const outcome = resolveWith("attack", { ...request, spend: ["reduce-yield", "reduce-yield"], landingSpend: ["inflict-yield", "inflict-yield", "inflict-yield", "inflict-yield"] }, faces);
      expect(outcome.steps.filter((step) => step.rule === "spend")).toEqual([
        { rule: "spend", by: "attacker", bought: [{ entry: "inflict-yield", times: 4, cost: 4 }], cost: 4, available: 4, lost: 0 },
        { rule: "spend", by: "defender", bought: [{ entry: "reduce-yield", times: 2, cost: 4 }], cost: 4, available: 4, lost: 0 },
      ]);
    });
  });

  describe("seed 000 §Use a Skill: a skill in combat against Standard Opposition, spending on the Non-Combat Skills table", () => {
    it("the roll, the Standard Opposition's three dice and who beat whom are each shown; a tie would go to the opposition", () => {
      // Deceive d8 + d8 show 8 and 7 (15, 7 SP); Moderate 3d8 show 5, 3, 1 (8).
      const outcome = resolveWith("skill", { actor: ines, skill: "deceive", opposition: "moderate" }, [8, 7, 5, 3, 1]);
      expect(outcome.dice.map((die) => `${die.label} d${die.sides}:${die.face}`)).toEqual(["skill pool d8:8", "skill pool d8:7", "opposition d8:5", "opposition d8:3", "opposition d8:1"]);
      expect(stepNames(outcome)).toEqual([
        "pool (skill pool)",
        "drop-total (skill pool)",
        "drop (skill pool)",
        "keep-two (skill pool)",
        "drop (opposition)",
        "keep-two (opposition)",
        "opposition",
      ]);
      expect(outcome.steps.at(-1)).toEqual({ rule: "opposition", level: "moderate", rollerTotal: 15, oppositionTotal: 8, success: true, tieGoesTo: "opposition" });
    });

    it("Very Easy rolls no opposition and says the success is automatic", () => {
      const outcome = resolveWith("skill", { actor: ines, skill: "deceive", opposition: "very-easy" }, [8, 7]);
      expect(outcome.steps.at(-1)).toEqual({ rule: "opposition", level: "very-easy", automatic: true });
      expect(outcome.result).toEqual({ success: true, total: 15, successPoints: 7, oppositionTotal: null });
    });

    it("Reduce Yield Taken is offered only while she has Yield to reduce: buying it with none would be refused at Apply (seed 000 §Use a Skill)", () => {
      const offered = (yieldTaken: number) =>
        (resolveWith("skill", { actor: { ...ines, yield: yieldTaken }, skill: "deceive", opposition: "very-easy" }, [8, 7]).awaiting?.offer as { entries: Array<{ id: string }> }).entries.map((entry) => entry.id);
      expect(offered(0)).not.toContain("reduce-yield");
      expect(offered(1)).toContain("reduce-yield");
      expect(() => resolveWith("skill", { actor: ines, skill: "deceive", opposition: "very-easy", spend: ["reduce-yield"] }, [8, 7])).toThrow(/Ines has no Yield left to reduce/);
    });

    it("without a target, nothing that lands on an opponent is offered; with one, the whole table is", () => {
      const alone = resolveWith("skill", { actor: { ...ines, yield: 2 }, skill: "deceive", opposition: "very-easy" }, [8, 7]);
      expect(alone.awaiting).toEqual(
        awaitingSpend("spend", "actor", 7, [
          entry("reduce-yield", "Reduce Yield Taken", 3, true),
          entry("increase-advantage", "Increase Advantage", 3, true),
          entry("gain-style", "Gain 1 Style Point", 3, true),
        ]),
      );
      const targeted = resolveWith("skill", { actor: { ...ines, yield: 2 }, skill: "deceive", opposition: "very-easy", target: { name: "Bravo" } }, [8, 7]);
      expect((targeted.awaiting?.offer as { entries: Array<{ id: string; cost: number }> }).entries.map((entry) => `${entry.id} ${entry.cost}`)).toEqual([
        "inflict-yield 2",
        "reduce-yield 3",
        "increase-advantage 3",
        "gain-style 3",
        "inflict-wound 5",
      ]);
    });

    it("seed 000 §Actions Before Combat: a roll before the fight is offered Advantage only, target or not, at its own table's price", () => {
      const outcome = resolveWith("skill", { actor: ines, skill: "prowl", opposition: "very-easy", beforeCombat: true, target: { name: "Bravo" } }, [8, 7]);
      expect(outcome.awaiting?.offer).toEqual({ sp: 7, entries: [entry("increase-advantage", "Increase Advantage", 2, true)] });
      const deceive = resolveWith("skill", { actor: ines, skill: "deceive", opposition: "very-easy", beforeCombat: true, target: { name: "Bravo" } }, [8, 7]);
      expect(deceive.awaiting?.offer).toEqual({ sp: 7, entries: [entry("increase-advantage", "Increase Advantage", 3, true)] });
    });

    it("the purchases are listed with what they cost, what the roll earned and what was lost", () => {
      const outcome = resolveWith("skill", { actor: ines, skill: "deceive", opposition: "very-easy", spend: ["increase-advantage", "increase-advantage"] }, [8, 7]);
      expect(outcome.steps.at(-1)).toEqual({ rule: "spend", by: "actor", bought: [{ entry: "increase-advantage", times: 2 }], cost: 6, available: 7, lost: 1 });
      expect(outcome.effects).toEqual([{ participant: "Ines", changes: { advantage: { from: 0, to: 8 } } }]);
    });
  });

  describe("seed 000 §Flourish: a roll against Easy (3D6) whose SP buy only Style, up to the maximum of three", () => {
    it("the offer is as many Style Points as the SP buy and the maximum leaves room for: 8 SP with 2 Style already is 1", () => {
      // Dodge d8 + d8 show 8 and 8 (16, 8 SP); Easy 3d6 show 5, 4, 1 (9).
      const outcome = resolveWith("flourish", { actor: { ...ines, style: 2 }, skill: "dodge" }, [8, 8, 5, 4, 1]);
      expect(outcome.awaiting).toEqual({
        choice: "style",
        by: "actor",
        offer: { sp: 8, entries: [entry("gain-style", "Gain 1 Style Point", 3, true)], most: 1 },
      });
      expect(outcome.result).toEqual({ success: true, total: 16, successPoints: 8, oppositionTotal: 9 });
      expect(outcome.dice.map((die) => die.label)).toEqual(["flourish pool", "flourish pool", "opposition", "opposition", "opposition"]);
      expect(stepNames(outcome)).toEqual([
        "pool (flourish pool)",
        "drop-total (flourish pool)",
        "drop (flourish pool)",
        "keep-two (flourish pool)",
        "drop (opposition)",
        "keep-two (opposition)",
        "opposition",
      ]);
    });

    it("a failed Flourish (a tie with the opposition) asks nothing and buys no Style, even when Style was asked for", () => {
      // Dodge d8 + d8 show 5 and 4 (9); Easy 3d6 show 5, 4, 1 (9): a tie fails.
      const asked = resolveWith("flourish", { actor: ines, skill: "dodge" }, [5, 4, 5, 4, 1]);
      expect(asked.awaiting).toBeUndefined();
      expect(asked.result).toEqual({ success: false, total: 9, successPoints: 4, oppositionTotal: 9, styleBought: 0 });
      const wanted = resolveWith("flourish", { actor: ines, skill: "dodge", style: 1 }, [5, 4, 5, 4, 1]);
      expect(wanted.result).toMatchObject({ success: false, styleBought: 0 });
      expect(wanted.effects).toEqual([{ participant: "Ines", changes: {} }]);
      expect(wanted.steps.some((step) => step.rule === "spend")).toBe(false);
    });

    it("the Style bought is listed with its cost and the SP lost", () => {
      const outcome = resolveWith("flourish", { actor: ines, skill: "dodge", style: 1 }, [7, 7, 5, 4, 1]);
      expect(outcome.steps.at(-1)).toEqual({ rule: "spend", by: "actor", bought: [{ entry: "gain-style", times: 1 }], cost: 3, available: 7, lost: 4 });
    });
  });

  it("by default a PC's Yield Limit is 3 plus her competency die: 3 Yield leave a PC with a d8 competency fighting, 11 put her at her limit", () => {
    // Lunge d8 + d8 show 8 and 8 (16, 8 SP) against Dodge d8 + d8 showing 1 and 1.
    const attacker = { name: "Bravo", type: "major", attribute: 8, competency: 8 };
    const three = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker, defender: ines, spend: ["inflict-yield", "inflict-yield", "inflict-yield"] }, [8, 8, 1, 1]);
    expect(changesOf(three, "Ines").yield).toEqual({ from: 0, to: 3 });
    expect(statusesOf(three, "Ines")).toEqual([]);
    const limit = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker, defender: { ...ines, yield: 3 }, spend: Array.from({ length: 8 }, () => "inflict-yield") }, [8, 8, 1, 1]);
    expect(statusesOf(limit, "Ines")).toEqual(["yielded-out-fights-on"]);
  });

  it("seed 000 §Combined Actions (RULINGS: the cap holds for the round): an attack carries at most Drop 4 of combined actions", () => {
    // Reload (Musket) is Drop 3 and Move Drop 1: Drop 4 on a Lunge with ranks 3 (five dice) leaves one d8 showing 6.
    const outcome = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, ranks: 3, combined: ["reload-musket", "move"] }, defender: guard }, [6, 1, 1]);
    expect(outcome.steps.find((step) => step.rule === "drop-total")).toMatchObject({ combined: 4, drop: 4 });
    expect(outcome.result).toMatchObject({ attacker: { total: 6, successPoints: 1 } });
    expect(() => resolveWith("attack", { attack: "lunge", attacker: { ...ines, ranks: 3, combined: ["reload-musket", "run"] } }, [])).toThrow(/capped at Drop 4 in a round; this turn comes to Drop 5/);
    expect(() => resolveWith("turn", { name: "Ines", combined: ["reload-musket", "run"] }, [])).toThrow(/capped at Drop 4/);
  });

  it("seed 000 §Using Advantage: rolling the Advantage die is shown with the die it steps down to; a roll without it shows no such step", () => {
    const used = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, advantage: 10, useAdvantage: true }, defender: guard }, [6, 3, 9, 1, 1]);
    expect(used.steps.filter((step) => step.rule === "advantage-used")).toEqual([{ rule: "advantage-used", roll: "attack pool", from: 10, to: 8 }]);
    // Declared and not yet rolled, the die has not been used: it steps down only once the pools roll.
    expect(resolveWith("attack", { attack: "lunge", attacker: { ...ines, advantage: 10, useAdvantage: true } }, []).steps.filter((step) => step.rule === "advantage-used")).toEqual([]);
    const held = resolveWith("attack", { attack: "lunge", defence: "dodge", attacker: { ...ines, advantage: 10 }, defender: guard }, [6, 3, 1, 1]);
    expect(held.steps.filter((step) => step.rule === "advantage-used")).toEqual([]);
  });

  it("seed 000 §Rolling Initiative through the initiative action: places from 1, each roll's SP become its IP, roll-offs shown only where there were any", () => {
    // Ines d8 + d8 show 6 and 4 (10, 4 SP); Luc's lone d6 shows 5 (5, 1 SP).
    const outcome = resolveWith("initiative", { combatants: [{ name: "Ines", specialty: "impulse", attribute: 8, competency: 8 }, { name: "Luc", specialty: "timing", attribute: 6, competent: false }] }, [6, 4, 5]);
    expect(outcome.result).toEqual({
      order: [
        { place: 1, name: "Ines", members: ["Ines"], total: 10, successPoints: 4, initiativePoints: 4, specialty: "impulse", costs: { seize: 1, interpose: 2, reprise: 3 } },
        { place: 2, name: "Luc", members: ["Luc"], total: 5, successPoints: 1, initiativePoints: 1, specialty: "timing", costs: { seize: 2, interpose: 3, reprise: 1 } },
      ],
    });
    expect(outcome.effects).toEqual([
      { participant: "Ines", changes: { initiativePoints: { from: 0, to: 4 } } },
      { participant: "Luc", changes: { initiativePoints: { from: 0, to: 1 } } },
    ]);
    expect(stepNames(outcome)).toEqual([
      "drop (initiative: Ines)",
      "keep-two (initiative: Ines)",
      "drop (initiative: Luc)",
      "keep-two (initiative: Luc)",
      "initiative-order",
    ]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "initiative-order", by: ["total", "successPoints", "d10 roll-off"], order: ["Ines", "Luc"] });
    expect(outcome.dice.map((die) => die.label)).toEqual(["initiative: Ines", "initiative: Ines", "initiative: Luc"]);
  });

  it("seed 000 §Focus through the focus action: a move with it is Drop 1, a better roll moves her and its SP are added to her IP", () => {
    // d8 + d8 with Drop 1 leave one d8 showing 7: 7, 1 SP, better than her 5.
    const outcome = resolveWith("focus", { roller: { name: "Ines", specialty: "impulse", attribute: 8, competency: 8, combined: ["move"] }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [7]);
    expect(outcome.result).toEqual({ rolled: { total: 7, successPoints: 1 }, position: { total: 7, successPoints: 1 }, moved: true, initiativePoints: 2 });
    expect(outcome.steps.map((step) => step.rule)).toEqual(["drop", "keep-two", "focus"]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "focus", from: 5, rolled: 7, position: 7, ipAdded: 1 });
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { position: { from: 5, to: 7 }, initiativePoints: { from: 1, to: 2 } } }]);
  });

  it("a Focus takes its combined actions' Drop and any situational Drop together, its combined actions capped at Drop 4", () => {
    // Ranks 2: four d8. Move (Drop 1) + situational Drop 1 leave two dice, showing 6 and 2.
    const both = resolveWith("focus", { roller: { name: "Ines", specialty: "impulse", attribute: 8, competency: 8, ranks: 2, combined: ["move"], drop: 1 }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [6, 2]);
    expect(both.dice).toHaveLength(2);
    expect(both.result).toMatchObject({ rolled: { total: 8, successPoints: 2 } });
    const heavy = resolveWith("focus", { roller: { name: "Ines", specialty: "impulse", attribute: 8, competency: 8, combined: ["reload-musket", "move"] }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [3]);
    expect(heavy.result).toMatchObject({ rolled: { total: 3, successPoints: 1 }, moved: false, initiativePoints: 2 });
    expect(() => resolveWith("focus", { roller: { name: "Ines", specialty: "impulse", attribute: 8, competency: 8, combined: ["reload-musket", "run"] }, current: { total: 5, successPoints: 1, initiativePoints: 1 } }, [3])).toThrow(/capped at Drop 4/);
  });

  describe("seed 000 §Dying and Death: the Survival Roll, Verve + Competency Die against Moderate (3D8)", () => {
    it("a survivor is shown her roll and offered the Survival table, with the usual pick suggested", () => {
      // Verve d8 + d8 show 8 and 4 (12, 4 SP); 3d8 show 2, 2, 1 (4).
      const outcome = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4 }, [8, 4, 2, 2, 1]);
      expect(outcome.result).toEqual({ survived: true, total: 12, successPoints: 4, oppositionTotal: 4 });
      expect(outcome.awaiting).toEqual({
        choice: "spend",
        by: "actor",
        offer: {
          sp: 4,
          entries: [
            entry("survive-8-hours", "Survive for 8 Hours", 1, true),
            entry("regain-consciousness", "Regain Consciousness", 2, false),
            entry("heal-wound", "Heal 1 Wound", 4, true),
          ],
          suggested: ["heal-wound"],
        },
      });
      expect(outcome.dice.map((die) => die.label)).toEqual(["survival pool", "survival pool", "opposition", "opposition", "opposition"]);
      expect(stepNames(outcome)).toEqual(["drop (survival pool)", "keep-two (survival pool)", "drop (opposition)", "keep-two (opposition)", "opposition"]);
    });

    it("the purchases are listed with their cost; waking up leaves her Dying, and conscious", () => {
      const outcome = resolveWith("survival", { name: "Ines", verve: 8, competency: 8, wounds: 4, spend: ["regain-consciousness", "survive-8-hours"] }, [8, 3, 2, 2, 1]);
      expect(outcome.steps.at(-1)).toEqual({ rule: "spend", by: "Ines", bought: [{ entry: "regain-consciousness", times: 1 }, { entry: "survive-8-hours", times: 1 }], cost: 3, available: 3, lost: 0 });
      expect(outcome.effects).toEqual([{ participant: "Ines", changes: {}, statuses: ["dying", "conscious"] }]);
    });
  });

  it("seed 000 §Healing Wounds through the rest action: four days of bed rest take 3 Wounds to 1", () => {
    const outcome = resolveWith("rest", { name: "Ines", wounds: 3, days: 4 }, []);
    expect(outcome.steps).toEqual([{ rule: "rest", days: 4, from: 3, to: 1 }]);
    expect(outcome.effects).toEqual([{ participant: "Ines", changes: { wounds: { from: 3, to: 1 } } }]);
    expect(outcome.dice).toEqual([]);
  });

  it("a late joiner's place is shown, from the next round, and her roll's SP become her IP (RULINGS.md, cavaliers Initiative)", () => {
    const outcome = resolveWith("join", { order: [{ name: "Ines", total: 12, successPoints: 5 }], joiner: { name: "Margot", specialty: "timing", attribute: 8, competency: 8 } }, [6, 4]);
    expect(outcome.steps.map((step) => step.rule)).toEqual(["drop", "keep-two", "late-joiner"]);
    expect(outcome.steps.at(-1)).toEqual({ rule: "late-joiner", place: 2, fromNextRound: true });
    expect(outcome.effects).toEqual([{ participant: "Margot", changes: { initiativePoints: { from: 0, to: 4 } } }]);
    expect(outcome.result).toMatchObject({ joiner: { name: "Margot", members: ["Margot"] }, place: 2, fromNextRound: true, nextRoundOrder: ["Ines", "Margot"] });
  });

  it("seed 000 §Attack: an Aim's range step shows the areas away, the band, and the weapon's and the cover's Drop", () => {
    // A flintlock pistol at 3 areas (Medium, Drop 2) into cover 1: Drop 3 on a d8 + d8 + two ranks leaves one die.
    const outcome = resolveWith("attack", { attack: "aim", attacker: { ...ines, ranks: 2 }, range: 3, weapon: "flintlock-pistol", cover: 1 }, [5]);
    expect(outcome.steps.find((step) => step.rule === "range")).toEqual({ rule: "range", range: 3, band: "medium", rangeDrop: 2, coverDrop: 1 });
    const close = resolveWith("attack", { attack: "aim", attacker: ines }, [5, 2]);
    expect(close.steps.find((step) => step.rule === "range")).toEqual({ rule: "range", range: 0, band: "close", rangeDrop: 0, coverDrop: 0 });
  });
});

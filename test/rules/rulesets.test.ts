import { describe, expect, it } from "vitest";

// Each ruleset is imported inside its tests, not at the top of the file: a house option or a name that
// stops the module from loading then fails these tests by name. (A test file whose top-level import
// throws collects no tests, and the mutation runner reads that as nothing failing.) Cavaliers has the
// same tests in test/rules/cavaliers/ruleset.test.ts.
const rules = {
  drama: async () => (await import("../../src/rules/drama/index.js")).dramaRules,
  unhex: async () => (await import("../../src/rules/unhex/index.js")).unhexRules,
  personal: async () => (await import("../../src/rules/personal/index.js")).personalRules,
  torchlight: async () => (await import("../../src/rules/torchlight/index.js")).torchlightRules,
};
const summary = expect.any(String);

describe("Drama in History as a ruleset", () => {
  it("names its game and offers the combat chapter's melee, fighting several opponents (one fighter splitting, or several in a skirmish), ranged combat, courage and Momentum", async () => {
    const drama = await rules.drama();
    expect(drama).toMatchObject({ id: "drama", game: "Drama in History" });
    expect(Object.keys(drama.actions)).toEqual(["melee", "multiple", "skirmish", "ranged", "courage", "momentum"]);
  });

  it("house options: a loser's critical still wounds, a marginal draw goes to Momentum, serious wounds do not bleed, and a Shield Bash deals 1, 1, 2 and 3 Grit by shield", async () => {
    expect((await rules.drama()).options).toEqual({
      loserCriticalLimitedDamage: { kind: "boolean", default: true, summary },
      marginalDraw: { kind: "boolean", default: true, summary },
      seriousWoundsBleed: { kind: "boolean", default: false, summary },
      shieldBashGritImprovised: { kind: "integer", default: 1, min: 0, max: 6, summary },
      shieldBashGritBuckler: { kind: "integer", default: 1, min: 0, max: 6, summary },
      shieldBashGritMedium: { kind: "integer", default: 2, min: 0, max: 6, summary },
      shieldBashGritLarge: { kind: "integer", default: 3, min: 0, max: 6, summary },
    });
  });
});

describe("Unhex as a ruleset", () => {
  it("names its game and offers checks, opposed rolls, team initiative, attacks, moves, doors and range", async () => {
    const unhex = await rules.unhex();
    expect(unhex).toMatchObject({ id: "unhex", game: "Unhex" });
    expect(Object.keys(unhex.actions)).toEqual(["check", "opposed", "initiative", "attack", "move", "door", "range", "items", "combat-end"]);
  });

  it("house options: five wound boxes a row (one to ten) and unconscious at level 0 (zero to nine)", async () => {
    expect((await rules.unhex()).options).toEqual({
      boxesPerRow: { kind: "integer", default: 5, min: 1, max: 10, summary },
      unconsciousLevel: { kind: "integer", default: 0, min: 0, max: 9, summary },
    });
  });
});

describe("Personal Combat as a ruleset", () => {
  it("names its game and offers initiative, Delay, a turn, attacks, Fallen Fates and Rest", async () => {
    const personal = await rules.personal();
    expect(personal).toMatchObject({ id: "personal", game: "Personal Combat" });
    expect(Object.keys(personal.actions)).toEqual(["initiative", "delay", "turn", "attack", "fate", "rest"]);
  });

  it("house options: a d6 for a PC's Initiative, Gain Momentum holds three actions and no second Action, Piercing leaves Armor whole, significant NPCs take Fallen Fates, minor NPCs fall at 0", async () => {
    expect((await rules.personal()).options).toEqual({
      initiativeDie: { kind: "integer", default: 6, min: 2, max: 20, summary },
      gainMomentumCap: { kind: "integer", default: 3, min: 2, max: 6, summary },
      gainMomentumExtraAction: { kind: "boolean", default: false, summary },
      piercingHalvesArmor: { kind: "boolean", default: false, summary },
      significantNpcFates: { kind: "boolean", default: true, summary },
      minorNpcsWounded: { kind: "boolean", default: false, summary },
    });
  });

  it("the GM's lists start as the game's own: its four zones, five actions and Fallen Fates", async () => {
    const { DEFAULT_LISTS, ZONES, ACTIONS, FALLEN_FATES } = await import("../../src/rules/personal/lists.js");
    expect(DEFAULT_LISTS).toStrictEqual({ zones: ZONES, actions: ACTIONS, fates: FALLEN_FATES });
    expect(DEFAULT_LISTS.zones).toEqual(["Engaged", "Near", "Far", "Distant"]);
  });
});

describe("Beyond the Torchlight as a ruleset", () => {
  it("names its game and offers the combat chapter's actions, the round and the dying saves", async () => {
    const torchlight = await rules.torchlight();
    expect(torchlight).toMatchObject({ id: "torchlight", game: "Beyond the Torchlight" });
    expect(Object.keys(torchlight.actions)).toEqual(["initiative", "attack", "maneuver", "ability", "round", "check", "save", "dying", "recover", "engagement", "place", "move", "retreat", "grapple-hold"]);
  });

  it("duels fighters of its own shape with its own duel", async () => {
    const torchlight = await rules.torchlight();
    const { FighterSchema, fightDuel } = await import("../../src/rules/torchlight/duel.js");
    expect(torchlight.duel).toStrictEqual({ fighter: FighterSchema, fight: fightDuel });
  });

  it("house options: an Enhancement rolls the die twice, Protect Companion rounds down, diagonals are adjacent, one combatant a cell, hits meet Breath in the order dealt", async () => {
    expect((await rules.torchlight()).options).toEqual({
      enhancedAddsD4: { kind: "boolean", default: false, summary },
      protectRounding: { kind: "choice", default: "down", choices: ["down", "up"], summary },
      diagonalAdjacency: { kind: "boolean", default: true, summary },
      cellCapacity: { kind: "integer", default: 1, min: 1, max: 6, summary },
      breathOrder: { kind: "choice", default: "dealt", choices: ["dealt", "owner"], summary },
    });
  });
});

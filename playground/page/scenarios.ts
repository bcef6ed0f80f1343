/**
 * The ready scene of each ruleset: two player characters (one for each player, written here the way
 * a player fills in her sheet), their foes from the system's compendium packs (the pack's own
 * documents, as a GM imports them), a scene with everyone's token, and a combat of them in the
 * tracker. The Queen's Cavaliers plays in an inn yard of four Areas written here, Unhex in the packs'
 * Nightclub (the GM has made the line from the entrance to the alley a shut door); Beyond the
 * Torchlight opens its Combat Grid.
 */
export const RULESETS = ["cavaliers", "drama", "unhex", "personal", "torchlight"] as const;
export type RulesetId = (typeof RULESETS)[number];

export const RULESET_NAMES: Record<RulesetId, string> = {
  cavaliers: "The Queen's Cavaliers",
  drama: "Drama in History",
  unhex: "Unhex",
  personal: "Personal Combat",
  torchlight: "Beyond the Torchlight",
};

/** A player character, written in full, or taken from a pack by name. */
export type Character = { data: Record<string, unknown> } | { pack: string; name: string };

export interface Scenario {
  /** What the scene is, one line for the page. */
  title: string;
  /** Ada's character, then Bob's. */
  characters: [Character, Character];
  /** The foes: a pack and a document name each. */
  foes: { pack: string; name: string }[];
  /**
   * A scene from a pack or written here (its Areas drawn as Regions), with each fighter's Area, and
   * the lines the GM made shut doors (listed on both Areas); else a plain room.
   */
  scene?: ({ pack: string; name: string } | { data: Record<string, unknown> }) & { areas: string[]; doors?: [string, string][] };
  /** Beyond the Torchlight's Combat Grid opens with the scene. */
  combatGrid?: boolean;
  /** A first round, step by step, for someone who has read nothing: who plays, which button, where (the Help shows it). */
  firstRound: string[];
}

const cavaliersSpecialty = (name: string, action: string, ranks: number, skill: string, attribute = "verve") => ({ name, type: "cavaliersSpecialty", system: { skill, attribute, ranks, action } });
/** An Area drawn as a rectangular Region with its Area behaviour, as the GM draws one (docs/play/areas.md). */
const area = (id: string, name: string, color: string, [x, y, width, height]: [number, number, number, number], to: string[]) => ({
  name,
  color,
  shapes: [{ type: "rectangle", x, y, width, height, rotation: 0, hole: false }],
  behaviors: [{ name, type: "area", system: { areaId: id, name, connections: to.map((other) => ({ to: other, kind: "two-way", open: false, transparent: false, cover: 0 })) }, disabled: false }],
});

/** The inn yard: the stable and the taproom open on the yard, the street on the yard's gate; a Run from the stable reaches the taproom. */
const INN_YARD = {
  name: "The inn yard",
  width: 2400,
  height: 1600,
  grid: { type: 1, size: 100, distance: 5, units: "ft" },
  regions: [
    area("yard", "Yard", "#b7950b", [700, 400, 1000, 800], ["stable", "taproom", "street"]),
    area("stable", "Stable", "#7d6608", [100, 400, 500, 800], []),
    area("taproom", "Taproom", "#a04000", [1800, 400, 500, 800], []),
    area("street", "Street", "#5d6d7e", [700, 100, 1000, 200], []),
  ],
};

const personalWeapon = (name: string, attack: string, damage: string, piercing = false) => ({ name, type: "personalWeapon", system: { attack, damage, damageType: "physical", piercing } });

export const SCENARIOS: Record<RulesetId, Scenario> = {
  cavaliers: {
    title: "A duel in the inn yard: Ines and Aurore against a hired bravo and a watch conscript",
    firstRound: [
      "As the <b>Gamemaster</b>, on <b>Combat</b>: <b>Roll all</b> (each prompt asks the fighter's specialty), then <b>Begin</b>.",
      "As <b>Ada</b>: click the Hired Bravo's token to target him, open Ines from <b>Actors</b>, press <b>Attack</b> and roll.",
      "The card in <b>Chat</b> waits on each side in turn: as the <b>Gamemaster</b> pick the Bravo's defence, as <b>Ada</b> spend Ines's Success Points. It applies itself.",
      "Drag a token into the next Area to Move (two Areas is a Run); a row's buttons spend Initiative Points (Seize, Focus, Interpose).",
      "Each player ends her turn with <b>End Turn</b>, the Gamemaster the foes' with <b>Next Turn</b>.",
    ],
    characters: [
      {
        data: {
          name: "Ines",
          type: "cavaliersCharacter",
          system: { attributes: { verve: 8, affinity: 6, guile: 6 }, competency: 8, advantage: 4 },
          items: [cavaliersSpecialty("Lunge", "lunge", 2, "Dueling"), cavaliersSpecialty("Parry", "parry", 1, "Defense"), { name: "Rapier", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } }],
        },
      },
      {
        data: {
          name: "Aurore de Vaux",
          type: "cavaliersCharacter",
          system: { attributes: { verve: 10, affinity: 8, guile: 6 }, competency: 8, advantage: 6 },
          items: [
            cavaliersSpecialty("Lunge", "lunge", 2, "Dueling"),
            cavaliersSpecialty("Feint", "feint", 1, "Dueling"),
            cavaliersSpecialty("Parry", "parry", 2, "Defense"),
            { name: "Sabre", type: "cavaliersWeapon", system: { itemDie: 8, specialty: "lunge", melee: true } },
            { name: "Buckler", type: "cavaliersArmour", system: { itemDie: 6, kind: "shield" } },
          ],
        },
      },
    ],
    foes: [
      { pack: "cavaliers-npcs", name: "Hired Bravo" },
      { pack: "cavaliers-npcs", name: "Watch Conscript" },
    ],
    // Ines and the bravo cross blades in the yard; Aurore comes from the stable, the conscript from the taproom.
    scene: { data: INN_YARD, areas: ["yard", "stable", "yard", "taproom"] },
  },
  drama: {
    title: "At the ford: Ines and Berold against a fyrd levy and a man-at-arms",
    firstRound: [
      "As the <b>Gamemaster</b>, on <b>Combat</b>: <b>Roll all</b>, then <b>Begin</b>.",
      "Each fighter declares a stance from her row with <b>Declare stance</b>, in the tracker's order: Ada for Ines, Bob for Berold, the Gamemaster for the foes.",
      "As <b>Ada</b>: click the Fyrd's token to target him, open Ines from <b>Actors</b> and press <b>Melee round</b>.",
      "The card in <b>Chat</b> asks each side to build her pool (Grit and Flesh) and roll; the wounds and their courage tests follow on it.",
      "The Gamemaster moves the turn on with <b>Next Turn</b>.",
    ],
    characters: [
      {
        data: {
          name: "Ines",
          type: "dramaCharacter",
          system: { level: 2, attributes: { physical: 3, agility: 2 }, skill: 1, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 }, dramaPoints: 2, weaponClass: "large" },
          items: [
            { name: "Arming sword", type: "dramaWeapon", system: { weaponClass: "large", ranged: false } },
            { name: "Crossbow", type: "dramaWeapon", system: { weaponClass: "large", ranged: true } },
            { name: "Leather jack", type: "dramaArmour", system: { kind: "harness", dice: 2 } },
          ],
        },
      },
      { data: { name: "Berold", type: "dramaCharacter", system: { attributes: { physical: 3, agility: 3 }, skill: 3, grit: { value: 6, max: 6 }, flesh: { value: 7, max: 7 }, weaponClass: "medium", armourDice: 2, militaryTraining: 2, dramaPoints: 1 } } },
    ],
    foes: [
      { pack: "drama-npcs", name: "Fyrd" },
      { pack: "drama-npcs", name: "Man-at-arms" },
    ],
  },
  unhex: {
    title: "The Nightclub: Mara and Bea against the bouncer and the catwalk sniper",
    firstRound: [
      "As the <b>Gamemaster</b>, on <b>Combat</b>: <b>Begin</b>. Then the d20 on any row rolls the round's initiative card: each team's roller rolls on her own screen.",
      "On her team's turn, as <b>Ada</b>: click the Bouncer's token to target him, open Mara from <b>Actors</b> and press <b>Attack target</b>; the Gamemaster answers on the card (no reaction, Defend or Counterattack).",
      "Drag Mara into the next Area to Move (the foes may Intercept); Bea's sheet opens the shut door to the Alley.",
      "Each ends her turn with <b>End Turn</b>; the Gamemaster plays the foes' team.",
    ],
    characters: [
      {
        data: {
          name: "Mara",
          type: "unhexCharacter",
          system: { level: { value: 50, max: 55 }, good: { defend: true, initiative: true } },
          items: [
            { name: "Knife", type: "unhexWeapon", system: { kind: "melee", held: true } },
            { name: "Pistol", type: "unhexWeapon", system: { kind: "one-handed-ranged", held: false } },
          ],
        },
      },
      { data: { name: "Bea", type: "unhexCharacter", system: { level: { value: 45, max: 50 } }, items: [{ name: "Rifle", type: "unhexWeapon", system: { kind: "two-handed-ranged", held: true } }] } },
    ],
    foes: [
      { pack: "unhex-npcs", name: "Bouncer" },
      { pack: "unhex-npcs", name: "Catwalk Sniper" },
    ],
    scene: { pack: "unhex-scenes", name: "The Nightclub", areas: ["bar", "entrance", "bar", "catwalk"], doors: [["entrance", "alley"]] },
  },
  personal: {
    title: "The town gate: Ines and Bruno against a veteran sergeant and a street thug",
    firstRound: [
      "On <b>Combat</b>: each player rolls her character's Initiative from its row (Ada Ines, Bob Bruno); the <b>Gamemaster</b>'s <b>Roll all</b> rolls the rest, then <b>Begin</b>.",
      "On Ines's turn, as <b>Ada</b>: click the Street Thug's token to target him, open Ines from <b>Actors</b> and press <b>Attack the target</b>; the card says the hit and the damage after Armor.",
      "A row's <b>Plan the turn</b> lists her actions; <b>Delay</b> waits until after someone; <b>End Turn</b> passes the turn on.",
      "A Wounded character's sheet offers <b>Damage while Wounded</b>, and a Fallen Fate on its card.",
    ],
    characters: [
      {
        data: {
          name: "Ines",
          type: "personalCharacter",
          system: { resolve: { value: 10, max: 10 }, defense: 11, initiativeRank: 3, stamina: 2, control: 1 },
          items: [personalWeapon("Sword", "1d20+1", "1d8"), { name: "Leather Armour", type: "personalArmour", system: { ratings: [{ type: "physical", rating: 2 }], worn: true } }],
        },
      },
      { data: { name: "Bruno", type: "personalCharacter", system: { resolve: { value: 10, max: 10 }, defense: 10, initiativeRank: 2, stamina: 1, control: 2 }, items: [personalWeapon("Bow", "1d20+1", "1d8", true)] } },
    ],
    foes: [
      { pack: "personal-npcs", name: "Veteran Sergeant" },
      { pack: "personal-npcs", name: "Street Thug" },
    ],
  },
  torchlight: {
    title: "Bandits on the road: Elsa and Riddic against a swordsman and an archer, on the Combat Grid",
    firstRound: [
      "On <b>Combat</b>: each player rolls her character's Dex save from its row (Ada Elsa, Bob Riddic); the <b>Gamemaster</b>'s <b>Roll all</b> rolls the rest.",
      "On the <b>Combat Grid</b>, select your chip and click a cell to move it; a row's buttons take Maneuvers and stance abilities.",
      "As <b>Ada</b>: target the Bandit Swordsman, open Elsa from <b>Actors</b> and press <b>Attack</b> to declare; the Gamemaster rolls the side's declared attacks, and the card plays on.",
      "Each player says she is done with <b>End Turn</b>; the Gamemaster moves the turns on to the end of the round, whose card asks each her saves.",
    ],
    characters: [
      { pack: "torchlight-combatants", name: "Elsa" },
      { pack: "torchlight-combatants", name: "Riddic" },
    ],
    foes: [
      { pack: "torchlight-combatants", name: "Bandit Swordsman" },
      { pack: "torchlight-combatants", name: "Bandit Archer" },
    ],
    combatGrid: true,
  },
};

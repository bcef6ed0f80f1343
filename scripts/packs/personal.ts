/**
 * Writes the Personal Combat compendium sources, one JSON document per file:
 *   packs/personal-gear   weapons (attack and damage formulas, damage type, Piercing) and armour
 *   packs/personal-lists  the range bands, actions and Fallen Fates the rules read (house defaults)
 *   packs/personal-npcs   ready opponents with their gear
 * The lists come from the rules layer's house defaults (src/rules/personal/lists.ts); the weapons,
 * armour and opponents are Fray's own examples (the chapter gives none). Run it after changing
 * either (`npx tsx scripts/packs/personal.ts`); test/foundry/personal-packs.test.ts fails when the
 * committed files and this script drift apart.
 */
import { fileURLToPath } from "node:url";
import { withPackStats } from "../pack-stats.mjs";
import { descriptionHtml, fail, item, type Json, makeId, npcToken, OWNERSHIP, writePack } from "./common.js";
import { ACTIONS, FALLEN_FATES, FREE_ACTIONS, ZONES } from "../../src/rules/personal/lists.js";

interface WeaponDef {
  name: string;
  attack: string;
  damage: string;
  damageType: string;
  piercing?: boolean;
  notes: string;
}

export const WEAPONS: WeaponDef[] = [
  { name: "Unarmed", attack: "1d20", damage: "1d3", damageType: "physical", notes: "Fists, feet and elbows." },
  { name: "Dagger", attack: "1d20+1", damage: "1d4+1", damageType: "physical", piercing: true, notes: "Finds the gaps in armour." },
  { name: "Club", attack: "1d20", damage: "1d6", damageType: "physical", notes: "A cudgel, a table leg, a rifle butt." },
  { name: "Sword", attack: "1d20+1", damage: "1d8", damageType: "physical", notes: "A one-handed blade." },
  { name: "Axe", attack: "1d20", damage: "1d10", damageType: "physical", notes: "Heavy and slow to recover." },
  { name: "Spear", attack: "1d20+1", damage: "1d8", damageType: "physical", piercing: true, notes: "Keeps a foe at the end of its reach." },
  { name: "Greatsword", attack: "1d20", damage: "2d6+1", damageType: "physical", notes: "Two hands, wide swings." },
  { name: "Bow", attack: "1d20+1", damage: "1d8", damageType: "physical", piercing: true, notes: "Shoots from Near to Distant." },
  { name: "Crossbow", attack: "1d20+2", damage: "1d10", damageType: "physical", piercing: true, notes: "Slow to load, hard to stop." },
  { name: "Torch", attack: "1d20", damage: "1d4+1", damageType: "fire", notes: "A burning brand." },
];

interface ArmourDef {
  name: string;
  ratings: { type: string; rating: number }[];
  notes: string;
}

export const ARMOURS: ArmourDef[] = [
  { name: "Padded Coat", ratings: [{ type: "physical", rating: 1 }], notes: "Quilted layers." },
  { name: "Leather Armour", ratings: [{ type: "physical", rating: 2 }], notes: "Boiled leather." },
  { name: "Mail", ratings: [{ type: "physical", rating: 3 }], notes: "Rings of iron over padding." },
  { name: "Plate", ratings: [{ type: "physical", rating: 5 }, { type: "fire", rating: 1 }], notes: "Full harness of steel." },
  { name: "Shield", ratings: [{ type: "physical", rating: 1 }], notes: "Worn on the arm; adds to any armour." },
  { name: "Fire-ward Cloak", ratings: [{ type: "fire", rating: 3 }], notes: "Soaked and treated against flame." },
];

/** The house Fallen Fates and the token status each sets (Foundry's own where it means the same). */
export const FATE_STATUS: Record<string, string> = {
  "Knocked Out": "unconscious",
  Maimed: "fray-maimed",
  "Broken Gear": "fray-broken-gear",
  Captured: "fray-captured",
  Shaken: "fray-shaken",
  Slain: "dead",
};

const BAND_NOTES: Record<string, string> = {
  Engaged: "Close enough to strike hand to hand.",
  Near: "A few strides away: one Move to close in.",
  Far: "Across the room or the yard.",
  Distant: "At the edge of the scene, in bow range.",
};

const ACTION_NOTES: Record<string, string> = {
  Attack: "Roll a weapon's Attack Roll against a target's Defense.",
  Aid: "Help another character with what she is doing.",
  Defend: "Guard yourself or someone next to you.",
  "Use Item": "Drink, light, throw or work an item.",
  Prepare: "Get ready for something that comes later in the round.",
};

const FREE_ACTION_NOTES: Record<string, string> = {
  "Draw a weapon": "Take a weapon in hand.",
  "Sheathe a weapon": "Put a weapon in hand away.",
  "Drop an item": "Let go of what is in hand.",
  "Shout a warning": "A few words called out to the others.",
};

const FATE_NOTES: Record<string, string> = {
  "Knocked Out": "Senseless until the fight is over.",
  Maimed: "A lasting injury.",
  "Broken Gear": "A weapon or piece of armour is ruined.",
  Captured: "Taken by the other side.",
  Shaken: "Her nerve is gone for now.",
  Slain: "Dead.",
};

interface NpcDef {
  name: string;
  resolve: number;
  defense: number;
  initiativeRank: number;
  stamina: number;
  control: number;
  significant: boolean;
  major: boolean;
  weapons: string[];
  armour: string[];
  notes: string;
}

export const NPCS: NpcDef[] = [
  { name: "Street Thug", resolve: 6, defense: 9, initiativeRank: 1, stamina: 1, control: 0, significant: false, major: false, weapons: ["Club"], armour: [], notes: "Falls at 0 Resolve (a minor NPC)." },
  { name: "Town Guard", resolve: 8, defense: 11, initiativeRank: 2, stamina: 1, control: 1, significant: false, major: false, weapons: ["Spear"], armour: ["Leather Armour", "Shield"], notes: "Falls at 0 Resolve (a minor NPC)." },
  { name: "Archer", resolve: 7, defense: 10, initiativeRank: 3, stamina: 1, control: 1, significant: false, major: false, weapons: ["Bow", "Dagger"], armour: ["Padded Coat"], notes: "Stays Far or Distant and shoots." },
  { name: "Veteran Sergeant", resolve: 12, defense: 12, initiativeRank: 3, stamina: 2, control: 2, significant: true, major: false, weapons: ["Sword", "Crossbow"], armour: ["Mail", "Shield"], notes: "A significant NPC: Wounded at 0 Resolve, then Fallen Fates." },
  { name: "Warlord", resolve: 16, defense: 13, initiativeRank: 4, stamina: 3, control: 2, significant: true, major: true, weapons: ["Greatsword"], armour: ["Plate"], notes: "A major NPC: rank + 6 for Initiative." },
];

const weaponDescription = (w: WeaponDef): string =>
  descriptionHtml(
    `Attack Roll ${w.attack} against the target's Defense; on a hit, a Damage Roll of ${w.damage} ${w.damageType} damage, less her Armor Rating against ${w.damageType} (@Rule[Attack]{how an attack is made}).`,
    w.piercing && "Piercing: how that meets armour is on the rules page (@Rule[Armor Rating]).",
  );
const armourDescription = (a: ArmourDef): string =>
  descriptionHtml(`Worn, it gives Armor Rating ${a.ratings.map((r) => `${r.rating} against ${r.type}`).join(", ")} damage. Only worn armour counts (@Rule[Armor Rating]).`);
const weaponSystem = (w: WeaponDef): Json => ({ attack: w.attack, damage: w.damage, damageType: w.damageType, piercing: w.piercing ?? false, notes: w.notes, description: weaponDescription(w) });
const armourSystem = (a: ArmourDef): Json => ({ ratings: a.ratings.map((r) => ({ ...r })), worn: true, notes: a.notes, description: armourDescription(a) });
const SHOOTING = new Set(["Bow", "Crossbow"]);
const weaponImg = (w: WeaponDef) => (SHOOTING.has(w.name) ? "icons/svg/target.svg" : w.damageType === "fire" ? "icons/svg/fire.svg" : "icons/svg/sword.svg");

function npcActor(def: NpcDef): Json {
  const actorId = makeId("perNpc", def.name);
  const embedded = (name: string, type: string, img: string, system: Json) => {
    const id = makeId(`p${def.name.slice(0, 2)}`, name);
    return item(id, `!actors.items!${actorId}.${id}`, name, type, img, system);
  };
  const items = [
    ...def.weapons.map((name) => {
      const w = WEAPONS.find((x) => x.name === name) ?? fail(`no weapon ${name}`);
      return embedded(w.name, "personalWeapon", weaponImg(w), weaponSystem(w));
    }),
    ...def.armour.map((name) => {
      const a = ARMOURS.find((x) => x.name === name) ?? fail(`no armour ${name}`);
      return embedded(a.name, "personalArmour", "icons/svg/shield.svg", armourSystem(a));
    }),
  ];
  return {
    _id: actorId,
    _key: `!actors!${actorId}`,
    name: def.name,
    type: "personalNpc",
    img: "icons/svg/mystery-man.svg",
    system: {
      resolve: { value: def.resolve, max: def.resolve },
      defense: def.defense,
      initiativeRank: def.initiativeRank,
      stamina: def.stamina,
      control: def.control,
      armor: [],
      wounded: false,
      fatesIgnored: 0,
      fates: [],
      notes: def.notes,
      major: def.major,
      significant: def.significant,
    },
    prototypeToken: npcToken(def.name, { bar1: { attribute: "resolve" }, bar2: { attribute: null } }),
    items,
    effects: [],
    folder: null,
    sort: 0,
    ownership: { ...OWNERSHIP },
    flags: {},
  };
}

/** Every Personal Combat pack's documents, by pack name, each with v13's `_stats` (as `writePack` writes them). */
export function personalPackDocs(): Record<string, Json[]> {
  const listItem = (prefix: string, type: string, img: string, name: string, system: Json, index: number) => {
    const id = makeId(prefix, name);
    return item(id, `!items!${id}`, name, type, img, system, (index + 1) * 100);
  };
  const packs: Record<string, Json[]> = {
    "personal-gear": [
      ...WEAPONS.map((w) => {
        const id = makeId("perWp", w.name);
        return item(id, `!items!${id}`, w.name, "personalWeapon", weaponImg(w), weaponSystem(w));
      }),
      ...ARMOURS.map((a) => {
        const id = makeId("perAr", a.name);
        return item(id, `!items!${id}`, a.name, "personalArmour", "icons/svg/shield.svg", armourSystem(a));
      }),
    ],
    "personal-lists": [
      ...ZONES.map((name, index) => listItem("perBand", "personalBand", "icons/svg/direction.svg", name, { order: index + 1, description: descriptionHtml(BAND_NOTES[name], "Moving between bands next to each other is a Move (@Rule[Range band]{range bands}).") }, index)),
      ...ACTIONS.map((name, index) => listItem("perAct", "personalAction", "icons/svg/clockwork.svg", name, { free: false, description: descriptionHtml(ACTION_NOTES[name], "One of the actions of a turn (@Rule[Turn]{the turn}).") }, index)),
      ...FREE_ACTIONS.map((name, index) =>
        listItem("perAct", "personalAction", "icons/svg/clockwork.svg", name, { free: true, description: descriptionHtml(FREE_ACTION_NOTES[name], "A free action: it counts toward the turn's actions, never as its one Action (@Rule[Turn]{the turn}).") }, ACTIONS.length + index),
      ),
      ...FALLEN_FATES.map((fate, index) =>
        listItem("perFate", "personalFate", "icons/svg/skull.svg", fate.name, { outOfFight: fate.outOfFight, status: FATE_STATUS[fate.name] ?? fail(`no status for ${fate.name}`), description: descriptionHtml(FATE_NOTES[fate.name], "A Fallen Fate: what happens to a character the fight has beaten (@Rule[Fallen Fate]).") }, index),
      ),
    ],
    "personal-npcs": NPCS.map(npcActor),
  };
  for (const docs of Object.values(packs)) docs.forEach((doc) => withPackStats(doc));
  return packs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [pack, docs] of Object.entries(personalPackDocs())) writePack(pack, docs);
  console.log(`wrote ${Object.keys(personalPackDocs()).map((pack) => `packs/${pack}`).join(", ")}`);
}

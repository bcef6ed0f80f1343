/**
 * Writes the Beyond the Torchlight compendium sources (packs/torchlight-gear, -combatants), one JSON
 * document per file. The chapter names its weapons and gear but gives a damage die for the sword
 * alone (1d10); the other dice here are Fray's choices, said so in each item's notes and in
 * docs/play/torchlight.md. The combatants are the chapter's combat example: the four heroes (only
 * Elsa's numbers are printed) and the six bandits' four kinds. Run `npx tsx scripts/packs/torchlight.ts`
 * after a change; test/foundry/torchlight-packs.test.ts fails if the files and this script drift apart.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { withPackStats } from "../pack-stats.mjs";
import { characterToken, descriptionHtml, npcToken } from "./common.js";

type Json = Record<string, unknown>;
type Dcs = Partial<Record<"str" | "dex" | "wil" | "san" | "luck", number>>;

const ROOT = join(import.meta.dirname, "..", "..");
const HOUSE = "Fray's die: the chapter names this weapon without one.";

/** A stable 16-character id: a prefix plus the name's letters, padded with zeros. */
function makeId(prefix: string, name: string): string {
  const id = (prefix + name.replace(/[^A-Za-z0-9]/g, "")).slice(0, 16).padEnd(16, "0");
  if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`bad id ${id}`);
  return id;
}

const fileName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.json`;

interface WeaponDef {
  name: string;
  die: number;
  kind: "melee" | "reach" | "ranged";
  damageType: string;
  notes: string;
}

export const TORCHLIGHT_WEAPONS: WeaponDef[] = [
  { name: "Sword", die: 10, kind: "melee", damageType: "slashing", notes: "The chapter's own example: Elsa's sword has a damage die of 1d10." },
  { name: "Great Sword", die: 12, kind: "melee", damageType: "slashing", notes: HOUSE },
  { name: "Battle Axe", die: 10, kind: "melee", damageType: "slashing", notes: HOUSE },
  { name: "Shortsword", die: 6, kind: "melee", damageType: "piercing", notes: HOUSE },
  { name: "Dagger", die: 4, kind: "melee", damageType: "piercing", notes: HOUSE },
  { name: "Throwing Dagger", die: 4, kind: "ranged", damageType: "piercing", notes: `${HOUSE} The bandits throw theirs.` },
  { name: "Spear", die: 8, kind: "reach", damageType: "piercing", notes: `${HOUSE} A reach weapon: it also hits the closest enemy one lane over.` },
  { name: "Hand Crossbow", die: 6, kind: "ranged", damageType: "piercing", notes: HOUSE },
  { name: "Shortbow", die: 6, kind: "ranged", damageType: "piercing", notes: HOUSE },
  { name: "Club", die: 4, kind: "melee", damageType: "bludgeoning", notes: HOUSE },
];

interface GearDef {
  name: string;
  kind: "shield" | "potion" | "tool" | "other";
  quantity: number;
  notes: string;
}

export const TORCHLIGHT_GEAR: GearDef[] = [
  { name: "Shield", kind: "shield", quantity: 1, notes: "Held in the off hand, a shield never Impairs its bearer's attacks as an untrained off-hand weapon would." },
  { name: "Stabilising Potion", kind: "potion", quantity: 1, notes: "A Dying character who drinks it is Stabilised: no more Dying saves, though she stays unconscious until the end of the next Phase. Set Stabilised on her sheet." },
  { name: "Healing Draught", kind: "potion", quantity: 1, notes: "Using or administering a potion is a character's action in a round. What it restores is the GM's to say; the chapter names potions without numbers." },
  { name: "Torch", kind: "tool", quantity: 3, notes: "Interacting with the scene, like lighting the way or setting a spilled cask alight, is an action." },
];

interface CombatantDef {
  name: string;
  type: "torchlightCharacter" | "torchlightNpc";
  breath: number;
  dcs: Dcs;
  proficiencies: number;
  lane: number;
  stance: "aggressive" | "steadied" | "on-guard" | "rearguard";
  weapons: string[];
  gear: string[];
  notes: string;
}

const EXAMPLE = "From the chapter's combat example in the tavern.";

export const TORCHLIGHT_COMBATANTS: CombatantDef[] = [
  {
    name: "Elsa",
    type: "torchlightCharacter",
    breath: 3,
    dcs: { str: 11, dex: 13, wil: 5 },
    proficiencies: 0,
    lane: 4,
    stance: "steadied",
    weapons: ["Sword", "Hand Crossbow"],
    gear: [],
    notes: `${EXAMPLE} Her Breath 3 and her Str 11, Dex 13 and Wil 5 are the chapter's; San and Luck are Fray's 10.`,
  },
  { name: "Riddic", type: "torchlightCharacter", breath: 5, dcs: { str: 12, dex: 12 }, proficiencies: 1, lane: 4, stance: "aggressive", weapons: ["Battle Axe"], gear: [], notes: `${EXAMPLE} The chapter gives no numbers: these are Fray's.` },
  { name: "Tahula", type: "torchlightCharacter", breath: 6, dcs: { dex: 10, wil: 12 }, proficiencies: 0, lane: 5, stance: "steadied", weapons: ["Spear"], gear: ["Shield"], notes: `${EXAMPLE} The chapter gives no numbers: these are Fray's.` },
  { name: "Breyer", type: "torchlightCharacter", breath: 4, dcs: { dex: 11, san: 12 }, proficiencies: 1, lane: 2, stance: "rearguard", weapons: ["Hand Crossbow", "Dagger"], gear: ["Stabilising Potion"], notes: `${EXAMPLE} The chapter gives no numbers: these are Fray's.` },
  { name: "Bandit Swordsman", type: "torchlightNpc", breath: 2, dcs: {}, proficiencies: 0, lane: 5, stance: "steadied", weapons: ["Sword"], gear: [], notes: `${EXAMPLE} Bandit #1: a sword. Bandit numbers are Fray's.` },
  { name: "Bandit Knife-Thrower", type: "torchlightNpc", breath: 2, dcs: {}, proficiencies: 0, lane: 1, stance: "steadied", weapons: ["Throwing Dagger", "Dagger"], gear: [], notes: `${EXAMPLE} Bandits #2 and #3 throw daggers, from the balcony or climbing to it.` },
  { name: "Bandit Cutthroat", type: "torchlightNpc", breath: 2, dcs: {}, proficiencies: 0, lane: 4, stance: "steadied", weapons: ["Shortsword"], gear: [], notes: `${EXAMPLE} Bandits #4 and #5: a shortsword, Steadied or stepping up to Aggressive.` },
  { name: "Bandit Archer", type: "torchlightNpc", breath: 2, dcs: {}, proficiencies: 0, lane: 6, stance: "rearguard", weapons: ["Shortbow"], gear: [], notes: `${EXAMPLE} Bandit #6 shoots a shortbow from the Rearguard.` },
];

const KIND_WORDS: Record<WeaponDef["kind"], string> = { melee: "A melee weapon", reach: "A reach weapon", ranged: "A ranged weapon" };
const weaponDescription = (w: WeaponDef): string =>
  descriptionHtml(`${KIND_WORDS[w.kind]}: on a hit it rolls a d${w.die} of ${w.damageType} damage, which lands at the end of the round (@Rule[Attack]{attacks}, @Rule[Damage]{damage}).`);
const GEAR_WORDS: Record<GearDef["kind"], string> = {
  shield: "A shield, carried in the off hand.",
  potion: "A potion, used up when drunk.",
  tool: "A tool.",
  other: "Gear carried into the dark.",
};
const gearDescription = (g: GearDef): string => descriptionHtml(GEAR_WORDS[g.kind], g.quantity > 1 && `Carried: ${g.quantity}.`);
const weaponSystem = (w: WeaponDef) => ({ die: w.die, kind: w.kind, damageType: w.damageType, offHand: false, trained: true, notes: w.notes, description: weaponDescription(w) });
const gearSystem = (g: GearDef) => ({ kind: g.kind, quantity: g.quantity, notes: g.notes, description: gearDescription(g) });
const weaponImg = (w: WeaponDef) => (w.kind === "ranged" ? "icons/svg/target.svg" : "icons/svg/sword.svg");
const gearImg = (g: GearDef) => (g.kind === "shield" ? "icons/svg/shield.svg" : g.kind === "potion" ? "icons/svg/tankard.svg" : "icons/svg/light.svg");

function item(id: string, key: string, name: string, type: string, img: string, system: Json): Json {
  return { _id: id, _key: key, name, type, img, system, effects: [], folder: null, sort: 0, ownership: { default: 0 }, flags: {} };
}

function fail(message: string): never {
  throw new Error(message);
}

function combatantActor(def: CombatantDef): Json {
  const actorId = makeId("tlCb", def.name);
  const embedded = (name: string, type: string, img: string, system: Json) => {
    const id = makeId(`t${def.name.slice(0, 3)}`, name);
    return item(id, `!actors.items!${actorId}.${id}`, name, type, img, system);
  };
  const items = [
    ...def.weapons.map((name) => {
      const w = TORCHLIGHT_WEAPONS.find((x) => x.name === name) ?? fail(`no weapon ${name}`);
      return embedded(w.name, "torchlightWeapon", weaponImg(w), weaponSystem(w));
    }),
    ...def.gear.map((name) => {
      const g = TORCHLIGHT_GEAR.find((x) => x.name === name) ?? fail(`no gear ${name}`);
      return embedded(g.name, "torchlightGear", gearImg(g), gearSystem(g));
    }),
  ];
  const characteristics = Object.fromEntries(["str", "dex", "wil", "san", "luck"].map((c) => [c, { dc: def.dcs[c as keyof Dcs] ?? 10, max: def.dcs[c as keyof Dcs] ?? 10 }]));
  return {
    _id: actorId,
    _key: `!actors!${actorId}`,
    name: def.name,
    type: def.type,
    img: "icons/svg/mystery-man.svg",
    system: {
      breath: { value: def.breath, max: def.breath },
      characteristics,
      weaponDie: 4,
      proficiencies: def.proficiencies,
      lane: def.lane,
      stance: def.stance,
      encounter: { str: 0, dex: 0, wil: 0, san: 0, luck: 0 },
      incapacitated: false,
      dying: false,
      stabilized: false,
      notes: def.notes,
    },
    prototypeToken: def.type === "torchlightCharacter" ? characterToken(def.name) : npcToken(def.name),
    items,
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

/** Every pack's documents, by pack folder name, each with v13's `_stats` (scripts/pack-stats.mjs). */
export function torchlightPacks(): Record<string, Json[]> {
  const packs: Record<string, Json[]> = {
    "torchlight-gear": [
      ...TORCHLIGHT_WEAPONS.map((w) => {
        const id = makeId("tlWp", w.name);
        return item(id, `!items!${id}`, w.name, "torchlightWeapon", weaponImg(w), weaponSystem(w));
      }),
      ...TORCHLIGHT_GEAR.map((g) => {
        const id = makeId("tlGr", g.name);
        return item(id, `!items!${id}`, g.name, "torchlightGear", gearImg(g), gearSystem(g));
      }),
    ],
    "torchlight-combatants": TORCHLIGHT_COMBATANTS.map(combatantActor),
  };
  for (const docs of Object.values(packs)) docs.forEach((doc) => withPackStats(doc));
  return packs;
}

export const packFile = fileName;

function writePack(pack: string, docs: Json[]): void {
  const dir = join(ROOT, "packs", pack);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.endsWith(".json")) rmSync(join(dir, file));
  const seen = new Set<string>();
  for (const doc of docs) {
    const file = fileName(String(doc.name));
    if (seen.has(file)) fail(`${pack}/${file}: file name clash`);
    seen.add(file);
    writeFileSync(join(dir, file), `${JSON.stringify(doc, null, 2)}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [pack, docs] of Object.entries(torchlightPacks())) writePack(pack, docs);
  console.log("wrote packs/torchlight-gear, packs/torchlight-combatants");
}

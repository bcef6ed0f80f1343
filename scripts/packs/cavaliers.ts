/**
 * Writes the Cavaliers compendium sources (packs/cavaliers-specialties, -gear, -npcs) from the rules
 * layer's tables, one JSON document per file. The committed JSON is what the build compiles; run this
 * (`npx tsx scripts/packs/cavaliers.ts`) after changing the rules tables, and
 * test/packs-cavaliers.test.ts fails if the two drift apart.
 *
 * Mechanics and item dice from The Queen's Cavaliers by Caoimhe Snow (CC BY 4.0); names and notes
 * here are our own.
 */
import { descriptionHtml, fail, item, makeId, npcToken, OWNERSHIP, type Json, writePack } from "./common.js";
import { ACTOR_TYPES, AIMED_WEAPONS, COMBINED_ACTIONS, SUCCESS_TABLES, type SuccessEntry } from "../../src/rules/cavaliers/tables.js";

type Attribute = "verve" | "affinity" | "guile";


/** Who a non-status effect lands on, for display; status entries carry their own. */
const EFFECT_TARGET: Record<string, "self" | "opponent"> = {
  "inflict-yield": "opponent",
  "inflict-wound": "opponent",
  "decrease-opponent-advantage": "opponent",
  "increase-advantage": "self",
  "gain-style": "self",
  negate: "self",
  "reduce-yield": "self",
  "survive-hours": "self",
  "regain-consciousness": "self",
  "heal-wound": "self",
};

/** A rules SuccessEntry as the flat, editable entry of a specialty item's table. */
export function toPackEntry(entry: SuccessEntry): Json {
  const effect = entry.effect;
  const amount = "amount" in effect ? effect.amount : "hours" in effect ? effect.hours : 0;
  return {
    id: entry.id,
    name: entry.name,
    cost: entry.cost,
    repeatable: entry.repeatable,
    effect: effect.kind,
    amount,
    status: effect.kind === "status" ? effect.status : "",
    on: effect.kind === "status" ? effect.on : (EFFECT_TARGET[effect.kind] ?? "opponent"),
    condition: entry.condition ?? "",
  };
}

interface SpecialtyDef {
  name: string;
  skill: string;
  attribute: Attribute;
  action: string;
  /** SUCCESS_TABLES key, or null for an empty table (initiative). */
  table: string | null;
}

// Attributes per the source's Skills and Specialties table (Defense: Parry verve, Block affinity,
// Dodge guile; Dueling: Lunge verve, Riposte affinity, Feint guile; Military: Brawl verve, Aim
// affinity; Initiative: Impulse verve, Vigilance affinity, Timing guile). The generic non-combat
// specialty has no attribute of its own: verve is a placeholder, set it to the skill used.
const SPECIALTIES: SpecialtyDef[] = [
  { name: "Lunge", skill: "Dueling", attribute: "verve", action: "lunge", table: "lunge" },
  { name: "Riposte", skill: "Dueling", attribute: "affinity", action: "riposte", table: "riposte" },
  { name: "Feint", skill: "Dueling", attribute: "guile", action: "feint", table: "feint" },
  { name: "Brawl", skill: "Military", attribute: "verve", action: "brawl", table: "brawl" },
  { name: "Aim", skill: "Military", attribute: "affinity", action: "aim", table: "aim" },
  { name: "Parry", skill: "Defense", attribute: "verve", action: "parry", table: "parry" },
  { name: "Block", skill: "Defense", attribute: "affinity", action: "block", table: "block" },
  { name: "Dodge", skill: "Defense", attribute: "guile", action: "dodge", table: "dodge" },
  { name: "Impulse", skill: "Initiative", attribute: "verve", action: "initiative", table: null },
  { name: "Vigilance", skill: "Initiative", attribute: "affinity", action: "initiative", table: null },
  { name: "Timing", skill: "Initiative", attribute: "guile", action: "initiative", table: null },
  { name: "Non-combat Skill in Combat", skill: "Any", attribute: "verve", action: "skill", table: "non-combat" },
];

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function specialtyDescription(def: SpecialtyDef): string {
  if (def.table === null) {
    return descriptionHtml(`A specialty of the Initiative skill, rolled with ${capital(def.attribute)} at the start of a fight to place her in the order and earn @Rule[Initiative Points].`);
  }
  if (def.skill === "Any") {
    return descriptionHtml(
      "A skill that is not a fighting skill, used in a fight: a climb, a shout, a trick. Set its attribute to the one the skill uses.",
      "A win spends its Success Points on the general table below (@Rule[Success table]{how success tables work}).",
    );
  }
  return descriptionHtml(
    `A specialty of the ${def.skill} skill, rolled with ${capital(def.attribute)}: @Rule[${def.name}]. Each rank adds one die of the attribute's size to the pool (@Rule[Dice pools]).`,
    "A win spends its Success Points on the table below.",
  );
}

function specialtySystem(def: SpecialtyDef, ranks: number): Json {
  const table = def.table === null ? [] : (SUCCESS_TABLES[def.table]?.entries ?? []).map(toPackEntry);
  if (def.table !== null && table.length === 0) throw new Error(`no success table ${def.table}`);
  return { skill: def.skill, attribute: def.attribute, ranks, action: def.action, table, description: specialtyDescription(def) };
}

interface WeaponDef {
  name: string;
  itemDie: number;
  specialty: string;
  /** AIMED_WEAPONS key for aimed weapons. */
  aimed?: string;
  reloadDrop?: number;
}

const MELEE_DROPS = { close: 0, short: 0, medium: 0, long: 0 };

// Item dice from the source's weapon tables. The Rapier (Sword +1D8) lives in packs/cavaliers-gear/rapier.json,
// added on another branch, so it is not generated here.
const WEAPONS: WeaponDef[] = [
  { name: "Flintlock Pistol", itemDie: 6, specialty: "aim", aimed: "flintlock-pistol", reloadDrop: COMBINED_ACTIONS["reload-pistol"] },
  { name: "Flintlock Musket", itemDie: 10, specialty: "aim", aimed: "flintlock-musket", reloadDrop: COMBINED_ACTIONS["reload-musket"] },
  { name: "Crossbow", itemDie: 8, specialty: "aim", aimed: "crossbow", reloadDrop: COMBINED_ACTIONS["reload-crossbow"] },
  { name: "Hunting Bow", itemDie: 6, specialty: "aim", aimed: "hunting-bow", reloadDrop: 0 },
  { name: "Thrown Dagger", itemDie: 6, specialty: "aim", aimed: "thrown-dagger", reloadDrop: 0 },
  { name: "Smallsword", itemDie: 6, specialty: "lunge" },
  { name: "Cutlass", itemDie: 8, specialty: "lunge" },
  { name: "Sabre", itemDie: 6, specialty: "lunge" },
  { name: "Backsword", itemDie: 8, specialty: "lunge" },
  { name: "Longsword", itemDie: 8, specialty: "lunge" },
  { name: "Dagger", itemDie: 6, specialty: "lunge" },
  { name: "Main Gauche", itemDie: 6, specialty: "feint" },
  { name: "Club", itemDie: 6, specialty: "lunge" },
  { name: "Mace", itemDie: 8, specialty: "lunge" },
  { name: "Quarterstaff", itemDie: 6, specialty: "lunge" },
  { name: "Truncheon", itemDie: 6, specialty: "brawl" },
  { name: "Bare Fists", itemDie: 0, specialty: "brawl" },
];

function weaponDescription(def: WeaponDef): string {
  if (def.aimed === undefined) {
    return descriptionHtml(`A melee weapon: its d${def.itemDie} is the item die of a ${capital(def.specialty)} roll and of the other attacks and defences it is used for (@Rule[Item die]{one item die to a pool}). It reaches a foe in the same area only.`);
  }
  return descriptionHtml(
    `A weapon to @Rule[Aim] with: its d${def.itemDie} is the item die of the roll. The farther the target's range band, the more Drop the shot takes (the table below; a blank band is out of reach: @Rule[Range band]{range bands}).`,
    def.reloadDrop ? `Reloading it costs Drop ${def.reloadDrop} on the turn it is done.` : undefined,
  );
}

function weaponSystem(def: WeaponDef): Json {
  if (def.aimed === undefined) return { itemDie: def.itemDie, specialty: def.specialty, melee: true, rangeDrops: { ...MELEE_DROPS }, reloadDrop: 0, description: weaponDescription(def) };
  const drops = AIMED_WEAPONS[def.aimed];
  if (!drops || def.reloadDrop === undefined) throw new Error(`unknown aimed weapon ${def.aimed}`);
  return { itemDie: def.itemDie, specialty: def.specialty, melee: false, rangeDrops: { ...drops }, reloadDrop: def.reloadDrop, description: weaponDescription(def) };
}

interface ArmourDef {
  name: string;
  itemDie: number;
  kind: "armour" | "shield";
}

// Item dice from the source's armour tables.
const ARMOURS: ArmourDef[] = [
  { name: "Buckler", itemDie: 8, kind: "shield" },
  { name: "Kite Shield", itemDie: 10, kind: "shield" },
  { name: "Leather Jerkin", itemDie: 6, kind: "armour" },
  { name: "Gambeson", itemDie: 6, kind: "armour" },
  { name: "Buff Coat", itemDie: 8, kind: "armour" },
  { name: "Mail Hauberk", itemDie: 8, kind: "armour" },
  { name: "Steel Breastplate", itemDie: 10, kind: "armour" },
  { name: "Plate Armour", itemDie: 12, kind: "armour" },
];

const armourSystem = (a: ArmourDef): Json => ({
  itemDie: a.itemDie,
  kind: a.kind,
  description:
    a.kind === "shield"
      ? descriptionHtml(`A shield: its d${a.itemDie} is the item die of a @Rule[Block] made with it.`)
      : descriptionHtml(`Armour: its d${a.itemDie} is the item die of a defence it helps (a pool takes one item die at most: @Rule[Dice pools]).`),
});

const weaponImg = (def: WeaponDef) => (def.aimed ? "icons/svg/target.svg" : "icons/svg/sword.svg");

interface NpcDef {
  name: string;
  npcType: "rabble" | "stock" | "minor" | "major";
  attributes: Record<Attribute, number>;
  competency: number;
  notes: string;
  weapons: string[];
  armour: string[];
  specialties: Record<string, number>;
}

const NPCS: NpcDef[] = [
  {
    name: "Watch Conscript",
    npcType: "rabble",
    attributes: { verve: 8, affinity: 10, guile: 6 },
    competency: 6,
    notes: "A night-patrol recruit of the city watch: steady enough against footpads, outmatched by any trained blade.",
    weapons: ["Backsword"],
    armour: ["Steel Breastplate"],
    specialties: { Lunge: 1, Parry: 1, Block: 1, Vigilance: 0 },
  },
  {
    name: "Hired Bravo",
    npcType: "stock",
    attributes: { verve: 8, affinity: 6, guile: 8 },
    competency: 6,
    notes: "A sword for hire from the dockside taverns, paid by the night and loyal about as long.",
    weapons: ["Cutlass"],
    armour: ["Leather Jerkin"],
    specialties: { Lunge: 1, Feint: 1, Parry: 1, Dodge: 0, Impulse: 0 },
  },
  {
    name: "Road Agent",
    npcType: "minor",
    attributes: { verve: 8, affinity: 6, guile: 10 },
    competency: 6,
    notes: "A masked robber of the country roads who leads a small band and prefers the pistol to the parley.",
    weapons: ["Flintlock Pistol", "Smallsword"],
    armour: [],
    specialties: { Aim: 2, Lunge: 2, Feint: 1, Parry: 1, Dodge: 2, Timing: 0 },
  },
  {
    name: "Baroness of the Blade",
    npcType: "major",
    attributes: { verve: 8, affinity: 10, guile: 6 },
    competency: 10,
    notes: "A noblewoman of political weight and a formidable duellist, rarely without her guards.",
    weapons: ["Backsword", "Flintlock Pistol"],
    armour: ["Buff Coat"],
    specialties: { Parry: 4, Block: 4, Riposte: 4, Lunge: 3, Aim: 4, Vigilance: 4 },
  },
];

function npcActor(def: NpcDef): Json {
  const actorId = makeId("cavNpc", def.name);
  const embedded = (name: string, type: string, img: string, system: Json) => {
    const id = makeId(`n${def.name.slice(0, 2)}`, name);
    return item(id, `!actors.items!${actorId}.${id}`, name, type, img, system);
  };
  const items: Json[] = [];
  for (const name of def.weapons) {
    const w = WEAPONS.find((x) => x.name === name) ?? fail(`no weapon ${name}`);
    items.push(embedded(w.name, "cavaliersWeapon", weaponImg(w), weaponSystem(w)));
  }
  for (const name of def.armour) {
    const a = ARMOURS.find((x) => x.name === name) ?? fail(`no armour ${name}`);
    items.push(embedded(a.name, "cavaliersArmour", "icons/svg/shield.svg", armourSystem(a)));
  }
  for (const [name, ranks] of Object.entries(def.specialties)) {
    const s = SPECIALTIES.find((x) => x.name === name) ?? fail(`no specialty ${name}`);
    items.push(embedded(s.name, "cavaliersSpecialty", "icons/svg/target.svg", specialtySystem(s, ranks)));
  }
  return {
    _id: actorId,
    _key: `!actors!${actorId}`,
    name: def.name,
    type: "cavaliersNpc",
    img: "icons/svg/mystery-man.svg",
    system: {
      attributes: { ...def.attributes },
      competency: def.competency,
      yield: { value: 0 },
      wounds: { value: 0, track: [...ACTOR_TYPES[def.npcType].woundTrack.drops] },
      advantage: 0,
      style: 0,
      initiativePoints: 0,
      area: "",
      notes: def.notes,
      npcType: def.npcType,
    },
    prototypeToken: npcToken(def.name),
    items,
    effects: [],
    folder: null,
    sort: 0,
    ownership: { ...OWNERSHIP },
    flags: {},
  };
}

writePack(
  "cavaliers-specialties",
  SPECIALTIES.map((s) => {
    const id = makeId("cavSp", s.name);
    return item(id, `!items!${id}`, s.name, "cavaliersSpecialty", "icons/svg/target.svg", specialtySystem(s, 0));
  }),
);
writePack(
  "cavaliers-gear",
  [
    ...WEAPONS.map((w) => {
      const id = makeId("cavWp", w.name);
      return item(id, `!items!${id}`, w.name, "cavaliersWeapon", weaponImg(w), weaponSystem(w));
    }),
    ...ARMOURS.map((a) => {
      const id = makeId("cavAr", a.name);
      return item(id, `!items!${id}`, a.name, "cavaliersArmour", "icons/svg/shield.svg", armourSystem(a));
    }),
  ],
  ["rapier.json"],
);
writePack("cavaliers-npcs", NPCS.map(npcActor));
console.log("wrote packs/cavaliers-specialties, packs/cavaliers-gear, packs/cavaliers-npcs");

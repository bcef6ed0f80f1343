/**
 * Writes the Unhex compendium sources (packs/unhex-gear, -npcs, -scenes), one JSON document per
 * file: the weapons, shields, armour and gear the Unhex items chapter names (by kind; the item
 * names are the chapter's examples), a crew of nightclub NPCs with weapons in hand, and the combat
 * chapter's example map, the nightclub, as a Scene whose Regions carry the `area` behaviour with
 * the rules layer's connections (NIGHTCLUB). Run `npx tsx scripts/packs/unhex.ts` after changing
 * the map or these lists; test/packs-unhex.test.ts fails if the two drift apart.
 *
 * Unhex is by koeninger (public repository koeninger/unhex); names and notes here are our own.
 */
import { NIGHTCLUB } from "../../src/core/areas/nightclub.js";
import type { AreaMap, Connection } from "../../src/core/areas/types.js";
import { descriptionHtml, item, type Json, makeId, npcToken, writePack } from "./common.js";

interface WeaponDef {
  name: string;
  kind: "melee" | "one-handed-ranged" | "two-handed-ranged";
  hands: 1 | 2;
  notes: string;
}

/** One of each kind the items chapter names, with its own examples' names. */
export const WEAPONS: WeaponDef[] = [
  { name: "Knife", kind: "melee", hands: 1, notes: "A one-handed melee weapon." },
  { name: "Sword", kind: "melee", hands: 1, notes: "A one-handed melee weapon." },
  { name: "Brass Knuckles", kind: "melee", hands: 1, notes: "A one-handed melee weapon." },
  { name: "Greatsword", kind: "melee", hands: 2, notes: "A two-handed melee weapon: its wounds are marked X (treatable only by recovery, not first aid)." },
  { name: "Pickaxe", kind: "melee", hands: 2, notes: "A two-handed melee weapon: its wounds are marked X (treatable only by recovery, not first aid)." },
  { name: "Pistol", kind: "one-handed-ranged", hands: 1, notes: "A one-handed ranged weapon: range 0 or 1. Needs a slot of ammo; not usable with a shield." },
  { name: "Sling", kind: "one-handed-ranged", hands: 1, notes: "A one-handed ranged weapon: range 0 or 1. Needs a slot of ammo; not usable with a shield." },
  { name: "Rifle", kind: "two-handed-ranged", hands: 2, notes: "A two-handed ranged weapon: range 1 or more in line of sight, never 0. Needs a slot of ammo." },
  { name: "Longbow", kind: "two-handed-ranged", hands: 2, notes: "A two-handed ranged weapon: range 1 or more in line of sight, never 0. Needs a slot of ammo." },
];

export const SHIELDS = [
  { name: "Viking Shield", notes: "A shield: held in one hand; when hit, you pick which die is damage and which the hit location." },
  { name: "Riot Shield", notes: "A shield: held in one hand; when hit, you pick which die is damage and which the hit location." },
];

export const ARMOURS = [
  { name: "Helmet", location: "head" },
  { name: "Bulletproof Vest", location: "torso" },
  { name: "Right Vambrace", location: "rightArm" },
  { name: "Left Vambrace", location: "leftArm" },
  { name: "Right Greave", location: "rightLeg" },
  { name: "Left Greave", location: "leftLeg" },
];

export const GEAR = [
  { name: "First Aid Kit", kind: "first-aid", notes: "One use of first aid: destroyed when used." },
  { name: "Healing Potion", kind: "first-aid", notes: "One use of first aid: destroyed when used." },
  { name: "Ammo", kind: "ammo", notes: "One slot of ammo for ranged weapons; a critical failure with a ranged attack destroys a slot." },
];

const IMG = { weapon: "icons/svg/sword.svg", ranged: "icons/svg/target.svg", shield: "icons/svg/shield.svg", armour: "icons/svg/statue.svg", gear: "icons/svg/item-bag.svg", npc: "icons/svg/mystery-man.svg" };

const KIND_WORDS: Record<WeaponDef["kind"], string> = { melee: "A melee weapon", "one-handed-ranged": "A one-handed ranged weapon", "two-handed-ranged": "A two-handed ranged weapon" };

function weaponDescription(w: WeaponDef): string {
  return descriptionHtml(`${KIND_WORDS[w.kind]}, held in ${w.hands === 1 ? "one hand" : "both hands"}. Its attacks are rolled against the wielder's level, at or under it to succeed (@Rule[Level]{levels and rolls}), and strike a hit location (@Rule[Hit location]).`);
}

function weaponSystem(w: WeaponDef, held: boolean): Json {
  return { kind: w.kind, hands: w.hands, held, notes: w.notes, description: weaponDescription(w) };
}

const LOCATION_WORDS: Record<string, string> = { head: "the head", torso: "the torso", rightArm: "the right arm", leftArm: "the left arm", rightLeg: "the right leg", leftLeg: "the left leg" };
const armourDescription = (location: string): string =>
  descriptionHtml(`Armour for ${LOCATION_WORDS[location] ?? location}: it can be destroyed to stop a hit to that location (@Rule[Hit location]{hit locations}).`);
const shieldDescription = (notes: string): string => descriptionHtml("A shield, held in a hand.", notes, "@Rule[Attack]{Attacks, damage and hit locations}.");
const GEAR_WORDS: Record<string, string> = {
  "first-aid": "First aid between or during fights (@Rule[Wound boxes]{wounds}).",
  ammo: "Ammunition for ranged weapons.",
  other: "Gear a character carries.",
};

const weaponImg = (w: WeaponDef) => (w.kind === "melee" ? IMG.weapon : IMG.ranged);

interface NpcDef {
  name: string;
  level: number;
  good: Partial<Record<"meleeAttack" | "oneHandedAttack" | "twoHandedAttack" | "intercept" | "counterattack" | "defend" | "initiative", boolean>>;
  weapons: string[];
  shield?: boolean;
  armour?: string[];
  notes: string;
}

/** The nightclub's crew, to drop on the nightclub scene in five minutes. */
export const NPCS: NpcDef[] = [
  { name: "Bouncer", level: 45, good: { meleeAttack: true }, weapons: ["Brass Knuckles"], armour: ["Bulletproof Vest"], notes: "Works the door and the dance floor; counterattacks anyone who swings at him." },
  { name: "Bartender", level: 35, good: { defend: true }, weapons: ["Knife"], notes: "Keeps behind the bar, where the counter gives cover from the dance floor and the kitchen." },
  { name: "Catwalk Sniper", level: 50, good: { twoHandedAttack: true, intercept: true }, weapons: ["Rifle"], notes: "Posted on the catwalk: sees the dance floor and the bar, and shoots movers crossing them." },
  { name: "DJ", level: 30, good: { initiative: true }, weapons: ["Pistol"], notes: "Leads the crew from the DJ booth (good at initiative)." },
  { name: "Kitchen Thug", level: 40, good: {}, weapons: ["Greatsword"], notes: "Comes through the kitchen from the alley." },
  { name: "Doorman", level: 35, good: { defend: true }, weapons: ["Sword"], shield: true, notes: "Holds a riot shield at the entrance: when hit, he picks which die is damage." },
];

function npcActor(npc: NpcDef): Json {
  const id = makeId("unxNpc", npc.name);
  const embedded = (prefix: string, name: string, type: string, img: string, system: Json) => {
    const itemId = makeId(prefix, `${npc.name.slice(0, 4)}${name}`);
    return item(itemId, `!actors.items!${id}.${itemId}`, name, type, img, system);
  };
  const items = [
    ...npc.weapons.map((name) => {
      const def = WEAPONS.find((w) => w.name === name);
      if (!def) throw new Error(`${npc.name}: no weapon ${name}`);
      return embedded("uW", name, "unhexWeapon", weaponImg(def), weaponSystem(def, true));
    }),
    ...(npc.shield ? [embedded("uS", "Riot Shield", "unhexShield", IMG.shield, { held: true, notes: SHIELDS[1]!.notes, description: shieldDescription(SHIELDS[1]!.notes) })] : []),
    ...(npc.armour ?? []).map((name) => embedded("uA", name, "unhexArmour", IMG.armour, { location: ARMOURS.find((a) => a.name === name)!.location, destroyed: false, notes: "", description: armourDescription(ARMOURS.find((a) => a.name === name)!.location) })),
  ];
  const good = Object.fromEntries(["meleeAttack", "oneHandedAttack", "twoHandedAttack", "intercept", "counterattack", "defend", "initiative"].map((key) => [key, npc.good[key as keyof NpcDef["good"]] === true]));
  return {
    _id: id,
    _key: `!actors!${id}`,
    name: npc.name,
    type: "unhexNpc",
    img: IMG.npc,
    system: { level: { value: npc.level, max: npc.level }, wounds: { head: 0, rightArm: 0, leftArm: 0, torso: 0, rightLeg: 0, leftLeg: 0 }, good: { ...good, other: "" }, notes: npc.notes },
    items,
    effects: [],
    folder: null,
    sort: 0,
    flags: {},
    ownership: { default: 0 },
    prototypeToken: npcToken(npc.name, { bar1: { attribute: "level" }, bar2: { attribute: null } }),
  };
}

/** Where each Area of the nightclub is drawn: a floor plan on a 100 px grid, neighbours side by side. */
export const NIGHTCLUB_LAYOUT: Record<string, { x: number; y: number; width: number; height: number }> = {
  alley: { x: 200, y: 200, width: 600, height: 600 },
  kitchen: { x: 900, y: 200, width: 700, height: 600 },
  bar: { x: 1700, y: 200, width: 900, height: 600 },
  "pool-tables": { x: 2700, y: 200, width: 700, height: 1300 },
  entrance: { x: 200, y: 900, width: 600, height: 700 },
  "dance-floor": { x: 900, y: 900, width: 1700, height: 900 },
  "dj-booth": { x: 2700, y: 1600, width: 700, height: 700 },
  catwalk: { x: 900, y: 1900, width: 1700, height: 400 },
};

/** Each Area's own lines: every connection listed on the Area it leaves, and on the other when that side has cover (as a GM draws them). */
export function linesOf(map: AreaMap, area: string): Json[] {
  const lines: Json[] = [];
  for (const c of map.connections) {
    const door = c.kind === "door" ? { open: c.open ?? false, transparent: c.transparent ?? false } : { open: false, transparent: false };
    const cover = (side: string) => (c.cover && Object.hasOwn(c.cover, side) ? (c.cover[side] as number) : 0);
    if (c.from === area) lines.push({ to: c.to, kind: c.kind, ...door, cover: cover(c.from) });
    else if (c.to === area && c.kind !== "one-way" && cover(c.to) > 0) lines.push({ to: c.from, kind: c.kind as Connection["kind"], ...door, cover: cover(c.to) });
  }
  return lines;
}

function nightclubScene(): Json {
  const id = makeId("unxScene", "Nightclub");
  const regions = NIGHTCLUB.areas.map((area, index) => {
    const regionId = makeId("unxRg", area.id);
    const behaviorId = makeId("unxBh", area.id);
    const place = NIGHTCLUB_LAYOUT[area.id];
    if (!place) throw new Error(`no layout for ${area.id}`);
    return {
      _id: regionId,
      _key: `!scenes.regions!${id}.${regionId}`,
      name: area.name ?? area.id,
      color: ["#c0392b", "#8e44ad", "#2980b9", "#16a085", "#d35400", "#27ae60", "#f39c12", "#7f8c8d"][index % 8],
      shapes: [{ type: "rectangle", x: place.x, y: place.y, width: place.width, height: place.height, rotation: 0, hole: false }],
      elevation: { bottom: null, top: null },
      behaviors: [
        {
          _id: behaviorId,
          _key: `!scenes.regions.behaviors!${id}.${regionId}.${behaviorId}`,
          name: area.name ?? area.id,
          type: "area",
          system: { areaId: area.id, name: area.name ?? "", connections: linesOf(NIGHTCLUB, area.id) },
          disabled: false,
          flags: {},
        },
      ],
      visibility: 1,
      locked: false,
      flags: {},
    };
  });
  return {
    _id: id,
    _key: `!scenes!${id}`,
    name: "The Nightclub",
    width: 3600,
    height: 2500,
    padding: 0.1,
    backgroundColor: "#1d1a24",
    grid: { type: 1, size: 100, distance: 5, units: "ft" },
    navigation: false,
    // Every embedded collection a Scene has, empty but the Regions (as the Foundry CLI extracts a scene).
    drawings: [],
    lights: [],
    notes: [],
    sounds: [],
    templates: [],
    tiles: [],
    walls: [],
    tokens: [],
    regions,
    flags: {},
    ownership: { default: 0 },
  };
}

if (process.argv[1]?.endsWith("unhex.ts")) {
  writePack("unhex-gear", [
    ...WEAPONS.map((w) => {
      const id = makeId("unxWp", w.name);
      return item(id, `!items!${id}`, w.name, "unhexWeapon", weaponImg(w), weaponSystem(w, false));
    }),
    ...SHIELDS.map((s) => {
      const id = makeId("unxSh", s.name);
      return item(id, `!items!${id}`, s.name, "unhexShield", IMG.shield, { held: false, notes: s.notes, description: shieldDescription(s.notes) });
    }),
    ...ARMOURS.map((a) => {
      const id = makeId("unxAr", a.name);
      return item(id, `!items!${id}`, a.name, "unhexArmour", IMG.armour, { location: a.location, destroyed: false, notes: "", description: armourDescription(a.location) });
    }),
    ...GEAR.map((g) => {
      const id = makeId("unxGr", g.name);
      return item(id, `!items!${id}`, g.name, "unhexGear", IMG.gear, { kind: g.kind, held: false, notes: g.notes, description: descriptionHtml(g.notes, GEAR_WORDS[g.kind]) });
    }),
  ]);
  writePack("unhex-npcs", NPCS.map(npcActor));
  writePack("unhex-scenes", [nightclubScene()]);
  console.log("wrote packs/unhex-gear, packs/unhex-npcs, packs/unhex-scenes");
}

/**
 * Writes the Drama in History compendium sources (packs/drama-gear, packs/drama-npcs) from the rules
 * layer's tables: a weapon for each example of each weapon class, each piece of harness and the
 * whole harnesses the rules sum, each shield size; and ready opponents, the combat chapter's own
 * example combatants first. Run `npx tsx scripts/packs/drama.ts` after changing the tables;
 * test/packs-drama.test.ts fails if the two drift apart. Names and notes are our own words.
 */
import { ARMOUR_ITEMS, ARMOUR_SETS, harnessDice, SHIELD_DICE, type ShieldSize, WEAPON_TABLE, type WeaponClass } from "../../src/rules/drama/tables.js";
import { actorSource, descriptionHtml, fail, item, type Json, makeId, npcToken, writePack } from "./common.js";

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface WeaponDef {
  name: string;
  weaponClass: WeaponClass;
  ranged: boolean;
}

const RANGED = new Set(["hunting bow", "long bow", "crossbow"]);

/** One weapon per example the weapon table gives (fists and a dagger's hilt are the sheet's unarmed class, not items). */
const WEAPONS: WeaponDef[] = (Object.entries(WEAPON_TABLE) as [WeaponClass, (typeof WEAPON_TABLE)[WeaponClass]][]).flatMap(([weaponClass, entry]) =>
  entry.examples.filter((example) => example !== "fist" && example !== "hilt of dagger").map((example) => ({ name: capital(example), weaponClass, ranged: RANGED.has(example) })),
);

const CLASS_WORDS: Record<WeaponClass, string> = { unarmed: "unarmed", small: "small", medium: "medium", large: "large", extraLarge: "extra-large" };

const weaponDescription = (w: WeaponDef): string =>
  descriptionHtml(
    `A ${CLASS_WORDS[w.weaponClass]} weapon: its weapon class sets what it brings to the pools (@Rule[Building the pools]) and to the damage it deals (@Rule[Damage]).`,
    w.ranged && "Shot from afar: it attacks as a @Rule[Ranged attack].",
  );

const weaponSystem = (w: WeaponDef): Json => ({ weaponClass: w.weaponClass, skill: "", ranged: w.ranged, notes: "", description: weaponDescription(w) });

interface ArmourDef {
  name: string;
  kind: "harness" | "shield";
  dice: number;
  shieldSize: Exclude<ShieldSize, "none">;
}

const SHIELD_NAMES: Record<Exclude<ShieldSize, "none">, string> = { improvised: "Main gauche or improvised shield", buckler: "Buckler", medium: "Medium shield", large: "Large shield" };

const ARMOURS: ArmourDef[] = [
  ...ARMOUR_ITEMS.map((a): ArmourDef => ({ name: capital(a.name), kind: "harness", dice: a.dice, shieldSize: "buckler" })),
  ...Object.entries(ARMOUR_SETS).map(([set, pieces]): ArmourDef => ({ name: `${capital(set)} harness`, kind: "harness", dice: harnessDice(pieces), shieldSize: "buckler" })),
  ...(Object.keys(SHIELD_NAMES) as Exclude<ShieldSize, "none">[]).map((size): ArmourDef => ({ name: SHIELD_NAMES[size], kind: "shield", dice: SHIELD_DICE[size], shieldSize: size })),
];

const armourDescription = (a: ArmourDef): string =>
  a.kind === "harness"
    ? descriptionHtml(`Harness worth ${a.dice} armour ${a.dice === 1 ? "die" : "dice"} (Ad): worn, they join the wearer's armour pool (@Rule[Building the pools]), rolled when a blow has Flesh to stop (@Rule[Damage]).`)
    : descriptionHtml(`A shield of the ${a.shieldSize} size: carried, its armour dice (Ad) join the bearer's armour pool (@Rule[Building the pools]).`);

const armourSystem = (a: ArmourDef): Json => ({ kind: a.kind, dice: a.kind === "harness" ? a.dice : 0, shieldSize: a.shieldSize, equipped: true, notes: "", description: armourDescription(a) });

interface NpcDef {
  name: string;
  level: number;
  physical: number;
  agility: number;
  skill: number;
  grit: number;
  flesh: number;
  military: number;
  dramaPoints: number;
  weapons: string[];
  armour: string[];
  notes: string;
}

/**
 * The combat chapter's warrior and fyrd (Fighting Multiple Opponents), its archer (Ranged Attacks),
 * its knight (Base Pool) and its two farmers (1st Round Establishing Momentum) as the chapter gives
 * them; the rest of each (Grit, Flesh and gear the chapter leaves open) is ours, kept modest.
 */
const NPCS: NpcDef[] = [
  { name: "Warrior", level: 3, physical: 3, agility: 4, skill: 3, grit: 6, flesh: 7, military: 2, dramaPoints: 1, weapons: ["Short sword"], armour: ["Arming jack"], notes: "An accomplished, armoured fighter with two backgrounds of military life: the chapter's example against two fyrd." },
  { name: "Fyrd", level: 1, physical: 2, agility: 3, skill: 2, grit: 3, flesh: 7, military: 0, dramaPoints: 0, weapons: ["Short sword", "Spear"], armour: [], notes: "A free man called to the levy, trained in his weapons but unarmoured." },
  { name: "Archer", level: 2, physical: 2, agility: 3, skill: 3, grit: 4, flesh: 6, military: 1, dramaPoints: 1, weapons: ["Long bow", "Dagger"], armour: ["Leather jack (light)"], notes: "An accomplished archer: Agility 3 and skill make her 6Bd before aiming." },
  { name: "Knight", level: 4, physical: 4, agility: 3, skill: 4, grit: 8, flesh: 8, military: 3, dramaPoints: 2, weapons: ["Sword", "Lance"], armour: ["Full plate harness", "Medium shield"], notes: "A knight with mastery of his weapons: Physical 4 and skill 4 start his Base pool at 8Bd." },
  { name: "Man-at-arms", level: 2, physical: 3, agility: 2, skill: 3, grit: 5, flesh: 7, military: 2, dramaPoints: 0, weapons: ["Poleaxe", "Dagger"], armour: ["Man-at-arms harness"], notes: "A paid soldier in jack, breastplate and helm." },
  { name: "Angry farmer", level: 1, physical: 3, agility: 2, skill: 1, grit: 7, flesh: 7, military: 0, dramaPoints: 0, weapons: ["Club"], armour: ["Heavy cloak"], notes: "One of the chapter's two farmers come to blows over a field boundary; his neighbour has 6 Grit." },
];

function npcActor(def: NpcDef): Json {
  const actorId = makeId("drNpc", def.name);
  const embedded = (name: string, type: string, img: string, system: Json) => {
    const id = makeId(`d${def.name.replace(/[^A-Za-z]/g, "").slice(0, 3)}`, name);
    return item(id, `!actors.items!${actorId}.${id}`, name, type, img, system);
  };
  const items = [
    ...def.weapons.map((name) => {
      const w = WEAPONS.find((x) => x.name === name) ?? fail(`no weapon ${name}`);
      return embedded(w.name, "dramaWeapon", weaponImg(w), weaponSystem(w));
    }),
    ...def.armour.map((name) => {
      const a = ARMOURS.find((x) => x.name === name) ?? fail(`no armour ${name}`);
      return embedded(a.name, "dramaArmour", "icons/svg/shield.svg", armourSystem(a));
    }),
  ];
  const first = WEAPONS.find((x) => x.name === def.weapons[0]) ?? fail(`no weapon for ${def.name}`);
  return actorSource(actorId, def.name, "dramaNpc", {
    level: def.level,
    attributes: { physical: def.physical, agility: def.agility },
    skill: def.skill,
    skills: [],
    grit: { value: def.grit, max: def.grit },
    flesh: { value: def.flesh, max: def.flesh },
    penaltyDice: 0,
    militaryTraining: def.military,
    dramaPoints: def.dramaPoints,
    weaponClass: first.weaponClass,
    armourDice: 0,
    shield: "none",
    wounds: [],
    disadvantage: "none",
    disadvantageRound: 0,
    roundsOut: 0,
    notes: def.notes,
  }, items, npcToken(def.name));
}

const weaponImg = (w: WeaponDef) => (w.ranged ? "icons/svg/target.svg" : "icons/svg/sword.svg");

writePack("drama-gear", [
  ...WEAPONS.map((w) => {
    const id = makeId("drWp", w.name);
    return item(id, `!items!${id}`, w.name, "dramaWeapon", weaponImg(w), weaponSystem(w));
  }),
  ...ARMOURS.map((a) => {
    const id = makeId("drAr", a.name);
    return item(id, `!items!${id}`, a.name, "dramaArmour", "icons/svg/shield.svg", armourSystem(a));
  }),
]);
writePack("drama-npcs", NPCS.map(npcActor));

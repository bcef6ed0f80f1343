import { DiceTray, givenFaces } from "../../../../core/dice/source.js";
import { focus, lateJoiner, orderInitiative, rollInitiative as rollPlace, type InitiativePlace } from "../../../../rules/cavaliers/initiative.js";
import { updateCombatants } from "../../../combat/combat.js";
import { rulesetOptions } from "../../../settings.js";
import { diceAskedBy, rollDice, withRollOffs } from "../../../dice/index.js";
import { askInitiative, type InitiativeChoice } from "./prompt.js";
import { initiativeRoller, preferredSpecialty } from "./roller.js";
import { type CavaliersCombatantState, FLAG_KEY, FLAG_SCOPE, groupOf, lastingPlace, stateOf } from "./state.js";

type Combatants = Combatant.Implementation[];

function keepOneDie(): boolean {
  return rulesetOptions("cavaliers").keepOneDie !== false;
}

/** Who rolls together: a shared-roll group, or one combatant alone. */
function rollers(combat: Combat.Implementation, combatants: Combatants): Combatants[] {
  const seen = new Set<string>();
  const result: Combatants[] = [];
  for (const combatant of combatants) {
    if (seen.has(combatant.id!)) continue;
    const group = groupOf(combatant);
    const members = group ? combat.combatants.filter((c) => groupOf(c) === group) : [combatant];
    for (const m of members) seen.add(m.id!);
    result.push(members);
  }
  return result;
}

/** Rolls one Initiative pool through Foundry and reads it with the rules; posts the roll to chat. */
async function rollOne(members: Combatants, choice: InitiativeChoice, extraDrop = 0): Promise<InitiativePlace> {
  const leader = members[0]!;
  const actor = leader.actor;
  if (!actor) throw new Error(game.i18n!.format("FRAY.Combat.NoActor", { name: leader.name ?? "" }));
  const ids = members.map((m) => m.id!);
  const roller = initiativeRoller(actor, leader.id!, choice.specialty, choice.surprised, members.length > 1 ? ids : undefined);
  const run = (tray: DiceTray) => rollPlace(tray, roller, keepOneDie(), [], extraDrop);
  run(new DiceTray({ next: () => 1 })); // refuses a bad pool or group before any die is rolled
  // A pool always holds at least one die (the attribute die), so there is always a Roll.
  const rolled = await rollDice(diceAskedBy(run));
  if (!rolled) throw new Error("an initiative pool with no dice");
  const { roll, faces } = rolled;
  const place = run(new DiceTray(givenFaces(faces)));
  const flavor = game.i18n!.format("FRAY.Combat.RollFlavor", {
    specialty: game.i18n!.localize(`FRAY.Combat.Specialty.${choice.specialty}`),
    total: String(place.total),
    sp: String(place.successPoints),
  });
  await roll.toMessage({ speaker: ChatMessage.getSpeaker({ actor }), flavor });
  return place;
}

/** Posts the d10s of a roll-off, so the table sees how a tie was broken. */
async function postRollOffs(rolls: readonly Roll[]): Promise<void> {
  for (const roll of rolls) await roll.toMessage({ flavor: game.i18n!.localize("FRAY.Combat.RollOff") });
}

/** Every distinct actor behind these combatants gets the same IP (a group shares one pool). */
export async function setInitiativePoints(members: Combatants, points: number): Promise<void> {
  const actors = new Set(members.map((m) => m.actor).filter((a): a is Actor.Implementation => a !== null));
  // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
  for (const actor of actors) await actor.update({ "system.initiativePoints": points } as never);
}

interface Entry {
  id: string;
  total: number;
  successPoints: number;
  members: Combatants;
  state: CavaliersCombatantState;
}

/**
 * The order standing from the next round on: one entry per place (a group is one entry), first
 * place first. Places are numbers, not ranks, so a newcomer goes in between two without moving them.
 */
function standingOrder(combat: Combat.Implementation, except: Set<string>): Entry[] {
  const byPlace = new Map<number, Entry>();
  for (const c of combat.combatants) {
    const state = stateOf(c);
    if (!state || except.has(c.id!)) continue;
    const place = lastingPlace(state, combat.round + 1);
    const entry = byPlace.get(place);
    if (entry) entry.members.push(c);
    else byPlace.set(place, { id: c.id!, total: state.total, successPoints: state.successPoints, members: [c], state: { ...state, place } });
  }
  return [...byPlace.values()].sort((a, b) => a.state.place - b.state.place);
}

function updates(entries: readonly Entry[]): Record<string, unknown>[] {
  return entries.flatMap((entry) => entry.members.map((m) => ({ _id: m.id, initiative: entry.total, [`flags.${FLAG_SCOPE}.${FLAG_KEY}`]: entry.state })));
}

/** A place number between the neighbours a newcomer lands among, by its index in the new order. */
function placeBetween(order: readonly Entry[], index: number): number {
  const before = order[index - 1]?.state.place;
  const after = order[index + 1]?.state.place;
  if (before === undefined) return after === undefined ? 1 : after - 1;
  return after === undefined ? before + 1 : (before + after) / 2;
}

function newEntry(combat: Combat.Implementation, members: Combatants, place: InitiativePlace, group: string | null, late: boolean): Entry {
  return {
    id: place.id,
    total: place.total,
    successPoints: place.successPoints,
    members,
    state: { specialty: place.specialty, total: place.total, successPoints: place.successPoints, place: 0, fromRound: late ? combat.round + 1 : 0, spent: { round: 0, spends: [] }, seized: null, nextPlace: null, group },
  };
}

/** Puts an entry into the standing order where its total and SP earn (roll-offs through Foundry); returns its place number. */
async function insert(order: Entry[], entry: Entry): Promise<number> {
  const { result, rolls } = await withRollOffs(2, (tray) => lateJoiner(order, { ...entry, members: [], specialty: entry.state.specialty, initiativePoints: 0 }, tray));
  await postRollOffs(rolls);
  const index = result.place - 1;
  const ordered = result.order.map((e) => (e.id === entry.id ? entry : order.find((o) => o.id === e.id)!));
  order.splice(0, order.length, ...ordered);
  return placeBetween(ordered, index);
}

/**
 * Rolls for the combatants (a group once for all its members) and places them. Before the fight
 * starts the GM's roll orders everyone placed again by total, SP and roll-offs; once it has
 * started, each new roll is a late joiner that takes its place from the next round.
 */
export async function rollCavaliersInitiative(combat: Combat.Implementation, combatants: Combatants): Promise<void> {
  const rolled: Entry[] = [];
  for (const members of rollers(combat, combatants)) {
    const leader = members[0]!;
    if (!leader.actor) throw new Error(game.i18n!.format("FRAY.Combat.NoActor", { name: leader.name ?? "" }));
    const choice = await askInitiative(leader.name ?? "", preferredSpecialty(leader.actor));
    if (!choice) continue;
    const place = await rollOne(members, choice);
    await setInitiativePoints(members, place.initiativePoints);
    rolled.push(newEntry(combat, members, place, groupOf(leader) ?? null, combat.started));
  }
  if (!rolled.length) return;
  const ids = new Set(rolled.flatMap((e) => e.members.map((m) => m.id!)));
  const standing = standingOrder(combat, ids);
  // Once the fight is on, or when a player rolls (she may change only her own combatants), each
  // roll goes in among the standing order without moving anyone else.
  if (combat.started || !game.user?.isGM) {
    for (const joiner of rolled) joiner.state.place = await insert(standing, joiner);
    await updateCombatants(combat, updates(rolled));
    return;
  }
  const all = [...standing, ...rolled];
  const { result, rolls } = await withRollOffs(all.length, (tray) => orderInitiative(tray, all.map((e) => ({ ...e, members: [], specialty: e.state.specialty, initiativePoints: 0 }))));
  await postRollOffs(rolls);
  const order = result.map((placed, index) => {
    const entry = all.find((e) => e.id === placed.id)!;
    return { ...entry, state: { ...entry.state, place: index + 1, nextPlace: null } };
  });
  await updateCombatants(combat, updates(order));
}

/**
 * Focus: roll again with the same specialty; keep the better position, add the new IP. A better
 * roll moves the combatant up from the next round (this round's turns stay as they are).
 */
export async function focusInitiative(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const state = stateOf(combatant);
  if (!state) throw new Error(game.i18n!.localize("FRAY.Combat.NotRolled"));
  const members = state.group ? combat.combatants.filter((c) => stateOf(c)?.group === state.group) : [combatant];
  const rolled = await rollOne(members, { specialty: state.specialty, surprised: false });
  const ip = (combatant.actor?.system as { initiativePoints?: number } | undefined)?.initiativePoints ?? 0;
  const kept = focus({ total: state.total, successPoints: state.successPoints, initiativePoints: ip }, rolled);
  await setInitiativePoints(members, kept.initiativePoints);
  if (!kept.moved) {
    ui.combat?.render(); // only the actor's IP changed; the tracker shows them
    return;
  }
  const standing = standingOrder(combat, new Set(members.map((m) => m.id!)));
  const entry: Entry = { id: combatant.id!, total: kept.total, successPoints: kept.successPoints, members, state: { ...state, total: kept.total, successPoints: kept.successPoints } };
  const place = await insert(standing, entry);
  entry.state = { ...entry.state, nextPlace: { round: combat.round + 1, place } };
  await updateCombatants(combat, updates([entry]));
}

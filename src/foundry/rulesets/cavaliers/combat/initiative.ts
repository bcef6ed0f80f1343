/**
 * The Queen's Cavaliers' Initiative in the tracker. A roll is planned from the dice alone (each
 * roller's pool, then the d10 roll-offs that place her), so the clicking user's client can roll
 * exactly those dice and the active GM can plan again over them before writing the order.
 */
import type { DiceTray, SizedFace } from "../../../../core/dice/source.js";
import { focus, lateJoiner, orderInitiative, rollInitiative as rollPlace, type InitiativePlace } from "../../../../rules/cavaliers/initiative.js";
import type { InitiativeSpecialty } from "../../../../rules/cavaliers/tables.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import { recordKey } from "../../../combat/fighter.js";
import { writeStates } from "../../../combat/store.js";
import { speakerFor } from "../../../cards/speaker.js";
import { rollOf } from "../../../dice/missing.js";
import { Refused } from "../../../relay/index.js";
import { rulesetOptions } from "../../../settings.js";
import { askInitiative, type InitiativeChoice } from "./prompt.js";
import { INITIATIVE_SPECIALTIES, initiativeRoller, preferredSpecialty } from "./roller.js";
import { type CavaliersCombatantState, groupOf, lastingPlace, POINTS_KEY, pointsOf, STATE_KEY, stateOf } from "./state.js";

type Combatants = Combatant.Implementation[];

function keepOneDie(): boolean {
  return rulesetOptions("cavaliers").keepOneDie !== false;
}

/** Who rolls together: a shared-roll group, or one combatant alone. */
export function rollers(combat: Combat.Implementation, combatants: Combatants): Combatants[] {
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

/** On the roller's client: one dialog per roller (its leader named); a dismissed one does not roll. */
export async function chooseInitiative(combat: Combat.Implementation, combatants: Combatants): Promise<Record<string, unknown> | null> {
  const choices: Record<string, InitiativeChoice> = {};
  for (const members of rollers(combat, combatants)) {
    const leader = members[0]!;
    if (!leader.actor) throw new Error(game.i18n!.format("FRAY.Combat.NoActor", { name: leader.name ?? "" }));
    const choice = await askInitiative(leader.name ?? "", preferredSpecialty(leader.actor));
    if (choice) choices[leader.id!] = choice;
  }
  return Object.keys(choices).length ? { choices } : null;
}

/** The choices a roll request carries, checked: a known specialty and a yes/no surprise per roller. */
function checkedChoices(choice: Record<string, unknown>): Map<string, InitiativeChoice> {
  const raw = choice.choices;
  const checked = new Map<string, InitiativeChoice>();
  if (typeof raw !== "object" || raw === null) return checked;
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    const { specialty, surprised } = (value ?? {}) as { specialty?: unknown; surprised?: unknown };
    if (!INITIATIVE_SPECIALTIES.includes(specialty as InitiativeSpecialty) || typeof surprised !== "boolean") throw new Refused(game.i18n!.localize("FRAY.Combat.Refused.BadChoice"));
    checked.set(id, { specialty: specialty as InitiativeSpecialty, surprised });
  }
  return checked;
}

interface Entry {
  id: string;
  total: number;
  successPoints: number;
  members: Combatants;
  state: CavaliersCombatantState;
}

/** What a roll or a Focus will write: each entry's place, the IP of each roller, and what the table reads in chat. */
export interface InitiativePlan {
  entries: Entry[];
  points: { members: Combatants; points: number }[];
  lines: { name: string; specialty: InitiativeSpecialty; total: number; successPoints: number }[];
  rollOff: boolean;
}

/** One roller's pool read from the tray. */
function placeOf(tray: DiceTray, members: Combatants, choice: InitiativeChoice): InitiativePlace {
  const leader = members[0]!;
  const actor = leader.actor;
  if (!actor) throw new Refused(game.i18n!.format("FRAY.Combat.NoActor", { name: leader.name ?? "" }));
  const ids = members.map((m) => m.id!);
  return rollPlace(tray, initiativeRoller(actor, leader.id!, choice.specialty, choice.surprised, members.length > 1 ? ids : undefined), keepOneDie(), []);
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
    const place = lastingPlace(state, roundOf(combat) + 1);
    const entry = byPlace.get(place);
    if (entry) entry.members.push(c);
    else byPlace.set(place, { id: c.id!, total: state.total, successPoints: state.successPoints, members: [c], state: { ...state, place } });
  }
  return [...byPlace.values()].sort((a, b) => a.state.place - b.state.place);
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
    state: { specialty: place.specialty, total: place.total, successPoints: place.successPoints, place: 0, fromRound: late ? roundOf(combat) + 1 : 0, spent: { round: 0, spends: [] }, seized: null, nextPlace: null, group },
  };
}

/** Puts an entry into the standing order where its total and SP earn (roll-offs from the tray); returns its place number. */
function insert(order: Entry[], entry: Entry, tray: DiceTray): { place: number; rollOff: boolean } {
  const before = tray.rolled.length;
  const result = lateJoiner(order, { ...entry, members: [], specialty: entry.state.specialty, initiativePoints: 0 }, tray);
  const ordered = result.order.map((e) => (e.id === entry.id ? entry : order.find((o) => o.id === e.id)!));
  order.splice(0, order.length, ...ordered);
  return { place: placeBetween(ordered, result.place - 1), rollOff: tray.rolled.length > before };
}

/**
 * A roll of initiative from the tray: each roller's pool, then the order. Before the fight starts a
 * GM's roll orders everyone placed again by total, SP and roll-offs; once it has started, or when a
 * player rolls (she may move only her own), each roll goes in among the standing order.
 */
export function planInitiative(combat: Combat.Implementation, combatants: Combatants, choice: Record<string, unknown>, byGm: boolean, tray: DiceTray): InitiativePlan {
  const choices = checkedChoices(choice);
  const plan: InitiativePlan = { entries: [], points: [], lines: [], rollOff: false };
  const rolled: Entry[] = [];
  for (const members of rollers(combat, combatants)) {
    const picked = choices.get(members[0]!.id!);
    if (!picked) continue;
    const place = placeOf(tray, members, picked);
    plan.points.push({ members, points: place.initiativePoints });
    plan.lines.push({ name: members[0]!.name ?? "", specialty: place.specialty, total: place.total, successPoints: place.successPoints });
    rolled.push(newEntry(combat, members, place, groupOf(members[0]!) ?? null, hasBegun(combat)));
  }
  if (!rolled.length) return plan;
  const standing = standingOrder(combat, new Set(rolled.flatMap((e) => e.members.map((m) => m.id!))));
  if (hasBegun(combat) || !byGm) {
    for (const joiner of rolled) {
      const { place, rollOff } = insert(standing, joiner, tray);
      joiner.state.place = place;
      plan.rollOff ||= rollOff;
    }
    plan.entries = rolled;
    return plan;
  }
  const all = [...standing, ...rolled];
  const before = tray.rolled.length;
  const order = orderInitiative(tray, all.map((e) => ({ ...e, members: [], specialty: e.state.specialty, initiativePoints: 0 })));
  plan.rollOff = tray.rolled.length > before;
  plan.entries = order.map((placed, index) => {
    const entry = all.find((e) => e.id === placed.id)!;
    return { ...entry, state: { ...entry.state, place: index + 1, nextPlace: null } };
  });
  return plan;
}

/**
 * Focus from the tray: roll again with the same specialty; keep the better position, add the new IP.
 * A better roll moves the combatant up from the next round (this round's turns stay as they are).
 */
export function planFocus(combat: Combat.Implementation, combatant: Combatant.Implementation, tray: DiceTray): InitiativePlan {
  const state = stateOf(combatant);
  if (!state) throw new Refused(game.i18n!.localize("FRAY.Combat.NotRolled"));
  const members = state.group ? combat.combatants.filter((c) => stateOf(c)?.group === state.group) : [combatant];
  const rolled = placeOf(tray, members, { specialty: state.specialty, surprised: false });
  const ip = pointsOf(combatant);
  const kept = focus({ total: state.total, successPoints: state.successPoints, initiativePoints: ip }, rolled);
  const plan: InitiativePlan = { entries: [], points: [{ members, points: kept.initiativePoints }], lines: [{ name: combatant.name ?? "", specialty: state.specialty, total: rolled.total, successPoints: rolled.successPoints }], rollOff: false };
  if (!kept.moved) return plan;
  const standing = standingOrder(combat, new Set(members.map((m) => m.id!)));
  const entry: Entry = { id: combatant.id!, total: kept.total, successPoints: kept.successPoints, members, state: { ...state, total: kept.total, successPoints: kept.successPoints } };
  const { place, rollOff } = insert(standing, entry, tray);
  entry.state = { ...entry.state, nextPlace: { round: roundOf(combat) + 1, place } };
  plan.entries = [entry];
  plan.rollOff = rollOff;
  return plan;
}

/**
 * Every fighter among these combatants gets the same IP (a group shares one pool), in the GM's
 * record of the fight; each distinct actor behind them gets the same number as a copy to show.
 */
export async function setInitiativePoints(combat: Combat.Implementation, members: Combatants, points: number): Promise<void> {
  await writeStates(combat, POINTS_KEY, Object.fromEntries(members.map((m) => [recordKey(m), points])));
  const actors = new Set(members.map((m) => m.actor).filter((a): a is Actor.Implementation => a !== null));
  // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
  for (const actor of actors) await actor.update({ "system.initiativePoints": points } as never);
}

/** The roll, as the table reads it: each roller's specialty, total and SP, and whether a roll-off broke a tie. */
function flavorOf(plan: InitiativePlan, focusing: boolean): string {
  const i18n = game.i18n!;
  const lines = plan.lines.map((line) =>
    i18n.format("FRAY.Combat.RollFlavor", { name: Handlebars.escapeExpression(line.name), specialty: i18n.localize(`FRAY.Combat.Specialty.${line.specialty}`), total: String(line.total), sp: String(line.successPoints) }),
  );
  if (plan.rollOff) lines.push(i18n.localize("FRAY.Combat.RollOff"));
  return `${focusing ? `${i18n.localize("FRAY.Combat.Focus")}: ` : ""}${lines.join("; ")}`;
}

/** On the active GM: writes a plan (places in the Combat's flags, the combatants' initiative, IP) and posts its dice. */
export async function writePlan(combat: Combat.Implementation, plan: InitiativePlan, dice: readonly SizedFace[], focusing = false): Promise<void> {
  await keepingCurrentTurn(combat, async () => {
    for (const { members, points } of plan.points) await setInitiativePoints(combat, members, points);
    if (!plan.entries.length) return;
    await writeStates(combat, STATE_KEY, Object.fromEntries(plan.entries.flatMap((entry) => entry.members.map((m) => [m.id!, entry.state]))));
    await updateCombatants(combat, plan.entries.flatMap((entry) => entry.members.map((m) => ({ _id: m.id, initiative: entry.total }))));
  });
  if (!plan.lines.length) return;
  const speaking = plan.points[0]?.members[0];
  await ChatMessage.create({ speaker: speakerFor(speaking?.actor, speaking?.token as TokenDocument.Implementation | null | undefined), flavor: flavorOf(plan, focusing), rolls: dice.length ? [JSON.stringify(rollOf(dice).toJSON())] : [] } as never);
  if (!plan.entries.length) ui.combat?.render(); // only the actors' IP changed; the tracker shows them
}

/**
 * Personal Combat's Initiative in the tracker: PCs roll the initiative die (a house rule's size)
 * and add their rank; NPCs take rank + 3, or + 6 for a major NPC, without a roll; PCs win ties with
 * NPCs, and tied PCs keep the order their players gave them. The clicking user rolls exactly the
 * PCs' dice the rules ask for; the active GM runs the rules again over them, writes the order and
 * posts the card that shows every die and step.
 */
import type { DiceTray, SizedFace } from "../../../../core/dice/source.js";
import type { Outcome, Step } from "../../../../core/outcome.js";
import { initiative } from "../../../../rules/personal/actions.js";
import { postServedCard } from "../../../cards/index.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import { writeStates } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { rulesetOptions } from "../../../settings.js";
import { personalData } from "../data.js";
import { PersonalNpcModel } from "../models.js";
import { namesOf } from "./names.js";
import { type PersonalCombatantState, STATE_KEY, stateOf } from "./state.js";

type Combatants = Combatant.Implementation[];

/** The combatant's Personal Combat actor data; anyone else cannot take part in this ruleset's order. */
function dataOf(combatant: Combatant.Implementation) {
  const data = combatant.actor ? personalData(combatant.actor) : null;
  if (!data) throw new Refused(game.i18n!.format("FRAY.Personal.Refused.NotPersonal", { name: combatant.name ?? "" }));
  return data;
}

/**
 * The rules' initiative request for a roll of `rolling`: everyone already scored keeps her die,
 * those rolling now roll (a PC) or score (an NPC), and tied PCs keep their present order.
 */
export function initiativeRequest(combat: Combat.Implementation, rolling: Combatants): Record<string, unknown> {
  const ids = new Set(rolling.map((c) => c.id!));
  const scored = combat.combatants.contents.filter((c) => stateOf(c) && !ids.has(c.id!));
  const pcs: Record<string, unknown>[] = [];
  const npcs: Record<string, unknown>[] = [];
  for (const combatant of [...scored, ...rolling]) {
    const data = dataOf(combatant);
    const kept = ids.has(combatant.id!) ? undefined : stateOf(combatant);
    if (data instanceof PersonalNpcModel) npcs.push({ name: combatant.id!, rank: data.initiativeRank, ...(data.major ? { major: true } : {}) });
    else pcs.push({ name: combatant.id!, rank: data.initiativeRank, ...(kept?.face ? { face: kept.face } : {}) });
  }
  const pcPicks = scored.filter((c) => stateOf(c)?.pc).sort((a, b) => stateOf(a)!.place - stateOf(b)!.place).map((c) => c.id!);
  return { pcs, npcs, ...(pcPicks.length ? { pcPicks } : {}), options: rulesetOptions("personal") };
}

/** The rules' initiative over the tray (the clicking client's dry run, or the GM's reading of her dice). */
export function runInitiative(request: Record<string, unknown>, tray: DiceTray): Outcome {
  return initiative.resolve(request, tray);
}

/**
 * Each scored combatant's new state. Until someone Delays, places are the rules' order; after, the
 * standing places stay, and each newcomer goes in just after whoever the rules' order puts right
 * before her among those already placed (first of all when no one is).
 */
export function statesAfter(combat: Combat.Implementation, outcome: Outcome, rolling: Combatants): Record<string, PersonalCombatantState> {
  const order = (outcome.result as { order: { name: string; score: number; pc: boolean }[] }).order;
  const steps = new Map(outcome.steps.filter((s): s is Step & { name: string } => typeof s.name === "string").map((s) => [s.name, s]));
  const ids = new Set(rolling.map((c) => c.id!));
  const delayed = combat.combatants.contents.some((c) => !ids.has(c.id!) && stateOf(c)?.delayed);
  const states: Record<string, PersonalCombatantState> = {};
  const placed = new Map<string, number>();
  for (const entry of order) {
    const kept = ids.has(entry.name) ? undefined : stateOf(combat.combatants.get(entry.name)!);
    if (kept) placed.set(entry.name, kept.place);
  }
  order.forEach((entry, index) => {
    const combatant = combat.combatants.get(entry.name)!;
    const kept = ids.has(entry.name) ? undefined : stateOf(combatant);
    const step = steps.get(entry.name);
    const major = combatant.actor?.system instanceof PersonalNpcModel && combatant.actor.system.major;
    const base = { score: entry.score, face: entry.pc ? Number(step?.face) : null, rank: Number(step?.rank ?? 0), pc: entry.pc, major: Boolean(major), delayed: kept?.delayed ?? false };
    if (!delayed) {
      states[entry.name] = { ...base, place: index + 1 };
      return;
    }
    if (kept) {
      states[entry.name] = { ...base, place: kept.place };
      return;
    }
    const places = [...placed.values()].sort((x, y) => x - y);
    const previous = order.slice(0, index).reverse().find((e) => placed.has(e.name));
    const before = previous ? placed.get(previous.name)! : undefined;
    const after = before === undefined ? places[0] : places.find((p) => p > before);
    const place = before === undefined ? (after === undefined ? 1 : after - 1) : after === undefined ? before + 1 : (before + after) / 2;
    placed.set(entry.name, place);
    states[entry.name] = { ...base, place };
  });
  return states;
}

/** On the active GM: the roll of `rolling` over the asker's dice, written to the tracker and shown on a card. */
export async function rollAndWrite(combat: Combat.Implementation, rolling: Combatants, dice: readonly SizedFace[], tray: DiceTray, asker: User.Implementation): Promise<void> {
  if (!asker.isGM) for (const c of rolling) if (stateOf(c)) throw new Refused(game.i18n!.format("FRAY.Personal.Refused.Rolled", { name: c.name ?? "" }));
  const request = initiativeRequest(combat, rolling);
  const outcome = runInitiative(request, tray);
  const states = statesAfter(combat, outcome, rolling);
  await keepingCurrentTurn(combat, async () => {
    await writeStates(combat, STATE_KEY, states);
    await updateCombatants(combat, Object.entries(states).map(([id, state]) => ({ _id: id, initiative: state.score })));
  });
  await postServedCard("personal.initiative", {}, { rules: request, names: namesOf(combat.combatants) }, dice, asker);
}

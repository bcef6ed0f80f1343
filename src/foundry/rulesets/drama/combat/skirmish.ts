/**
 * A skirmish round from the tracker: the GM picks who fights whom (SkirmishDialog, on her client),
 * and the active GM checks the pairs against the combat as it stands (combatants of it, Drama
 * fighters still in the action, each pair once) and opens the round's card, its fighters in the
 * tracker's order. Who holds Momentum and the stances declared come from the tracker as for any
 * melee card.
 */
import { MAX_SKIRMISHERS } from "../../../../rules/drama/skirmish.js";
import { openCardAsGm } from "../../../cards/index.js";
import type { CardRef } from "../../../cards/model.js";
import { Refused } from "../../../relay/index.js";
import { dramaSystem } from "../gear.js";
import { roundsOutOf } from "./out.js";
import type { Skirmisher } from "../ui/skirmish-dialog.js";
import { sideOf } from "./state.js";

const i18n = () => game.i18n!;
const refuse = (why: string): never => {
  throw new Refused(i18n().format("FRAY.Drama.Combat.Refused.BadSkirmish", { why }));
};

/** Whether a Drama fighter takes part in a round: not knocked out, dying or passed out. */
export function inAction(actor: Actor.Implementation | null | undefined): boolean {
  const system = dramaSystem(actor);
  return !!system && system.flesh.value > 0 && roundsOutOf(actor) <= 0;
}

/** The combat's fighters who can take part in a skirmish, in the tracker's order. */
export function skirmishers(combat: Combat.Implementation): Skirmisher[] {
  return combat.turns.filter((c) => c.id && inAction(c.actor)).map((c) => ({ id: c.id!, name: c.name ?? "", side: sideOf(combat, c) }));
}

/** On the active GM: the engagements chosen, checked, and the skirmish card opened. */
export async function openSkirmish(combat: Combat.Implementation, choice: Record<string, unknown>): Promise<void> {
  const raw = Array.isArray(choice.engagements) ? choice.engagements : refuse("no fights");
  const allowed = new Set(skirmishers(combat).map((f) => f.id));
  const pairs = new Set<string>();
  const engagements = raw.slice(0, 64).map((value: unknown) => {
    const e = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : refuse("a fight is not a pair");
    const [x, y] = Array.isArray(e.between) && e.between.length === 2 ? (e.between as unknown[]) : refuse("a fight is not a pair");
    if (typeof x !== "string" || typeof y !== "string" || x === y || !allowed.has(x) || !allowed.has(y)) return refuse("a fighter is not in this fight, or out of the action");
    const pair = [x, y].sort().join(" ");
    if (pairs.has(pair)) refuse("a pair is named twice");
    pairs.add(pair);
    const by = e.unopposedBy;
    if (by !== undefined && by !== x && by !== y) refuse("only one of the two can leave the other unopposed");
    return { between: [x, y], ...(typeof by === "string" ? { unopposedBy: by } : {}) };
  });
  if (!engagements.length) refuse("no fights");
  // The fighters in the tracker's order: f1 is the first of them to act.
  const ids = combat.turns.map((c) => c.id!).filter((id) => engagements.some((e) => e.between.includes(id)));
  if (ids.length > MAX_SKIRMISHERS) refuse(`more than ${MAX_SKIRMISHERS} fighters`);
  const roleOf = (id: string) => `f${ids.indexOf(id) + 1}`;
  const refs: Record<string, CardRef> = {};
  for (const id of ids) {
    const combatant = combat.combatants.get(id)!;
    refs[roleOf(id)] = { actor: combatant.actor!.uuid, ...(combatant.token ? { token: combatant.token.uuid } : {}) };
  }
  const request = { engagements: engagements.map((e) => ({ between: e.between.map(roleOf), ...(e.unopposedBy ? { unopposedBy: roleOf(e.unopposedBy) } : {}) })) };
  await openCardAsGm({ kind: "drama.skirmish", refs, request });
}

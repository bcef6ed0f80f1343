import { writeStates } from "../../../combat/store.js";
import { Refused } from "../../../relay/index.js";
import { actorType, cavaliersSystem } from "./roller.js";
import { GROUP_KEY, groupOf } from "./state.js";

/**
 * Shares one Initiative roll among identical Rabble or Stock (on the active GM, for a GM only): every
 * combatant of the same actor (tokens of one prototype) joins the group, which needs three or more.
 * Clicking again splits it.
 */
/** Whether the combatant's row may share a roll: Rabble or Stock, three or more of this actor, or already sharing (to split). */
export function mayShare(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  if (groupOf(combatant)) return true;
  const system = cavaliersSystem(combatant.actor);
  const type = system ? actorType(system) : undefined;
  return (type === "rabble" || type === "stock") && combat.combatants.filter((c) => c.actorId !== null && c.actorId === combatant.actorId).length >= 3;
}

export async function toggleGroup(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const i18n = game.i18n!;
  const same = combat.combatants.filter((c) => c.actorId !== null && c.actorId === combatant.actorId);
  if (groupOf(combatant)) {
    await writeStates(combat, GROUP_KEY, Object.fromEntries(same.map((c) => [c.id!, null])));
    return;
  }
  const system = cavaliersSystem(combatant.actor);
  const type = system ? actorType(system) : undefined;
  if (type !== "rabble" && type !== "stock") throw new Refused(i18n.format("FRAY.Combat.Refused.GroupType", { name: combatant.name ?? "" }));
  if (same.length < 3) throw new Refused(i18n.format("FRAY.Combat.Refused.GroupSize", { name: combatant.name ?? "", count: String(same.length) }));
  await writeStates(combat, GROUP_KEY, Object.fromEntries(same.map((c) => [c.id!, combatant.actorId!])));
}

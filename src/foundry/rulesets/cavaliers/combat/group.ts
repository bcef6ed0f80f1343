import { actorType, cavaliersSystem } from "./roller.js";
import { FLAG_SCOPE, GROUP_KEY, groupOf } from "./state.js";

/**
 * Shares one Initiative roll among identical Rabble or Stock: every combatant of the same actor
 * (tokens of one prototype) joins the group, which needs three or more. Clicking again splits it.
 */
export async function toggleGroup(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) throw new Error(i18n.localize("FRAY.Combat.Refused.GroupGm"));
  const same = combat.combatants.filter((c) => c.actorId !== null && c.actorId === combatant.actorId);
  if (groupOf(combatant)) {
    // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
    await combat.updateEmbeddedDocuments("Combatant", same.map((c) => ({ _id: c.id, [`flags.${FLAG_SCOPE}.-=${GROUP_KEY}`]: null })) as never);
    return;
  }
  const system = cavaliersSystem(combatant.actor);
  const type = system ? actorType(system) : undefined;
  if (type !== "rabble" && type !== "stock") throw new Error(i18n.format("FRAY.Combat.Refused.GroupType", { name: combatant.name ?? "" }));
  if (same.length < 3) throw new Error(i18n.format("FRAY.Combat.Refused.GroupSize", { name: combatant.name ?? "", count: String(same.length) }));
  const group = combatant.actorId!;
  // Dotted paths built at run time (flag and system keys) are outside fvtt-types' typed update data.
  await combat.updateEmbeddedDocuments("Combatant", same.map((c) => ({ _id: c.id, [`flags.${FLAG_SCOPE}.${GROUP_KEY}`]: group })) as never);
}

import { armorRatingsOf, armourOf, personalData, weaponsOf } from "../data.js";

/** What the Personal Combat sheet shows beyond the stored fields: gear, Armor Rating per type, the ignores. */
export function personalSheetContext(actor: Actor.Implementation): Record<string, unknown> {
  const system = personalData(actor);
  if (!system) return {};
  const natural = Object.fromEntries(system.armor.filter((row) => row.type.trim()).map((row) => [row.type.trim(), row.rating]));
  const totals = armorRatingsOf(actor);
  return {
    isNpc: actor.type === "personalNpc",
    weapons: weaponsOf(actor),
    armour: armourOf(actor),
    // Each damage type's Armor Rating as the rules read it, with how much of it is worn armour.
    armorTotals: Object.entries(totals).map(([type, rating]) => ({ type, rating, worn: rating - (natural[type] ?? 0) })),
    ignoresLeft: system.derived.ignoresLeft,
    ignoreBudget: system.derived.ignoreBudget,
  };
}

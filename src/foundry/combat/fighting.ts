/** The active combats an actor fights in (only a GM sets `active`), with the combatant she is in each. */
export function* activeFights(actor: Actor.Implementation): Generator<{ combat: Combat.Implementation; combatant: Combatant.Implementation }> {
  for (const entry of game.combats?.contents ?? []) {
    // game.combats holds the configured class; fvtt-types types its entries as the stored base Combat.
    const combat = entry as Combat.Implementation;
    if (!combat.active) continue;
    for (const combatant of combat.combatants) if (combatant.actor?.uuid === actor.uuid) yield { combat, combatant };
  }
}

/** The first combatant an actor fights as in an active combat, with its combat. */
export function fightingAs(actor: Actor.Implementation): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  for (const fight of activeFights(actor)) return fight;
  return null;
}

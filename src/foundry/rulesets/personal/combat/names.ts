/**
 * The tracker's rules requests name combatants by id (two tokens may share a name, and the rules
 * need each name once); the cards show the names people read.
 */
export function namesOf(combatants: Iterable<Combatant.Implementation>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const combatant of combatants) names[combatant.id!] = combatant.name ?? combatant.id!;
  return names;
}

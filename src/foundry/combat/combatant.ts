/**
 * Fray's Combatant. Nothing the rules read lives on it: in v13 a player may update her own
 * combatant's `initiative`, flags and system data (common/documents/combatant.mjs,
 * BaseCombatant#canUpdate), so every ruleset keeps its state, and the roster its side and
 * initiative, in the Combat's flags, which only a GM writes (store.ts, roster.ts). Foundry's
 * `initiative` is a copy for display. The class is registered so rulesets can add behaviour without
 * another CONFIG change.
 */
export class FrayCombatant extends Combatant {}

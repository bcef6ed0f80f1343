/**
 * Fray's Combatant. Ruleset state lives in its flags (`flags.fray.<ruleset>`), not in a system data
 * model: Foundry creates combatants from tokens with the base type, and one world can switch
 * ruleset, so a flag needs no sub-type chosen at creation and is simply ignored by other rulesets.
 * The class is registered now so rulesets can add behaviour without another CONFIG change.
 */
export class FrayCombatant extends Combatant {}

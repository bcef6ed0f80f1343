/**
 * Fray's Combatant. Nothing the rules read lives on it: in v13 a player may update her own
 * combatant's `initiative`, flags and system data (common/documents/combatant.mjs,
 * BaseCombatant#canUpdate), so every ruleset keeps its state, and the roster its side and
 * initiative, in the Combat's flags, which only a GM writes (store.ts, roster.ts). Foundry's
 * `initiative` is a copy for display.
 */
import { defeatedOf } from "./roster.js";

/** Combatants whose defeat the roster is reading now: inside that reading, Foundry's own answer. */
const reading = new WeakSet<object>();

export class FrayCombatant extends Combatant {
  /**
   * Out of the fight as the GM decided it (roster.ts, defeatedOf), not as a player's own `defeated`
   * or Dead status says: Foundry's turn controls read this with *Skip Defeated* on
   * (Combat#nextTurn, #nextRound, client/documents/combat.mjs), and so does its tracker.
   */
  override get isDefeated(): boolean {
    const combat = this.combat;
    if (!combat || reading.has(this)) return super.isDefeated;
    reading.add(this);
    try {
      return defeatedOf(combat, this);
    } finally {
      reading.delete(this);
    }
  }
}

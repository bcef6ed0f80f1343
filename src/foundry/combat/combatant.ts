import { recordKey } from "./fighter.js";
import { defeatedOf } from "./roster.js";

/**
 * Fray's Combatant. Nothing the rules read lives on it: in v13 a player may update her own
 * combatant's `initiative`, flags and system data (common/documents/combatant.mjs,
 * BaseCombatant#canUpdate), so every ruleset keeps its state, and the roster its side and
 * initiative, in the Combat's flags, which only a GM writes (store.ts, roster.ts). Foundry's
 * `initiative` is a copy for display.
 */

/** Combatants whose defeat the roster is reading now: inside that reading, Foundry's own answer. */
const reading = new WeakSet<object>();

export class FrayCombatant extends Combatant {
  /**
   * Its place in the turn order being sorted (combat.ts `place`), lower first: kept in memory only,
   * set for every combatant just before Foundry's sort, so a comparison reads two numbers.
   */
  turnPlace = Number.POSITIVE_INFINITY;

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

  /**
   * A GM who points a combatant at another token or actor changes the fighter it is (fighter.ts):
   * the key it had goes with the update (`frayFighterWas`), and the active GM's keeper moves its
   * records to the new key (keeper.ts). A player may not change either field (BaseCombatant#canUpdate).
   */
  protected override async _preUpdate(...args: Parameters<Combatant["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    const [changed, options, user] = args;
    const changes = changed as { tokenId?: string | null; actorId?: string | null };
    if (allowed === false || !user.isGM || !("tokenId" in changes || "actorId" in changes)) return allowed;
    const before = recordKey(this);
    const after = recordKey({ id: this.id, tokenId: "tokenId" in changes ? changes.tokenId : this.tokenId, actorId: "actorId" in changes ? changes.actorId : this.actorId });
    // Foundry passes the options on to every client's update hooks; Fray's own key is not in fvtt-types' options.
    if (before !== after) (options as Record<string, unknown>).frayFighterWas = before;
    return allowed;
  }
}

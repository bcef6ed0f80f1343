/**
 * A fighter's pool choice as her client sends it (the pool dialog) and as the rules take it. She
 * names the passions and dramatic advantages she declares by item; the GM turns them into Drama
 * dice and the Drama Points they cost, from her items as they are now. The situations and extra
 * dice she declares go to the rules as they are (the schema checks them) and show on the card.
 */
import { Refused } from "../../../relay/index.js";
import { advantagesOf, weaponOf, type WeaponView } from "../gear.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
const bad = (problem: string): never => {
  throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem }));
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The Drama dice, Drama Points and extra Flesh of the advantages named (each an item of the actor's, once). */
export function declaredAdvantages(actor: Actor.Implementation, ids: unknown): { drama: number; dramaPointsSpent: number; extraFlesh: number; names: string[] } {
  if (ids === undefined) return { drama: 0, dramaPointsSpent: 0, extraFlesh: 0, names: [] };
  if (!Array.isArray(ids) || ids.length > 20 || new Set(ids).size !== ids.length) return bad("advantages");
  const own = advantagesOf(actor);
  let drama = 0;
  let cost = 0;
  let flesh = 0;
  const names: string[] = [];
  for (const id of ids) {
    const found = own.find((a) => a.id === id);
    if (!found) throw new Refused(localize("FRAY.Drama.Refused.NoAdvantage", { name: actor.name }));
    drama += found.dice;
    cost += found.cost;
    flesh += found.flesh;
    names.push(found.name);
  }
  return { drama, dramaPointsSpent: cost, extraFlesh: flesh, names };
}

/** The rules' pool choice from a card's (advantages become Drama dice and their cost; the weapon is read apart). */
export function rulesPool(actor: Actor.Implementation, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return bad("pool");
  // Drama dice and extra Flesh come only from what she declares, at its price; a number she sends for them is not hers to set.
  const { advantages, weapon: _weapon, drama: _drama, dramaPointsSpent: _spent, extraFlesh: _flesh, ...rest } = value;
  const declared = declaredAdvantages(actor, advantages);
  const pool: Record<string, unknown> = { ...rest };
  if (declared.drama) pool.drama = declared.drama;
  if (declared.dramaPointsSpent) pool.dramaPointsSpent = declared.dramaPointsSpent;
  if (declared.extraFlesh) pool.extraFlesh = declared.extraFlesh;
  return pool;
}

/** The weapon a fighter chose in her pool choice, else the one given, else null (the sheet's class). */
export function weaponChosen(actor: Actor.Implementation, pool: unknown, fallback: unknown): WeaponView | null {
  const chosen = isRecord(pool) && pool.weapon !== undefined ? pool.weapon : fallback;
  return weaponOf(actor, chosen);
}

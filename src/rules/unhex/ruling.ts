/**
 * Range and cover without a map (theatre of the mind, Unhex, Combat, Maps: positions are set before
 * the fight "to avoid confusion or GM fiat"): where no map is drawn, only the GM says how far the
 * target is and whether she has cover. The attacker may ask; the GM rules. A ruling is read as a
 * small stand-in map: the attacker's area, the target's one or two connections away, and a cover
 * mark into the target's area when she has cover. Everyone sees everyone there (the GM rules on
 * sight at the table).
 */
import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { AreaMap } from "../../core/areas/index.js";

/** A range (0 the same area, 1 the next, 2 farther) and whether the target has cover. */
export const PlaceSchema = Type.Object({ range: Type.Integer({ minimum: 0, maximum: 2 }), cover: Type.Boolean() }, { additionalProperties: false });
export type Place = Static<typeof PlaceSchema>;

/** The stand-in areas: the attacker's, one between, the target's. */
export const HERE = "here";
const BETWEEN = "between";
const THERE = "there";

/**
 * The stand-in map of a range and cover, and the target's area on it. Cover applies only against
 * an attack from another area, so at range 0 there is none to mark.
 */
export function standInMap(range: number, cover: boolean): { map: AreaMap; target: string } {
  // Stryker disable next-line StringLiteral: the rules never read the map's name
  const name = "stand-in";
  if (range === 0) {
    // Stryker disable next-line ArrayDeclaration: with the target in the attacker's own area the rules read no connection
    const none: AreaMap["connections"] = [];
    return { map: { name, areas: [{ id: HERE }], connections: none }, target: HERE };
  }
  const areas = range === 1 ? [{ id: HERE }, { id: THERE }] : [{ id: HERE }, { id: BETWEEN }, { id: THERE }];
  const ids = areas.map((area) => area.id);
  const connections = ids.slice(1).map((to, index) => ({ from: ids[index]!, to, kind: "two-way" as const, ...(to === THERE && cover ? { cover: { [THERE]: 1 } } : {}) }));
  return { map: { name, areas, connections }, target: THERE };
}

/** Every ruling the GM can give, nearest first (no cover at range 0: it needs another area). */
export const RULINGS: readonly Place[] = [
  { range: 0, cover: false },
  { range: 1, cover: false },
  { range: 1, cover: true },
  { range: 2, cover: false },
  { range: 2, cover: true },
];

/** A ruling as one word a button can send: "1", "1+cover". */
export function rulingKey(place: Place): string {
  return `${place.range}${place.cover && place.range > 0 ? "+cover" : ""}`;
}

/** The ruling a word names, or undefined when it names none. */
export function rulingOfKey(key: unknown): Place | undefined {
  return RULINGS.find((place) => rulingKey(place) === key);
}

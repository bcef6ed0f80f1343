import { aimDrop, rangeBand } from "../../../rules/cavaliers/range.js";
import type { AttackId, RangeBand, RangeDrops } from "../../../rules/cavaliers/tables.js";
import type { AreaContext } from "../../areas/service.js";

/** Dueling (Lunge, Feint, Riposte) and Brawl are fought within one Area. */
const SAME_AREA_ATTACKS: readonly AttackId[] = ["lunge", "feint", "riposte", "brawl"];

export interface CavaliersAttackCheck {
  allowed: boolean;
  /** Why the attack is refused, in the players' words; null when allowed. */
  reason: string | null;
  band: RangeBand | null;
  rangeDrop: number;
  coverDrop: number;
}

const NO_DROP = { band: null, rangeDrop: 0, coverDrop: 0 } as const;

function refused(key: string, data: Record<string, string> = {}): CavaliersAttackCheck {
  return { allowed: false, reason: game.i18n?.format(key, data) ?? key, ...NO_DROP };
}

/**
 * What the Areas say about a cavaliers attack whose combined Move or Run covers `moved` Areas
 * towards the target: melee needs the same Area once she has moved; an aimed attack needs a path,
 * line of sight when she shoots from where she stands (after a move the GM judges it), and a band
 * the weapon reaches from where the move ends, and takes that band's Drop plus the cover Drop into
 * the target's Area. Without Areas (no context) nothing is known, so nothing is refused or added.
 */
export function cavaliersAttackCheck(context: AreaContext | null, attack: AttackId, weaponRangeDrops: RangeDrops | null, moved = 0): CavaliersAttackCheck {
  if (!context) return { allowed: true, reason: null, ...NO_DROP };
  const areas = { attacker: context.attackerArea.name, target: context.targetArea.name };
  if (context.range === null) return refused(SAME_AREA_ATTACKS.includes(attack) ? "FRAY.Area.Refuse.SameArea" : "FRAY.Area.Refuse.NoPath", areas);
  const after = Math.max(0, context.range - moved);
  if (SAME_AREA_ATTACKS.includes(attack)) {
    return after === 0 ? { allowed: true, reason: null, band: "close", rangeDrop: 0, coverDrop: 0 } : refused("FRAY.Area.Refuse.SameArea", areas);
  }
  if (moved === 0 && !context.lineOfSight) return refused("FRAY.Area.Refuse.NoSight", areas);
  const band = rangeBand(after);
  if (!weaponRangeDrops) return { allowed: true, reason: null, band, rangeDrop: 0, coverDrop: context.cover };
  if (weaponRangeDrops[band] === null) return refused("FRAY.Area.Refuse.OutOfRange", { ...areas, band: game.i18n?.localize(`FRAY.Area.Band.${band}`) ?? band });
  const drops = aimDrop(after, weaponRangeDrops, context.cover);
  return { allowed: true, reason: null, ...drops };
}

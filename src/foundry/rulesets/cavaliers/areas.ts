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
 * What the Areas say about a cavaliers attack: melee needs the same Area; an aimed attack needs line
 * of sight and a band the weapon reaches, and takes that band's Drop plus the cover Drop into the
 * target's Area. Without Areas (no context) nothing is known, so nothing is refused or added.
 */
export function cavaliersAttackCheck(context: AreaContext | null, attack: AttackId, weaponRangeDrops: RangeDrops | null): CavaliersAttackCheck {
  if (!context) return { allowed: true, reason: null, ...NO_DROP };
  const areas = { attacker: context.attackerArea.name, target: context.targetArea.name };
  if (SAME_AREA_ATTACKS.includes(attack)) {
    return context.range === 0 ? { allowed: true, reason: null, band: "close", rangeDrop: 0, coverDrop: 0 } : refused("FRAY.Area.Refuse.SameArea", areas);
  }
  if (context.range === null) return refused("FRAY.Area.Refuse.NoPath", areas);
  if (!context.lineOfSight) return refused("FRAY.Area.Refuse.NoSight", areas);
  if (!weaponRangeDrops) return { allowed: true, reason: null, band: rangeBand(context.range), rangeDrop: 0, coverDrop: context.cover };
  const band = rangeBand(context.range);
  if (weaponRangeDrops[band] === null) return refused("FRAY.Area.Refuse.OutOfRange", { ...areas, band: game.i18n?.localize(`FRAY.Area.Band.${band}`) ?? band });
  const drops = aimDrop(context.range, weaponRangeDrops, context.cover);
  return { allowed: true, reason: null, ...drops };
}

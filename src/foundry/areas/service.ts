import { coverAgainst, lineOfSight, moveCheck, rangeBetween, type AreaMap, type MoveCheck } from "../../core/areas/index.js";
import { SYSTEM_ID } from "../system.js";
import { AREA_FLAG } from "./constants.js";
import { sceneAreaMap, type SceneArea } from "./scene-map.js";

/** Problems already shown to the GM, per scene, so a broken map is reported once, not on every move. */
const reported = new Map<string, string>();

/**
 * The scene's map when it is sound; otherwise null, after telling the GM (once per set of
 * problems) what is wrong. Players are never shown the problems and nothing is thrown at them.
 */
export function usableMap(scene: Scene.Implementation): { map: AreaMap; areas: SceneArea[] } | null {
  const { map, areas, problems } = sceneAreaMap(scene);
  if (problems.length === 0) {
    reported.delete(scene.id ?? "");
    return { map, areas };
  }
  const text = problems.join("; ");
  if (game.user?.isGM && reported.get(scene.id ?? "") !== text) {
    reported.set(scene.id ?? "", text);
    ui.notifications?.error(game.i18n?.format("FRAY.Area.Notice.Invalid", { scene: scene.name, problems: text }) ?? text);
  }
  return null;
}

/** A token document, or a placeable Token whose document it is. */
export type TokenLike = TokenDocument.Implementation | { document: TokenDocument.Implementation };

function tokenDocument(token: TokenLike): TokenDocument.Implementation {
  return "document" in token ? token.document : token;
}

/** The id of the Area a token stands in (recorded as it enters and leaves), or null. */
export function tokenArea(token: TokenLike): string | null {
  const area = tokenDocument(token).getFlag(SYSTEM_ID, AREA_FLAG);
  return typeof area === "string" && area !== "" ? area : null;
}

export interface AreaRef {
  id: string;
  name: string;
}

/** What the attack dialog fills in from two tokens' Areas. */
export interface AreaContext {
  /** Connections between the two Areas (0 = the same Area); null when no line reaches. */
  range: number | null;
  /** The cover Drop into the target's Area against this attacker (0, 1 or 2). */
  cover: number;
  lineOfSight: boolean;
  attackerArea: AreaRef;
  targetArea: AreaRef;
}

/**
 * Range, cover and line of sight between two tokens, from their Areas on their scene. Null when
 * either stands in no Area, they are on different scenes, or the scene's map is unusable.
 */
export function areaContext(attackerToken: TokenLike, targetToken: TokenLike): AreaContext | null {
  const attacker = tokenDocument(attackerToken);
  const target = tokenDocument(targetToken);
  const scene = attacker.parent;
  if (!scene || scene !== target.parent) return null;
  const from = tokenArea(attacker);
  const to = tokenArea(target);
  if (!from || !to) return null;
  const usable = usableMap(scene);
  if (!usable) return null;
  const ref = (id: string): AreaRef | null => {
    const area = usable.areas.find((a) => a.id === id);
    return area ? { id, name: area.name } : null;
  };
  const attackerArea = ref(from);
  const targetArea = ref(to);
  // A flag naming an Area since removed from the map: no answer rather than a wrong one.
  if (!attackerArea || !targetArea) return null;
  return {
    range: rangeBetween(usable.map, from, to),
    cover: coverAgainst(usable.map, from, to).value,
    lineOfSight: lineOfSight(usable.map, from, to),
    attackerArea,
    targetArea,
  };
}

/**
 * The attack dialog's lookup (the cavaliers UI's setAreaLookup): the same reading, or null when no
 * line reaches between the two Areas, so the dialog falls back to the player's own band and cover.
 */
export function areaLookup(attackerToken: TokenLike, targetToken: TokenLike): (AreaContext & { range: number }) | null {
  const context = areaContext(attackerToken, targetToken);
  return context && context.range !== null ? { ...context, range: context.range } : null;
}

/** Whether a move between two Areas of a scene is a Move, a Run, too far or impossible; null without a usable map. */
export function checkMove(scene: Scene.Implementation, from: string, to: string): MoveCheck | null {
  const usable = usableMap(scene);
  if (!usable) return null;
  const known = (id: string) => usable.map.areas.some((a) => a.id === id);
  if (!known(from) || !known(to)) return null;
  return moveCheck(usable.map, from, to);
}

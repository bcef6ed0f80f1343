import { coverAgainst, lineOfSight, moveCheck, rangeBetween, type AreaMap, type MoveCheck } from "../../core/areas/index.js";
import { sceneAreaMap, type SceneArea } from "./scene-map.js";
import { areaAt } from "./place.js";
import { moveUnderway } from "./whole-moves.js";

export { areaAt, type TokenPlace } from "./place.js";

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

/** The id of the Area a token stands in, or null. */
export function tokenArea(token: TokenLike): string | null {
  const document = tokenDocument(token);
  return areaAt(document, { x: document.x ?? 0, y: document.y ?? 0 });
}

/**
 * The token an actor fights with: the one a request named, else her combatant's in a started
 * combat, else her token on a fight's scene, else on the active scene. A card reads the map through
 * it, so leaving a token out of a request never trades the map for the numbers the player names.
 * Never the scene this client views: on the active GM's client (where a card is resolved) that is
 * the GM's view, which v13's `Actor#getActiveTokens` reads and which may be another scene.
 */
export function standingToken(actor: Actor.Implementation, named: TokenDocument.Implementation | null | undefined): TokenDocument.Implementation | null {
  if (named) return named;
  const own = actor.token as TokenDocument.Implementation | null;
  if (own) return own;
  for (const combat of game.combats?.contents ?? []) {
    if (!combat.started) continue;
    // Her own combatant's token: a linked one (an unlinked token's combatant fights as its own synthetic actor, found above).
    const combatant = combat.combatants.find((c) => c.actor === actor && !!c.token);
    if (combatant?.token) return combatant.token as TokenDocument.Implementation;
  }
  const fightScenes = (game.combats?.contents ?? []).flatMap((combat) => combat.combatants.contents.map((c) => c.token?.parent ?? null));
  for (const scene of new Set([...fightScenes, game.scenes?.active ?? null])) {
    const token = scene?.tokens.find((t) => t.actorId === actor.id);
    if (token) return token as TokenDocument.Implementation;
  }
  return null;
}

/** What the map says of some tokens' places: the Area of each, on their one scene with a usable map. */
export interface Placed {
  scene: Scene.Implementation;
  map: AreaMap;
  areas: SceneArea[];
  /** Each token's Area, in the order given. */
  ids: string[];
}

/**
 * Where some tokens stand on the map: `placed` when all stand in Areas of one scene whose map is
 * usable; `none` when none of them stands on a scene with usable Areas (a fight told, not drawn);
 * otherwise a refusal in the players' words (one on another scene, one between Areas, one whose
 * move is under way and not yet judged).
 */
export function placeTokens(tokens: ReadonlyArray<TokenDocument.Implementation | null | undefined>): { placed: Placed } | { none: true } | { refusal: string } {
  const present = tokens.filter((token): token is TokenDocument.Implementation => !!token);
  const mapped = present.filter((token) => token.parent && sceneAreaMap(token.parent).areas.length > 0);
  if (mapped.length === 0 || present.length < tokens.length) return { none: true };
  const scene = mapped[0]!.parent!;
  const i18n = game.i18n!;
  const name = (token: TokenDocument.Implementation) => token.name ?? token.actor?.name ?? "";
  const away = present.find((token) => token.parent !== scene);
  if (away) return { refusal: i18n.format("FRAY.Area.Refuse.OtherScene", { name: name(away), scene: scene.name ?? "" }) };
  const usable = usableMap(scene);
  if (!usable) return { none: true };
  // A move not yet judged is no place to read an Area from (its mover may say more is coming, then go back).
  const moving = present.find((token) => moveUnderway(token));
  if (moving) return { refusal: i18n.format("FRAY.Area.Refuse.Moving", { name: name(moving) }) };
  const ids: string[] = [];
  for (const token of present) {
    const id = tokenArea(token);
    if (!id || !usable.map.areas.some((area) => area.id === id)) return { refusal: i18n.format("FRAY.Area.Refuse.Between", { name: name(token) }) };
    ids.push(id);
  }
  return { placed: { scene, map: usable.map, areas: usable.areas, ids } };
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

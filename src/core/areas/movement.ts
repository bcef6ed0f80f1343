import { moveSteps } from "./graph.js";
import type { AreaMap, Connection } from "./types.js";
import { AreaMapError, requireArea } from "./validate.js";

/** stay: same area; move: one connection (one action); run: two away; beyond that too-far. */
export type MoveKind = "stay" | "move" | "run" | "too-far" | "unreachable";

export interface MoveCheck {
  kind: MoveKind;
  /** Connections to cross on the shortest passable route, or null when there is none. */
  moves: number | null;
  /** One shortest passable route, both ends included. */
  path: string[] | null;
}

/** The shortest route a character can walk: honours one-way arrows and closed doors, never uses sight-only lines. */
export function moveCheck(map: AreaMap, from: string, to: string): MoveCheck {
  requireArea(map, from);
  requireArea(map, to);
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  // for...of walks the areas pushed onto the queue as it goes: a breadth-first walk of the whole
  // map (a few areas), where each area keeps the first, shortest, way in.
  for (const area of queue) {
    for (const step of moveSteps(map, area)) {
      if (!previous.has(step.to)) {
        previous.set(step.to, area);
        queue.push(step.to);
      }
    }
  }
  if (!previous.has(to)) return { kind: "unreachable", moves: null, path: null };
  const path: string[] = [];
  for (let area: string | null | undefined = to; area != null; area = previous.get(area)) path.unshift(area);
  const moves = path.length - 1;
  const kind: MoveKind = moves === 0 ? "stay" : moves === 1 ? "move" : moves === 2 ? "run" : "too-far";
  return { kind, moves, path };
}

/** Opens or shuts the door between two areas, returning a new map (opening or shutting takes an action). */
export function setDoor(map: AreaMap, a: string, b: string, open: boolean): AreaMap {
  const door = doorBetween(map, a, b);
  if (!door) throw new AreaMapError(`there is no door between "${a}" and "${b}"`);
  return { ...map, connections: map.connections.map((c) => (c === door ? { ...c, open } : c)) };
}

/** Why a single step from one area to another is not allowed, by the line between them. */
export type StepProblem = "same-area" | "not-adjacent" | "sight-only" | "wrong-way" | "door-closed";

/**
 * Whether one move (one action) can take a character from `from` to `to`: they must be joined by a
 * line that lets her walk that way (a solid line, a one-way arrow pointing there, an open door).
 * Null when it can; otherwise what stands in the way.
 */
export function stepProblem(map: AreaMap, from: string, to: string): StepProblem | null {
  requireArea(map, from);
  requireArea(map, to);
  if (from === to) return "same-area";
  const line = map.connections.find((c) => (c.from === from && c.to === to) || (c.from === to && c.to === from));
  if (!line) return "not-adjacent";
  switch (line.kind) {
    case "two-way":
      return null;
    case "one-way":
      return line.from === from ? null : "wrong-way";
    case "door":
      return line.open === true ? null : "door-closed";
    case "sight":
    case "sight-blocked":
      return "sight-only";
  }
}

/** The door between two areas, or undefined. */
export function doorBetween(map: AreaMap, a: string, b: string): Connection | undefined {
  return map.connections.find((c) => c.kind === "door" && ((c.from === a && c.to === b) || (c.from === b && c.to === a)));
}

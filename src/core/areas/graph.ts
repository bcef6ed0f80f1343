import type { AreaMap, Connection } from "./types.js";

/** One way along a connection: from one area to the next. */
export interface Step {
  to: string;
  connection: Connection;
}

function doorPasses(connection: Connection): boolean {
  return connection.open === true;
}

/** Whether sight (and so range for attacks) passes along a connection. */
export function carriesSight(connection: Connection): boolean {
  switch (connection.kind) {
    case "two-way":
    case "sight":
    case "one-way":
      return true;
    case "door":
      return doorPasses(connection) || connection.transparent === true;
    case "sight-blocked":
      return false;
  }
}

/** Whether a character may move along a connection from `from`. */
export function carriesMove(connection: Connection, from: string): boolean {
  switch (connection.kind) {
    case "two-way":
      return true;
    case "one-way":
      return connection.from === from;
    case "door":
      return doorPasses(connection);
    case "sight":
    case "sight-blocked":
      return false;
  }
}

function other(connection: Connection, area: string): string | undefined {
  if (connection.from === area) return connection.to;
  if (connection.to === area) return connection.from;
  return undefined;
}

export function sightSteps(map: AreaMap, from: string): Step[] {
  return map.connections.flatMap((connection) => {
    const to = other(connection, from);
    return to !== undefined && carriesSight(connection) ? [{ to, connection }] : [];
  });
}

export function moveSteps(map: AreaMap, from: string): Step[] {
  return map.connections.flatMap((connection) => {
    const to = other(connection, from);
    return to !== undefined && carriesMove(connection, from) ? [{ to, connection }] : [];
  });
}

/** Breadth-first distances (in connections) from `start` along the given steps. */
export function distancesFrom(start: string, steps: (area: string) => Step[]): Map<string, number> {
  const distance = new Map<string, number>([[start, 0]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const area = queue[head] as string;
    const here = distance.get(area) as number;
    for (const step of steps(area)) {
      if (!distance.has(step.to)) {
        distance.set(step.to, here + 1);
        queue.push(step.to);
      }
    }
  }
  return distance;
}

/** Whether the map draws a sight-blocked X between the two areas. */
export function sightBlockedBetween(map: AreaMap, a: string, b: string): boolean {
  return map.connections.some((c) => c.kind === "sight-blocked" && ((c.from === a && c.to === b) || (c.from === b && c.to === a)));
}

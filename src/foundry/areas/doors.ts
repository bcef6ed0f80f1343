/**
 * Doors on a scene's map: a door is listed on both Areas it joins (each side may carry its own
 * cover), so opening or shutting it writes both behaviours at once, or the map would disagree with
 * itself. The GM's toggle in the Area config and a ruleset's door card both go through here.
 */
import { AreaBehaviorModel } from "./model.js";
import { areaBehaviours } from "./scene-map.js";

/** The Area behaviours of a scene whose Area lists a door to the other of `a` and `b`. */
export function doorSides(scene: Scene.Implementation, a: string, b: string): RegionBehavior.Implementation[] {
  const sides: RegionBehavior.Implementation[] = [];
  for (const { region, system } of areaBehaviours(scene)) {
    const other = system.areaKey === a ? b : system.areaKey === b ? a : null;
    if (other === null || !system.connections.some((line) => line.to === other && line.kind === "door")) continue;
    const behavior = region.behaviors.find((candidate) => candidate.system === system);
    if (behavior) sides.push(behavior as RegionBehavior.Implementation);
  }
  return sides;
}

/** A side's connections with its door to `other` set open or shut (a new array: the field is written whole). */
export function withDoor(behavior: RegionBehavior.Implementation, other: string, open: boolean): Array<Record<string, unknown>> | null {
  const system = behavior.system;
  if (!(system instanceof AreaBehaviorModel)) return null;
  return system.connections.map((line) => (line.to === other && line.kind === "door" ? { ...line, open } : { ...line }));
}

/** The Area at the other end of a side's door. */
export function otherEnd(behavior: RegionBehavior.Implementation, a: string, b: string): string {
  return (behavior.system as AreaBehaviorModel).areaKey === a ? b : a;
}

/** Opens or shuts the door between two Areas on every side that lists it (the GM's control). */
export async function setDoorOnScene(scene: Scene.Implementation, a: string, b: string, open: boolean): Promise<void> {
  for (const side of doorSides(scene, a, b)) {
    const connections = withDoor(side, otherEnd(side, a, b), open);
    // The behaviour's system schema is its Area's; fvtt-types types update data by the base behaviour.
    if (connections) await side.update({ "system.connections": connections } as never);
  }
}

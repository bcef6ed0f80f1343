import { mapProblems, type Area, type AreaMap, type Connection } from "../../core/areas/index.js";
import { AreaBehaviorModel } from "./model.js";

/** An Area on a scene: the core Area plus the Region that draws it. */
export interface SceneArea extends Area {
  name: string;
  regionId: string;
}

export interface SceneAreaMap {
  map: AreaMap;
  areas: SceneArea[];
  /** Every reason the map cannot be used, as plain sentences; empty when it is sound. */
  problems: string[];
}

interface Declared {
  from: string;
  to: string;
  kind: Connection["kind"];
  open: boolean;
  transparent: boolean;
  cover: number;
}

/** The enabled `area` behaviours of a scene's Regions, with their Regions. */
export function areaBehaviours(scene: Scene.Implementation): { region: RegionDocument.Implementation; system: AreaBehaviorModel }[] {
  const found: { region: RegionDocument.Implementation; system: AreaBehaviorModel }[] = [];
  for (const region of scene.regions) {
    for (const behavior of region.behaviors) {
      if (!behavior.disabled && behavior.system instanceof AreaBehaviorModel) found.push({ region, system: behavior.system });
    }
  }
  return found;
}

/**
 * Joins the two halves of a connection that both Areas list: the kind (and a door's state) must
 * agree, and each side brings the cover into its own Area. A one-way line runs from the Area that
 * lists it.
 */
function join(pair: Declared[], problems: string[]): Connection {
  const [first, second] = pair as [Declared, Declared?];
  const connection: Connection = { from: first.from, to: first.to, kind: first.kind };
  const where = `${first.from} – ${first.to}`;
  if (second) {
    if (second.kind !== first.kind) problems.push(`${where}: one side says ${first.kind}, the other ${second.kind}`);
    else if (first.kind === "one-way") problems.push(`${where}: both Areas list a one-way line; list it on the Area it leaves`);
    else if (first.kind === "door" && (first.open !== second.open || first.transparent !== second.transparent)) {
      problems.push(`${where}: the two sides disagree about the door`);
    }
  }
  if (first.kind === "door") {
    connection.open = first.open;
    connection.transparent = first.transparent;
  }
  const cover: Record<string, number> = {};
  for (const side of pair) if (side.cover > 0) cover[side.from] = side.cover;
  if (Object.keys(cover).length > 0) connection.cover = cover;
  return connection;
}

/** The scene's combat map, built from its Regions' `area` behaviours and checked by the core. */
export function sceneAreaMap(scene: Scene.Implementation): SceneAreaMap {
  const problems: string[] = [];
  const areas: SceneArea[] = [];
  const pairs = new Map<string, Declared[]>();
  for (const { region, system } of areaBehaviours(scene)) {
    const id = system.areaKey;
    areas.push({ id, name: system.areaName, regionId: region.id ?? "" });
    const listed = new Set<string>();
    for (const line of system.connections) {
      if (!line.to) {
        problems.push(`Area "${id}" has a connection to no Area`);
        continue;
      }
      if (listed.has(line.to)) problems.push(`Area "${id}" lists its connection to "${line.to}" twice`);
      listed.add(line.to);
      const key = [id, line.to].sort().join("\u0000");
      const declared: Declared = { from: id, to: line.to, kind: line.kind as Connection["kind"], open: line.open, transparent: line.transparent, cover: line.cover };
      pairs.set(key, [...(pairs.get(key) ?? []), declared]);
    }
  }
  const connections = [...pairs.values()].map((pair) => join(pair, problems));
  const map: AreaMap = { name: scene.name, areas: areas.map(({ id, name }) => ({ id, name })), connections };
  problems.push(...mapProblems(map));
  return { map, areas, problems: [...new Set(problems)] };
}

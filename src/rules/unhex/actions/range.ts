import * as Type from "@sinclair/typebox";
import { moveCheck } from "../../../core/areas/index.js";
import { defineAction } from "../../ruleset.js";
import { attackReach } from "../reach.js";
import { mapOf } from "../requests.js";
import { WEAPON_KINDS } from "../tables.js";
import { MapSchema } from "../schemas.js";

export const rangeAction = defineAction({
  summary: "Map query: range, line of sight, cover, the Moves (one action each) from one area to another, and which weapons can attack.",
  request: Type.Object(
    { map: Type.Optional(MapSchema), from: Type.String(), to: Type.String(), movingTo: Type.Optional(Type.String()) },
    { additionalProperties: false },
  ),
  resolve: (request, tray) => {
    const map = mapOf(request.map);
    const target = request.movingTo === undefined ? { area: request.to } : { moving: [request.to, request.movingTo] as const };
    const reaches = WEAPON_KINDS.map((weapon) => ({ weapon, reach: attackReach(map, request.from, target, weapon) }));
    const first = (reaches[0] as (typeof reaches)[number]).reach;
    // Unhex has no Run: each Area along the way is one Move, and each Move is one action.
    const { moves, path } = moveCheck(map, request.from, request.to);
    return {
      dice: tray.rolled,
      steps: [
        { rule: request.movingTo === undefined ? "range" : "range-to-mover", range: first.range },
        { rule: "line-of-sight", lineOfSight: first.lineOfSight },
        { rule: "cover", cover: first.cover.cover, value: first.cover.value },
        { rule: "movement", moves },
      ],
      result: {
        range: first.range,
        lineOfSight: first.lineOfSight,
        cover: first.cover.cover,
        movement: { moves, path },
        attacks: Object.fromEntries(reaches.map(({ weapon, reach }) => [weapon, reach.allowed ? true : reach.reason])),
      },
      effects: [],
    };
  },
});

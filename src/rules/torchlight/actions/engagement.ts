import * as Type from "@sinclair/typebox";
import { defineAction } from "../../ruleset.js";
import { isEngaged, mayRetreat, nearestEngagedEnemy } from "../grid.js";
import { PlacementSchema } from "../schemas.js";

export const engagementAction = defineAction({
  summary: "Reads the Combat Grid: who is Engaged, their nearest engaged enemy, and who may Retreat (no dice)",
  request: Type.Object(
    {
      grid: Type.Array(PlacementSchema, { minItems: 1 }),
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const grid = request.grid;
    const rows = grid.map((p) => ({
      rule: "engagement",
      participant: p.name,
      engaged: isEngaged(grid, p.name),
      nearestEnemy: nearestEngagedEnemy(grid, p.name)?.name ?? null,
      mayRetreat: mayRetreat(grid, p.name),
    }));
    return {
      dice: tray.rolled,
      steps: rows,
      result: { engaged: rows.filter((r) => r.engaged).map((r) => r.participant), mayRetreat: rows.filter((r) => r.mayRetreat).map((r) => r.participant) },
      effects: [],
    };
  },
});

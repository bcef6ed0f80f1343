import * as Type from "@sinclair/typebox";
import type { Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { flatLanes, isEngaged, type Lane, moveRefusal, type Placement, placeWithOverflow } from "../grid.js";
import { readOptions } from "../options.js";
import { TorchlightRefusal } from "../refusal.js";
import { LanesSchema, Options, PlacementSchema, StanceSchema } from "../schemas.js";

const Grid = Type.Array(PlacementSchema, { maxItems: 60 });
const Cell = Type.Object({ lane: Type.Integer({ minimum: 1, maximum: 12 }), stance: StanceSchema }, { additionalProperties: false });

/** The lanes a request gives, or the standard six on one level. */
function lanesOf(given: readonly Lane[] | undefined): Lane[] {
  return given ? [...given] : flatLanes();
}

/**
 * Placing newcomers on the Combat Grid, in the order given (the initiative action's
 * `placementOrder`: the successful Dex saves first, highest first, then the failures): each goes to
 * its wished lane and stance when its side has room there, else overflows to the next nearest lane
 * of the same level, its Aggressive stance first and moving back.
 */
export const placeAction = defineAction({
  summary: "Place newcomers on the Combat Grid in placement order: each at its wished lane and stance, or overflowing to the next nearest lane, Aggressive first (no dice)",
  request: Type.Object(
    {
      /** Who stands on the grid already. */
      grid: Type.Optional(Grid),
      lanes: Type.Optional(LanesSchema),
      newcomers: Type.Array(Type.Object({ name: Type.String(), side: Type.String(), wish: Cell }, { additionalProperties: false }), { minItems: 1, maxItems: 60 }),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const options = readOptions(request.options);
    const lanes = lanesOf(request.lanes);
    // Stryker disable next-line ArrayDeclaration: a stray entry in an empty grid has no name and no side: it blocks no newcomer and fills no cell
    const grid: Placement[] = [...(request.grid ?? [])];
    const steps: Step[] = [];
    const placed: Record<string, { lane: number; stance: string }> = {};
    const unplaced: string[] = [];
    for (const newcomer of request.newcomers) {
      if (grid.some((p) => p.name === newcomer.name)) throw new TorchlightRefusal("already-placed", newcomer.name);
      const cell = placeWithOverflow(grid, newcomer.side, newcomer.wish, lanes, options.cellCapacity);
      if (!cell) {
        steps.push({ rule: "place", participant: newcomer.name, wish: newcomer.wish, full: true });
        unplaced.push(newcomer.name);
        continue;
      }
      const overflow = cell.lane !== newcomer.wish.lane || cell.stance !== newcomer.wish.stance;
      steps.push({ rule: "place", participant: newcomer.name, wish: newcomer.wish, lane: cell.lane, stance: cell.stance, ...(overflow ? { overflow: true } : {}) });
      placed[newcomer.name] = cell;
      grid.push({ name: newcomer.name, side: newcomer.side, ...cell });
    }
    return { dice: tray.rolled, steps, result: { placed, ...(unplaced.length ? { unplaced } : {}) }, effects: [] };
  },
});

/**
 * A character's one move of the round on the Combat Grid: to any lane and stance on her level; a
 * lane of another level (a balcony) or under cover only from the next lane. Not while Grappled or
 * the round after a Push; an Incapacitated character drags herself one position at most.
 */
export const moveAction = defineAction({
  summary: "A move on the Combat Grid: to another lane or stance, a lane of another level or under cover only from the next lane; once a round, not while Grappled or just Pushed (no dice)",
  request: Type.Object(
    {
      grid: Type.Array(PlacementSchema, { minItems: 1, maxItems: 60 }),
      lanes: Type.Optional(LanesSchema),
      by: Type.String(),
      to: Cell,
      /** She already moved this round. */
      movedThisRound: Type.Optional(Type.Boolean()),
      /** Her side's declared attacks have already rolled this turn (seed 004, Actions: every action is declared before any attack). */
      sideRolled: Type.Optional(Type.Boolean()),
      grappled: Type.Optional(Type.Boolean()),
      /** She was Pushed last round. */
      pushed: Type.Optional(Type.Boolean()),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const options = readOptions(request.options);
    const lanes = lanesOf(request.lanes);
    const me = request.grid.find((p) => p.name === request.by);
    if (!me) throw new TorchlightRefusal("needs-position", request.by);
    const facts = { movedThisRound: request.movedThisRound ?? false, sideRolled: request.sideRolled ?? false, grappled: request.grappled ?? false, pushed: request.pushed ?? false };
    const refusal = moveRefusal(request.grid, lanes, me.name, request.to, options.cellCapacity, facts);
    if (refusal) throw new TorchlightRefusal(refusal, `${me.name} → lane ${request.to.lane}, ${request.to.stance}`);
    const from = { lane: me.lane, stance: me.stance };
    // moveRefusal has refused a move to or from a lane off the grid, so both lanes are there.
    const level = lanes[request.to.lane - 1]!.level;
    const climb = level - lanes[me.lane - 1]!.level;
    const step: Step = { rule: "move", participant: me.name, from, to: request.to };
    if (climb !== 0) step.climb = climb;
    const moved = request.grid.map((p) => (p === me ? { ...p, ...request.to } : p));
    return { dice: tray.rolled, steps: [step], result: { moved: me.name, from, to: request.to, level, engaged: isEngaged(moved, me.name) }, effects: [] };
  },
});

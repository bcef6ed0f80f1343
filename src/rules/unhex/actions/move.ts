import * as Type from "@sinclair/typebox";
import { requireArea, stepProblem, type StepProblem } from "../../../core/areas/index.js";
import { effectOf, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { defineAction } from "../../ruleset.js";
import { type ActionBudget, FRESH_BUDGET, spendAction } from "../budget.js";
import { conditionsOf, isOut } from "../character.js";
import { attackReach } from "../reach.js";
import { characterOf, mapOf, optionsOf } from "../requests.js";
import { CombatantSchema, MapSchema, Options, WeaponSchema } from "../schemas.js";
import { WEAPON_KINDS, type WeaponKind } from "../tables.js";

const strict = { additionalProperties: false } as const;

const PROBLEMS: Record<StepProblem, (from: string, to: string) => string> = {
  "same-area": (from) => `already in "${from}"`,
  "not-adjacent": (from, to) => `"${to}" is not next to "${from}": a move goes one area at a time`,
  "sight-only": (from, to) => `the line between "${from}" and "${to}" carries sight only; nobody walks along it`,
  "wrong-way": (from, to) => `the way between "${from}" and "${to}" is one-way, towards "${from}"`,
  "door-closed": (from, to) => `the door between "${from}" and "${to}" is closed`,
};

export const moveAction = defineAction({
  summary: "Move one area along a line that allows it (an action), and who among the enemies may Intercept the mover (range and sight, an action left).",
  request: Type.Object(
    {
      map: Type.Optional(MapSchema),
      mover: Type.Composite([CombatantSchema, Type.Object({ area: Type.String() })], strict),
      to: Type.String(),
      /** The GM puts the character there: no action spent, no line needed, nobody intercepts. */
      free: Type.Optional(Type.Boolean()),
      /** The enemies who see the move, each with her area and the weapons in her hands (required here; at most four, from the combatant's own bound). */
      enemies: Type.Optional(
        Type.Array(Type.Composite([CombatantSchema, Type.Object({ area: Type.String(), weapons: Type.Array(WeaponSchema), id: Type.Optional(Type.String({ maxLength: 100 })) })], strict), { maxItems: 100 }),
      ),
      options: Options,
    },
    strict,
  ),
  resolve: (request, tray) => {
    const options = optionsOf(request.options);
    const map = mapOf(request.map);
    const mover = characterOf(request.mover);
    const from = request.mover.area;
    requireArea(map, from);
    requireArea(map, request.to);
    const steps: Step[] = [];
    if (request.free) {
      steps.push({ rule: "placed", who: mover.name, from, to: request.to });
      return { dice: tray.rolled, steps, result: { from, to: request.to, free: true, interceptors: [] }, effects: [] };
    }
    if (isOut(mover, options)) throw new RuleError(`${mover.name} is out of the fight and cannot move`);
    const conditions = conditionsOf(mover, options);
    if (conditions.includes("cannot-move")) throw new RuleError(`${mover.name} cannot move: both legs are full`);
    const problem = stepProblem(map, from, request.to);
    if (problem) throw new RuleError(PROBLEMS[problem](from, request.to));
    const paid = request.mover.budget;
    const budget = paid ? spendAction(paid) : undefined;
    steps.push({ rule: "move", who: mover.name, from, to: request.to, ...(conditions.includes("moves-only-with-both-hands") ? { withBothHands: true } : {}) });
    const interceptors: Array<{ name: string; id?: string; weapons: WeaponKind[] }> = [];
    for (const enemy of request.enemies ?? []) {
      requireArea(map, enemy.area);
      if (isOut(characterOf(enemy), options) || (enemy.budget ?? FRESH_BUDGET).available < 1) continue;
      const weapons = WEAPON_KINDS.filter((weapon) => enemy.weapons.includes(weapon) && attackReach(map, enemy.area, { moving: [from, request.to] }, weapon).allowed);
      if (weapons.length > 0) interceptors.push({ name: enemy.name, ...(enemy.id !== undefined ? { id: enemy.id } : {}), weapons });
    }
    steps.push({ rule: "may-intercept", interceptors: interceptors.map((i) => i.name) });
    const tracks = (b: ActionBudget | undefined) => (b ? { "budget.available": b.available, "budget.owed": b.owed } : {});
    return { dice: tray.rolled, steps, result: { from, to: request.to, interceptors }, effects: [effectOf(mover.name, tracks(paid), tracks(budget))] };
  },
});

import * as Type from "@sinclair/typebox";
import { doorBetween, requireArea } from "../../../core/areas/index.js";
import { effectOf, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { defineAction } from "../../ruleset.js";
import { spendAction } from "../budget.js";
import { characterOf, mapOf, optionsOf } from "../requests.js";
import { isOut } from "../character.js";
import { CombatantSchema, MapSchema, Options } from "../schemas.js";

const strict = { additionalProperties: false } as const;

export const doorAction = defineAction({
  summary: "Open or shut the door between two areas: an action for a character in one of them, or the GM's word.",
  request: Type.Object(
    {
      map: Type.Optional(MapSchema),
      between: Type.Tuple([Type.String(), Type.String()]),
      open: Type.Boolean(),
      /** Who works the door (she spends her action); without her, the GM sets it. */
      actor: Type.Optional(Type.Composite([CombatantSchema, Type.Object({ area: Type.String() })], strict)),
      options: Options,
    },
    strict,
  ),
  resolve: (request, tray) => {
    const map = mapOf(request.map);
    const [a, b] = request.between;
    requireArea(map, a);
    requireArea(map, b);
    const door = doorBetween(map, a, b);
    if (!door) throw new RuleError(`there is no door between "${a}" and "${b}"`);
    if ((door.open === true) === request.open) throw new RuleError(`the door between "${a}" and "${b}" is already ${request.open ? "open" : "closed"}`);
    const steps: Step[] = [];
    const effects = [];
    if (request.actor) {
      const actor = characterOf(request.actor);
      if (isOut(actor, optionsOf(request.options))) throw new RuleError(`${actor.name} is out of the fight and cannot work a door`);
      if (request.actor.area !== a && request.actor.area !== b) throw new RuleError(`${actor.name} is in "${request.actor.area}", not beside the door between "${a}" and "${b}"`);
      const before = request.actor.budget;
      const after = before ? spendAction(before) : undefined;
      effects.push(effectOf(actor.name, before ? { "budget.available": before.available, "budget.owed": before.owed } : {}, after ? { "budget.available": after.available, "budget.owed": after.owed } : {}));
      steps.push({ rule: request.open ? "open-door" : "shut-door", who: actor.name, between: [a, b] });
    } else {
      steps.push({ rule: request.open ? "open-door" : "shut-door", who: null, between: [a, b] });
    }
    return { dice: tray.rolled, steps, result: { between: [a, b], open: request.open }, effects };
  },
});

import * as Type from "@sinclair/typebox";
import type { Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { combatEnd, OUT_WORDS } from "../combatEnd.js";
import { characterOf, optionsOf } from "../requests.js";
import { Options, RollerSchema, WoundsSchema } from "../schemas.js";

const strict = { additionalProperties: false } as const;
const Member = Type.Composite([RollerSchema, Type.Object({ wounds: Type.Optional(WoundsSchema), out: Type.Optional(Type.Union(OUT_WORDS.map((word) => Type.Literal(word)))) })], strict);
const TeamSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), members: Type.Array(Member, { maxItems: 1000 }) }, strict);

export const combatEndAction = defineAction({
  summary: "The end-of-combat test: over when only one team (or none) has someone standing (not surrendered, unconscious or retreated), or when the GM's objective is met.",
  request: Type.Object(
    {
      teams: Type.Array(TeamSchema, { minItems: 1, maxItems: 8 }),
      /** The GM says the objective she set is met. */
      objectiveMet: Type.Optional(Type.Boolean()),
      options: Options,
    },
    strict,
  ),
  resolve: (request, tray) => {
    const options = optionsOf(request.options);
    const teams = request.teams.map((team) => ({ name: team.name, members: team.members.map((member) => ({ ...characterOf(member), ...(member.out ? { out: member.out } : {}) })) }));
    const end = combatEnd(teams, options, request.objectiveMet === true);
    const steps: Step[] = [
      ...end.out.map(({ team, who, why }) => ({ rule: "out-of-fight", team, who, why })),
      { rule: "teams-standing", teams: end.standing },
      end.over ? { rule: "combat-ends", by: end.by } : { rule: "combat-goes-on" },
    ];
    return { dice: tray.rolled, steps, result: { over: end.over, by: end.by, standing: end.standing, winner: end.standing.length === 1 ? end.standing[0] : null }, effects: [] };
  },
});

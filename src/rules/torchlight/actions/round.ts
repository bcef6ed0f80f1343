import { type Static, Type } from "@sinclair/typebox";
import type { DiceTray } from "../../../core/dice/source.js";
import { effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { vitalsView, type Vitals } from "../../../core/tracks/breath.js";
import { defineAction } from "../../ruleset.js";
import { resolveEndOfRound, type RoundCombatant } from "../endOfRound.js";
import { readOptions } from "../options.js";
import { CombatantSchema, Options, toVitals } from "../schemas.js";
import { rallyGain } from "../stances.js";
import { TorchlightRefusal } from "../refusal.js";

const Hit = Type.Object(
  {
    target: Type.String(),
    amount: Type.Integer({ minimum: 0 }),
    damageType: Type.Optional(Type.String()),
    from: Type.Optional(Type.String()),
    precisionStrike: Type.Optional(Type.Boolean()),
    parried: Type.Optional(Type.Boolean()),
    protectedBy: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const Request = Type.Object(
  {
    combatants: Type.Array(CombatantSchema, { minItems: 1 }),
    /** Every attack total that landed this round (before the target's On Guard). */
    hits: Type.Array(Hit),
    /** The round's one Rally: who used it and the companions it reaches. */
    rally: Type.Optional(Type.Object({ by: Type.String(), allies: Type.Array(Type.String()) }, { additionalProperties: false })),
    options: Options,
  },
  { additionalProperties: false },
);
export type RoundRequest = Static<typeof Request>;

function statusesOf(before: Vitals, after: Vitals): string[] {
  const statuses: string[] = [];
  if (after.incapacitated && !before.incapacitated) statuses.push("incapacitated", "prone");
  if (after.dead && !before.dead) statuses.push("dead");
  return statuses;
}

export function resolveRound(request: RoundRequest, tray: DiceTray): Outcome {
  const options = readOptions(request.options);
  const steps: Step[] = [];
  const names = new Set(request.combatants.map((c) => c.name));
  for (const name of [...request.hits.flatMap((h) => [h.target, h.protectedBy ?? h.target]), ...(request.rally ? [request.rally.by, ...request.rally.allies] : [])]) {
    if (!names.has(name)) throw new TorchlightRefusal("unknown-combatant", name);
  }
  const stances = new Map(request.combatants.map((c) => [c.name, c.stance ?? "steadied"]));
  for (const hit of request.hits) {
    if (hit.protectedBy !== undefined && stances.get(hit.protectedBy) !== "on-guard") throw new TorchlightRefusal("protect-needs-on-guard", hit.protectedBy);
  }
  let combatants: RoundCombatant[] = request.combatants.map((c) => ({ name: c.name, vitals: toVitals(c), stance: c.stance ?? "steadied", evading: c.evading ?? false }));
  const start = combatants;

  // Rally happens in the players' turn, so its Breath is there before the round's damage lands.
  const rally = request.rally;
  if (rally) {
    const rallier = combatants.find((c) => c.name === rally.by);
    if (rallier?.stance !== "steadied" || rallier.vitals.incapacitated) throw new TorchlightRefusal("rally-needs-steadied", rally.by);
    combatants = combatants.map((c) => {
      if (!rally.allies.includes(c.name) || c.name === rally.by) return c;
      const gain = rallyGain(tray, c.name, c.vitals);
      steps.push({ rule: "rally", participant: c.name, roll: gain.roll, breath: gain.vitals.breath });
      return { ...c, vitals: gain.vitals };
    });
  }

  const hits = request.hits.map((h) => ({ ...h, damageType: h.damageType ?? "physical" }));
  const end = resolveEndOfRound(tray, combatants, hits, options.protectRounding);
  steps.push(...end.steps);
  const effects = end.combatants.map((c, index) => {
    const before = start[index]?.vitals ?? c.vitals;
    return effectOf(c.name, vitalsView(before), vitalsView(c.vitals), statusesOf(before, c.vitals));
  });
  const newly = (test: (before: Vitals, after: Vitals) => boolean) =>
    end.combatants.filter((c, index) => test(start[index]?.vitals ?? c.vitals, c.vitals)).map((c) => c.name);
  return {
    dice: tray.rolled,
    steps,
    result: {
      resolved: true,
      incapacitated: newly((b, a) => a.incapacitated && !b.incapacitated),
      dead: newly((b, a) => a.dead && !b.dead),
      standing: end.combatants.filter((c) => !c.vitals.incapacitated && !c.vitals.dead).map((c) => c.name),
    },
    effects: effects.filter((e) => Object.keys(e.changes).length > 0 || (e.statuses?.length ?? 0) > 0),
  };
}

export const roundAction = defineAction({
  summary: "End of a round: Rally, then every hit totalled and applied (Breath, then Characteristics), then saves; failure Incapacitates",
  request: Request,
  resolve: resolveRound,
});

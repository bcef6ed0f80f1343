import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { TorchlightRefusal, type TorchlightRefusalCode } from "../refusal.js";
import { ManeuverSchema, PushDirectionSchema, StanceSchema, WeaponKindSchema } from "../schemas.js";
import { MANEUVER_BREATH_COST, type ManeuverName, MANEUVERS } from "../tables.js";
import { resolveManeuvers } from "./attack.js";
import { STANDARD_LANE_COUNT } from "../grid.js";

/** The Maneuvers only an attack can carry: Feint rerolls its damage die, Grapple comes "after your attack". */
const WITH_ATTACK_ONLY: Partial<Record<ManeuverName, TorchlightRefusalCode>> = { feint: "feint-needs-attack", grapple: "grapple-needs-attack" };

/**
 * A Maneuver bought with 1 Breath on its own, without an attack (Feint and Grapple need one: the
 * attack's card buys them). Melee Maneuvers reach a target in the character's lane, or, with a reach
 * weapon, the closest character of the next lane.
 */
export const maneuverAction = defineAction({
  summary: "A Maneuver for 1 Breath without an attack (Disarm, Distract, Evade, Goad, Hide/Cover, Parry, Push, Trip; Feint and Grapple only with an attack)",
  request: Type.Object(
    {
      actor: Type.Object(
        {
          name: Type.String(),
          breath: Type.Integer({ minimum: 0 }),
          dex: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
          weapon: Type.Optional(WeaponKindSchema),
        },
        { additionalProperties: false },
      ),
      maneuver: ManeuverSchema,
      target: Type.Optional(Type.Object({ name: Type.String(), stance: Type.Optional(StanceSchema) }, { additionalProperties: false })),
      position: Type.Optional(
        Type.Object(
          {
            actorLane: Type.Integer({ minimum: 1 }),
            targetLane: Type.Integer({ minimum: 1 }),
            laneCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
            /** The target is the closest character of its side in its lane: a reach weapon into the next lane needs it. */
            targetClosest: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      ),
      /** Where a Push sends the target: absent = awaited. */
      push: Type.Optional(PushDirectionSchema),
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const { actor, maneuver } = request;
    const definition = MANEUVERS[maneuver];
    // No weapon named is a melee one: only "ranged" and "reach" change what a Maneuver may do.
    const weapon = actor.weapon;
    const alone = WITH_ATTACK_ONLY[maneuver];
    if (alone) throw new TorchlightRefusal(alone);
    if (definition.meleeOnly && weapon === "ranged") throw new TorchlightRefusal("maneuver-needs-melee");
    if (definition.needsTarget && !request.target) throw new TorchlightRefusal("maneuver-needs-target");
    if (actor.breath < MANEUVER_BREATH_COST) throw new TorchlightRefusal("no-breath-for-maneuver");
    if (definition.meleeOnly && request.position) {
      const gap = Math.abs(request.position.actorLane - request.position.targetLane);
      if (gap > (weapon === "reach" ? 1 : 0)) throw new TorchlightRefusal("maneuver-out-of-reach");
      if (gap === 1 && request.position.targetClosest !== true) throw new TorchlightRefusal("reach-not-closest", request.position.targetClosest === undefined ? "give position.targetClosest" : undefined);
    }
    const steps: Step[] = [{ rule: "maneuver-breath", cost: MANEUVER_BREATH_COST }];
    const out = resolveManeuvers(
      tray,
      { name: actor.name, dex: actor.dex, target: request.target?.name, targetStance: request.target?.stance ?? "steadied", targetLane: request.position?.targetLane, laneCount: request.position?.laneCount ?? STANDARD_LANE_COUNT, push: request.push },
      [{ name: maneuver, paidWith: "breath" }],
      steps,
    );
    if (out.awaitingPush) return awaitingOutcome(tray.rolled, steps, { maneuver }, { choice: "push", by: "actor", offer: { directions: out.awaitingPush } });
    const taken = out.taken[0]!;
    const effects = [effectOf(actor.name, { breath: actor.breath }, { breath: actor.breath - MANEUVER_BREATH_COST }, out.selfStatuses)];
    // Every Maneuver that marks a target needs one: it was refused above without.
    if (out.targetStatuses.length) effects.push(effectOf(request.target!.name, {}, {}, out.targetStatuses));
    return {
      dice: tray.rolled,
      steps,
      result: { maneuver, success: taken.success, ...(out.pushedTo ? { pushedTo: out.pushedTo } : {}) },
      effects,
    };
  },
});

import * as Type from "@sinclair/typebox";
import { awaitingOutcome, effectOf, type Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { TorchlightRefusal } from "../refusal.js";
import { ManeuverSchema, PushDirectionSchema, StanceSchema, WeaponKindSchema } from "../schemas.js";
import { MANEUVER_BREATH_COST, MANEUVERS } from "../tables.js";
import { resolveManeuvers } from "./attack.js";
import { STANDARD_LANE_COUNT } from "../grid.js";

/**
 * A Maneuver bought with 1 Breath on its own, without an attack (Feint needs one: the attack's own
 * dialog buys it). Melee Maneuvers reach a target in the character's lane, or one lane further with
 * a reach weapon.
 */
export const maneuverAction = defineAction({
  summary: "A Maneuver for 1 Breath without an attack (Disarm, Distract, Evade, Goad, Grapple with its Dex check, Hide/Cover, Parry, Push, Trip)",
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
        Type.Object({ actorLane: Type.Integer({ minimum: 1 }), targetLane: Type.Integer({ minimum: 1 }), laneCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })) }, { additionalProperties: false }),
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
    if (definition.withAttackOnly) throw new TorchlightRefusal("feint-needs-attack");
    if (definition.meleeOnly && weapon === "ranged") throw new TorchlightRefusal("maneuver-needs-melee");
    if (definition.needsTarget && !request.target) throw new TorchlightRefusal("maneuver-needs-target");
    if (definition.dexCheck && actor.dex === undefined) throw new TorchlightRefusal("grapple-needs-dex");
    if (actor.breath < MANEUVER_BREATH_COST) throw new TorchlightRefusal("no-breath-for-maneuver");
    if (definition.meleeOnly && request.position) {
      const gap = Math.abs(request.position.actorLane - request.position.targetLane);
      if (gap > (weapon === "reach" ? 1 : 0)) throw new TorchlightRefusal("maneuver-out-of-reach");
    }
    const steps: Step[] = [{ rule: "maneuver-breath", cost: MANEUVER_BREATH_COST }];
    const out = resolveManeuvers(
      tray,
      { name: actor.name, dex: actor.dex, targetStance: request.target?.stance ?? "steadied", targetLane: request.position?.targetLane, laneCount: request.position?.laneCount ?? STANDARD_LANE_COUNT, push: request.push },
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

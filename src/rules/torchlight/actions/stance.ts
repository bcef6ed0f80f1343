import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { Step } from "../../../core/outcome.js";
import { defineAction } from "../../ruleset.js";
import { mayProtect, mayRetreat, nearestEngagedEnemy, rallyReach } from "../grid.js";
import { readOptions } from "../options.js";
import { TorchlightRefusal } from "../refusal.js";
import { AbilitySchema, CompulsionsSchema, Options, PlacementSchema, WeaponKindSchema } from "../schemas.js";
import { ABILITY_STANCE, RETREAT_WAIT_ROUNDS, STANCE_RULES } from "../tables.js";

const Grid = Type.Array(PlacementSchema, { minItems: 1, maxItems: 60 });

const AbilityRequest = Type.Object(
  {
    grid: Grid,
    /** Who uses its stance's ability. */
    by: Type.String(),
    /** The ability; by default its stance's own. */
    ability: Type.Optional(AbilitySchema),
    /** Protect Companion: the companion defended; Called Shot: the enemy declared. */
    target: Type.Optional(Type.String()),
    /** Called Shot: the weapon it will shoot with. */
    weapon: Type.Optional(WeaponKindSchema),
    /** Rally: someone has already Rallied this round. */
    rallyTaken: Type.Optional(Type.Boolean()),
    /** What compels its user this round: a compelled character must attack, so only Protect Companion (which leaves the attack) is open. */
    compelled: Type.Optional(CompulsionsSchema),
    /** Its user's side's declared attacks have already rolled this round: an ability declared now would come after them (refused; she declares again next round). */
    sideRolled: Type.Optional(Type.Boolean()),
    options: Options,
  },
  { additionalProperties: false },
);
export type AbilityRequest = Static<typeof AbilityRequest>;

/**
 * A stance ability, used instead of the action (Protect Companion still lets its user attack), read
 * off the Combat Grid: Intimidation compels the nearest Engaged enemy to attack this round, Impaired; Rally
 * reaches the companions within one position, Protect Companion needs an adjacent companion,
 * Called Shot a ranged weapon and a declared enemy. No dice: what it does lands at the round's end
 * (Rally, Protect) or on the attacks it touches (Intimidation, Called Shot).
 */
export const abilityAction = defineAction({
  summary: "A stance ability read off the Combat Grid (Intimidation, Rally, Protect Companion, Called Shot): whom it reaches, or why not (no dice)",
  request: AbilityRequest,
  resolve(request, tray) {
    const options = readOptions(request.options);
    const me = request.grid.find((p) => p.name === request.by);
    if (!me) throw new TorchlightRefusal("needs-position", request.by);
    // "All Actions must be declared before any Attacks are made" (seed 004, Actions).
    if (request.sideRolled) throw new TorchlightRefusal("declared-after-attacks", request.by);
    const ability = request.ability ?? STANCE_RULES[me.stance].ability;
    if (ABILITY_STANCE[ability] !== me.stance || me.incapacitated) throw new TorchlightRefusal("ability-wrong-stance", `${ability} is used from ${ABILITY_STANCE[ability]}`);
    const compelled = request.compelled ?? [];
    if (compelled.length > 0 && !STANCE_RULES[ABILITY_STANCE[ability]].abilityAllowsAttack) {
      throw new TorchlightRefusal("compelled-to-attack", compelled.map((c) => `${c.kind} by ${c.by}`).join(", "));
    }
    // No target named finds no one: every placement has a name.
    const target = request.grid.find((p) => p.name === request.target);
    if (request.target !== undefined && !target) throw new TorchlightRefusal("needs-position", request.target);
    let result: Record<string, unknown>;
    const extra: Step[] = [];
    if (ability === "intimidation") {
      const enemy = nearestEngagedEnemy(request.grid, me.name);
      if (!enemy) throw new TorchlightRefusal("no-engaged-enemy");
      result = { ability, intimidated: enemy.name };
      extra.push({ rule: "compels", kind: "intimidation", by: me.name, target: enemy.name });
    } else if (ability === "rally") {
      if (request.rallyTaken) throw new TorchlightRefusal("rally-once-a-round");
      result = { ability, reaches: rallyReach(request.grid, me.name, options.diagonalAdjacency).map((p) => p.name) };
    } else if (ability === "protect-companion") {
      if (!target) throw new TorchlightRefusal("ability-needs-target");
      if (!mayProtect(request.grid, me.name, target.name, options.diagonalAdjacency)) throw new TorchlightRefusal("protect-not-adjacent", `${me.name} → ${target.name}`);
      result = { ability, protects: target.name };
    } else {
      if (!target || target.side === me.side) throw new TorchlightRefusal("ability-needs-target");
      if ((request.weapon ?? "ranged") !== "ranged") throw new TorchlightRefusal("called-shot-needs-ranged");
      result = { ability, calledShotOn: target.name };
    }
    return { dice: tray.rolled, steps: [{ rule: "ability", by: me.name, stance: me.stance, ...result }, ...extra], result, effects: [] };
  },
});

const RetreatRequest = Type.Object(
  {
    grid: Grid,
    by: Type.String(),
    /** The round it Retreats in. */
    round: Type.Integer({ minimum: 1, maximum: 9999 }),
  },
  { additionalProperties: false },
);

/** Retreat: from the Rearguard, not Engaged, standing. Out of combat; back no sooner than a round later, rolling initiative again. */
export const retreatAction = defineAction({
  summary: "Retreat from the Rearguard when not Engaged: leaves combat, sits out at least one round, then re-rolls initiative to re-enter (no dice)",
  request: RetreatRequest,
  resolve(request, tray) {
    const me = request.grid.find((p) => p.name === request.by);
    if (!me) throw new TorchlightRefusal("needs-position", request.by);
    if (!mayRetreat(request.grid, me.name)) {
      const why = me.incapacitated ? "incapacitated" : me.stance !== "rearguard" ? `in the ${me.stance} stance` : "engaged";
      throw new TorchlightRefusal("may-not-retreat", `${me.name} is ${why}`);
    }
    const mayReturnFrom = request.round + RETREAT_WAIT_ROUNDS + 1;
    return {
      dice: tray.rolled,
      steps: [{ rule: "retreat", participant: me.name, leftInRound: request.round, mayReturnFrom }],
      result: { retreated: me.name, leftInRound: request.round, mayReturnFrom },
      effects: [{ participant: me.name, changes: {}, statuses: ["retreated"] }],
    };
  },
});

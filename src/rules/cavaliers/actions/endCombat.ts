import * as Type from "@sinclair/typebox";
import { awaitingOutcome, type Effect, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { ownValue } from "../../../core/ownKey.js";
import { defineAction } from "../../ruleset.js";
import { isDyingNow, yieldStatus } from "../actors.js";
import { refuse } from "../refusal.js";
import { ActorTypeSchema, competencyField, Options, WoundTrackSchema } from "../schemas.js";
import { stateOf } from "./common.js";

const Key = Type.String({ pattern: "^.{1,40}$" });

const Combatant = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    /** How the request names her in `medicine` and in what it awaits (her name when none). */
    id: Type.Optional(Key),
    type: Type.Optional(ActorTypeSchema),
    yield: Type.Optional(Type.Integer({ minimum: 0 })),
    wounds: Type.Optional(Type.Integer({ minimum: 0 })),
    woundTrack: WoundTrackSchema,
    /** Her competency die and unwounded Yield Limit, to tell an NPC at her limit (out: surrendered or knocked out). */
    competency: competencyField,
    yieldLimit: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

const idOf = (combatant: { name: string; id?: string | undefined }) => combatant.id ?? combatant.name;

/**
 * The end of a fight. Everyone catches her breath: Yield goes back to 0 (a PC who fought on past
 * her Yield Limit loses the Wound on 1 SP; a surrender or a knock-out stands). A Dying NPC dies
 * unless a Medicine attempt saved her, which the request says per NPC (`medicine`, awaited from
 * her owner while unsaid; the MJ may rule an NPC beyond saving: false). A Dying PC's player
 * chooses: expire, Medicine, or a Survival roll (the `survival` action).
 */
export const endCombatAction = defineAction({
  summary: "The end of a fight: Yield resets to 0; a Dying NPC dies unless saved with Medicine (awaited per NPC); a Dying PC's player chooses.",
  request: Type.Object(
    {
      combatants: Type.Array(Combatant, { minItems: 1, maxItems: 100 }),
      /** Per Dying NPC (by id): true when a successful Medicine attempt saved her, false when none did. */
      medicine: Type.Optional(Type.Record(Key, Type.Boolean(), { additionalProperties: false })),
      options: Options,
    },
    { additionalProperties: false },
  ),
  resolve(request, tray): Outcome {
    const steps: Step[] = [];
    const combatants = request.combatants.map((c) => ({ ...c, type: c.type ?? ("pc" as const), yield: c.yield ?? 0, wounds: c.wounds ?? 0 }));
    const ids = combatants.map(idOf);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    if (twice !== undefined) refuse(`${twice} is named twice`);
    const medicine = request.medicine ?? {};
    const dyingNpcs = combatants.filter((c) => c.type !== "pc" && isDyingNow(c));
    for (const key of Object.keys(medicine)) {
      if (!dyingNpcs.some((c) => idOf(c) === key)) refuse(`${key} is not a Dying NPC of this fight: only a Dying NPC is saved (or not) with Medicine at its end`);
    }
    const unsaid = dyingNpcs.find((c) => ownValue(medicine, idOf(c)) === undefined);
    if (unsaid) return awaitingOutcome(tray.rolled, steps, { resolved: false, medicineFor: unsaid.name }, { choice: `medicine.${idOf(unsaid)}`, by: idOf(unsaid), offer: { name: unsaid.name } });
    const died: string[] = [];
    const saved: string[] = [];
    const effects: Effect[] = [];
    for (const c of combatants) {
      const statuses: string[] = [];
      // Fighting on past her Yield Limit ends with the Yield; only a PC with Yield can have done it.
      if (c.type === "pc" && c.yield > 0) statuses.push("catches-breath");
      if (dyingNpcs.includes(c)) {
        const rescued = medicine[idOf(c)] === true;
        (rescued ? saved : died).push(c.name);
        statuses.push(rescued ? "saved-with-medicine" : "dead");
        steps.push({ rule: "dying-npc", participant: c.name, savedWithMedicine: rescued });
      }
      if (c.yield > 0) steps.push({ rule: "yield-reset", participant: c.name, from: c.yield });
      const effect = effectOf(c.name, { yield: c.yield }, { yield: 0 }, statuses);
      if (c.yield > 0 || statuses.length) effects.push(effect);
    }
    const dyingPcs = combatants.filter((c) => c.type === "pc" && isDyingNow(c)).map((c) => c.name);
    // An NPC who reached her Yield Limit surrendered or was knocked out: the Yield goes, that stays, and she counts as out.
    const out = combatants.filter((c) => !dyingNpcs.includes(c) && yieldStatus(stateOf(c)) === "yielded-out").map((c) => c.name);
    for (const name of out) steps.push({ rule: "out-at-yield-limit", participant: name });
    return {
      dice: tray.rolled,
      steps,
      result: { resolved: true, died, saved, dyingPcs, out, ...(dyingPcs.length ? { note: "A Dying PC's player chooses: she expires, receives Medicine, or makes a Survival roll." } : {}) },
      effects,
    };
  },
});

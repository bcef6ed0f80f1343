import * as Type from "@sinclair/typebox";
import { rollCheck, rollSave } from "../../../core/dice/d20.js";
import { rollSaveOrWait } from "../../../core/initiative/saveOrWait.js";
import { defineAction } from "../../ruleset.js";
import { CharacteristicSchema } from "../schemas.js";
import { RETREAT_WAIT_ROUNDS } from "../tables.js";
import { TorchlightRefusal } from "../refusal.js";

const Score = Type.Integer({ minimum: 0, maximum: 20 });

export const checkAction = defineAction({
  summary: "A check: d20 at or under the Characteristic's DC succeeds",
  request: Type.Object({ name: Type.String(), characteristic: Type.Optional(CharacteristicSchema), dc: Score }, { additionalProperties: false }),
  resolve(request, tray) {
    const reading = rollCheck(tray, request.dc, `${request.name} ${request.characteristic ?? ""} check`.replace("  ", " "));
    return { dice: tray.rolled, steps: [{ rule: "check", roll: reading.roll, dc: reading.target }], result: { success: reading.success, natural20: reading.natural20 }, effects: [] };
  },
});

export const saveAction = defineAction({
  summary: "A saving throw: d20 at or over the Characteristic's ST succeeds",
  request: Type.Object({ name: Type.String(), characteristic: Type.Optional(CharacteristicSchema), st: Score }, { additionalProperties: false }),
  resolve(request, tray) {
    const reading = rollSave(tray, request.st, `${request.name} ${request.characteristic ?? ""} save`.replace("  ", " "));
    return { dice: tray.rolled, steps: [{ rule: "save", roll: reading.roll, st: reading.target }], result: { success: reading.success, natural20: reading.natural20 }, effects: [] };
  },
});

export const initiativeAction = defineAction({
  summary: "Initiative: each combatant's Dex save; success acts this round, failure waits a round; placement by save roll, highest first",
  request: Type.Object(
    {
      combatants: Type.Array(
        Type.Object(
          {
            name: Type.String(),
            dex: Score,
            /** The round it Retreated in, if it left this combat: it may re-enter only after sitting out a round. */
            leftInRound: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 60 },
      ),
      /** The round they join in: 1 at the start of combat. */
      joinRound: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const joinRound = request.joinRound ?? 1;
    for (const c of request.combatants) {
      // One who never left has nothing to wait for: counted from round −∞, every round is late enough.
      const back = (c.leftInRound ?? -Infinity) + RETREAT_WAIT_ROUNDS + 1;
      if (joinRound < back) throw new TorchlightRefusal("retreat-waiting-round", `${c.name} left in round ${c.leftInRound}, may re-enter in round ${back}`);
    }
    const order = rollSaveOrWait(
      tray,
      request.combatants.map((c) => ({ name: c.name, st: 20 - c.dex })),
      joinRound,
      "dex save",
    );
    return {
      dice: tray.rolled,
      steps: order.map((r) => ({ rule: "dex-save", participant: r.name, roll: r.roll, st: r.st, success: r.success })),
      result: { placementOrder: order.map((r) => r.name), actsFrom: Object.fromEntries(order.map((r) => [r.name, r.actsFrom])) },
      effects: order.filter((r) => !r.success).map((r) => ({ participant: r.name, changes: {}, statuses: ["waiting"] })),
    };
  },
});

export const grappleHoldAction = defineAction({
  summary: "Grapple: each round the grappler's Str save (d20 at or over ST) keeps the hold; a failure frees the target",
  request: Type.Object({ grappler: Type.Object({ name: Type.String(), st: Score }, { additionalProperties: false }), target: Type.String() }, { additionalProperties: false }),
  resolve(request, tray) {
    const reading = rollSave(tray, request.grappler.st, `${request.grappler.name} str save to hold ${request.target}`);
    return {
      dice: tray.rolled,
      steps: [{ rule: "grapple-hold", roll: reading.roll, st: reading.target, held: reading.success }],
      result: { held: reading.success },
      effects: [{ participant: request.target, changes: {}, statuses: [reading.success ? "grappled" : "released"] }],
    };
  },
});

import * as Type from "@sinclair/typebox";
import { effectOf, type Step } from "../../../core/outcome.js";
import { CHARACTERISTICS, vitalsView } from "../../../core/tracks/breath.js";
import { defineAction } from "../../ruleset.js";
import { dyingSaves, dyingSavesInPhase, type DyingState, recover, restDay } from "../dying.js";
import { TorchlightRefusal } from "../refusal.js";
import { CharacteristicSchema, CombatantSchema, toVitals } from "../schemas.js";

export const dyingAction = defineAction({
  summary: "Dying through a Phase: per hour or unit travelled (at least four), a save on each Characteristic damaged in the encounter; failure costs 1d4, a natural 20 Stabilizes",
  request: Type.Object(
    {
      character: CombatantSchema,
      damaged: Type.Array(CharacteristicSchema, { minItems: 1 }),
      /** Hours passed (or units travelled) in the Phase; its saves are rolled that many times, and never fewer than four. */
      hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 48 })),
    },
    { additionalProperties: false },
  ),
  resolve(request, tray) {
    const vitals = { ...toVitals(request.character), incapacitated: true };
    let state: DyingState = { vitals, stabilized: false };
    const steps: Step[] = [];
    const hours = dyingSavesInPhase(request.hours ?? 0);
    let hoursRolled = 0;
    for (let hour = 1; hour <= hours && !state.stabilized && !state.vitals.dead; hour += 1) {
      steps.push({ rule: "dying-hour", hour });
      state = dyingSaves(tray, request.character.name, state, request.damaged, steps);
      hoursRolled = hour;
    }
    const statuses = state.vitals.dead ? ["dead"] : state.stabilized ? ["stabilized"] : ["dying"];
    return {
      dice: tray.rolled,
      steps,
      result: { hoursRolled, hoursInPhase: hours, stabilized: state.stabilized, dead: state.vitals.dead },
      effects: [effectOf(request.character.name, vitalsView(vitals), vitalsView(state.vitals), statuses)],
    };
  },
});

export const recoverAction = defineAction({
  summary: "Recovery at the end of the next Phase: Breath back in full; each day of rest in a Refuge or bed, 1d4 to every Characteristic below its max",
  request: Type.Object({ character: CombatantSchema, restDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })) }, { additionalProperties: false }),
  resolve(request, tray) {
    // Without the maxima the current values would read as them, and the request would give back nothing.
    if (request.character.maxBreath === undefined) throw new TorchlightRefusal("recover-needs-max-breath", request.character.name);
    const missing = CHARACTERISTICS.filter((c) => request.character.maxDc?.[c] === undefined);
    if ((request.restDays ?? 0) > 0 && missing.length > 0) throw new TorchlightRefusal("rest-needs-max-dc", `${request.character.name}: ${missing.join(", ")}`);
    const before = toVitals(request.character);
    const steps: Step[] = [];
    let vitals = recover(before);
    steps.push({ rule: "recover", breath: vitals.breath });
    for (let day = 1; day <= (request.restDays ?? 0); day += 1) {
      steps.push({ rule: "rest-day", day });
      vitals = restDay(tray, request.character.name, vitals, steps);
    }
    const statuses = before.incapacitated && !vitals.dead ? ["recovered"] : [];
    return { dice: tray.rolled, steps, result: { dead: vitals.dead }, effects: [effectOf(request.character.name, vitalsView(before), vitalsView(vitals), statuses)] };
  },
});

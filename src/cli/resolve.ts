import { Type } from "@sinclair/typebox";
import { DiceTray, givenFaces, seededDice } from "../core/dice/source.js";
import { ownValue } from "../core/ownKey.js";
import { type InputReader, readJson } from "./input.js";
import { message } from "./messages.js";
import { allowOnly, integerFlag, type Options } from "./options.js";
import { pickRuleset, refusalsAsRequestErrors } from "./rulesets.js";
import { COMMANDS } from "./usage.js";
import { RequestError, validate } from "./validate.js";

const Envelope = Type.Object({
  ruleset: Type.String(),
  action: Type.String(),
  faces: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
});

/** `fray resolve`: one request, its outcome as JSON. */
export function resolve(options: Options, read: InputReader): string {
  allowOnly(options, COMMANDS.resolve);
  const seed = integerFlag(options, "seed");
  const raw = readJson(read, options.flags.get("file"));
  const envelope = validate<{ ruleset: string; action: string; faces?: number[] }>(Envelope, raw);
  const ruleset = pickRuleset(envelope.ruleset);
  const action = ownValue(ruleset.actions, envelope.action);
  if (!action) throw new RequestError(message("UnknownAction", { choices: Object.keys(ruleset.actions).join(", "), ruleset: ruleset.id }));
  const { ruleset: _r, action: _a, faces = [], ...body } = raw as Record<string, unknown> & { faces?: number[] };
  const request = validate(action.request, body);
  const tray = new DiceTray(givenFaces(faces, seededDice(seed)));
  const outcome = refusalsAsRequestErrors(() => action.resolve(request, tray));
  // Given faces are used first, in order; any left over mean the request is not the roll it claims to replay.
  const unused = faces.length - Math.min(faces.length, tray.rolled.length);
  if (unused > 0) throw new RequestError(message("UnusedFaces", { unused, given: faces.length, rolled: tray.rolled.length }));
  return `${JSON.stringify({ ruleset: ruleset.id, action: envelope.action, seed, ...outcome }, null, 2)}\n`;
}

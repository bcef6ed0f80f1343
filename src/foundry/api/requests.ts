/**
 * `game.fray.resolve` and `game.fray.odds`: the request `fray resolve` and `fray odds` take on the
 * command line ({ruleset, action, faces?, ...the action's fields}), answered by the same rules action
 * the cards resolve. Nothing is posted or changed; a request that does not fit throws one message.
 */
import type { Odds } from "../../core/odds/odds.js";
import type { Outcome } from "../../core/outcome.js";
import { DiceTray, givenFaces } from "../../core/dice/source.js";
import type { RulesetAction, RulesetId } from "../../rules/ruleset.js";
import { RULESET_IDS } from "../../rules/ruleset.js";
import { rollMissing } from "../dice/missing.js";
import { schemaProblem } from "../cards/resolve.js";
import { isRulesetId, loadRuleset } from "../rulesets/loading.js";

const format = (key: string, data: Record<string, string> = {}) => game.i18n!.format(`FRAY.Api.${key}`, data);

/** A request as the command line takes it: the ruleset, its action, given faces (resolve only) and the action's fields. */
export interface FrayRequest {
  ruleset: RulesetId;
  action: string;
  faces?: number[];
  [field: string]: unknown;
}

/** What `game.fray.resolve` answers: the outcome `fray resolve` prints (without its seed), and every face used. */
export type ResolvedRequest = Outcome & { ruleset: RulesetId; action: string; faces: number[] };

interface Parsed {
  ruleset: RulesetId;
  action: string;
  definition: RulesetAction;
  faces: number[];
  body: Record<string, unknown>;
}

/** The envelope read and the body checked against the action's schema, as `fray resolve` checks it. */
async function parse(request: unknown): Promise<Parsed> {
  if (typeof request !== "object" || request === null || Array.isArray(request)) throw new Error(format("NotAnObject"));
  const { ruleset, action, faces, ...body } = request as Record<string, unknown>;
  if (!isRulesetId(ruleset)) throw new Error(format("UnknownRuleset", { ruleset: String(ruleset), choices: RULESET_IDS.join(", ") }));
  const actions = (await loadRuleset(ruleset)).rules.actions;
  const name = typeof action === "string" ? action : "";
  const definition = Object.hasOwn(actions, name) ? actions[name] : undefined;
  if (!definition) throw new Error(format("UnknownAction", { ruleset, action: String(action), choices: Object.keys(actions).join(", ") }));
  if (faces !== undefined && !(Array.isArray(faces) && faces.every((face) => Number.isInteger(face) && face >= 1))) {
    throw new Error(format("BadRequest", { ruleset, action: name, problem: "/faces: whole numbers of 1 or more" }));
  }
  const problem = schemaProblem(definition, body);
  if (problem) throw new Error(format("BadRequest", { ruleset, action: name, problem }));
  return { ruleset, action: name, definition, faces: (faces as number[] | undefined) ?? [], body };
}

/**
 * Resolves a request: its given faces first, in order, then any die the rules still ask for rolled
 * through Foundry's dice (so Dice So Nice and roll modes see nothing: no message is posted).
 */
export async function resolveRequest(request: unknown): Promise<ResolvedRequest> {
  const { ruleset, action, definition, faces, body } = await parse(request);
  const run = (tray: DiceTray) => definition.resolve(body, new DiceTray(givenFaces(faces, { next: (sides) => tray.roll(sides, "") })));
  const { dice } = await rollMissing([], run);
  const all = [...faces, ...dice.map((die) => die.face)];
  const tray = new DiceTray(givenFaces(all));
  const outcome = definition.resolve(body, tray);
  if (tray.rolled.length < faces.length) throw new Error(format("FacesLeftOver", { unused: String(faces.length - tray.rolled.length), given: String(faces.length) }));
  return { ruleset, action, ...outcome, faces: tray.faces() };
}

/** The exact odds of a request (`fray odds`), for the actions that have them. */
export async function requestOdds(request: unknown): Promise<Odds> {
  const { ruleset, action, definition, body } = await parse(request);
  if (!definition.odds) throw new Error(format("NoOdds", { ruleset, action }));
  return definition.odds.exact(body);
}

/**
 * One card resolved: the kind turns the card's request and the actors' current data into the rules
 * request `fray resolve` takes, the schema checks it as the command line does, and the rules action
 * resolves it over the dice on the message, every one of which it must use.
 */
import type { TSchema } from "@sinclair/typebox";
import { Check } from "@sinclair/typebox/value";
import { DiceError, DiceTray, givenDice, type SizedFace } from "../../core/dice/source.js";
import type { Outcome } from "../../core/outcome.js";
import { RuleError } from "../../core/ruleError.js";
import type { RulesetAction, RulesetId, RulesetRules } from "../../rules/ruleset.js";
import { Refused } from "../relay/index.js";
import { rulesetOptions } from "../settings.js";
import type { CardActors, CardKind } from "./kinds.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

const RULES = new Map<RulesetId, RulesetRules>();

/** A ruleset's rules, for the cards of its kinds: registered with the ruleset's Foundry code (fray.ts). */
export function registerRulesetRules(rules: RulesetRules): void {
  RULES.set(rules.id, rules);
}

export function rulesAction(kind: CardKind): RulesetAction {
  const action = RULES.get(kind.ruleset)?.actions;
  const found = action && Object.hasOwn(action, kind.action) ? action[kind.action] : undefined;
  if (!found) throw new Error(`card kind ${kind.id} names no rules action ${kind.ruleset}.${kind.action}`);
  return found;
}

/** The rules request of a card now: the kind's reading of the actors, and the world's house rules. */
export function rulesRequestOf(kind: CardKind, request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const rules = kind.rulesRequest(request, actors);
  const schema = rulesAction(kind).request as { properties?: Record<string, unknown> };
  return schema.properties && "options" in schema.properties ? { ...rules, options: rulesetOptions(kind.ruleset) } : rules;
}

/**
 * The first place a rules request breaks its schema, said briefly (it should not happen: the kinds
 * build them). Value.Check plus a walk down the failing properties and items names the place as
 * Value.Errors would, without bundling typebox's error module (about 20 KB) for a message no player
 * should ever see.
 */
export function schemaProblem(action: RulesetAction, rules: Record<string, unknown>): string | null {
  if (Check(action.request, rules)) return null;
  const [path, schema, value] = failingPlace(action.request, rules, "");
  const expected = (schema as { type?: unknown }).type;
  const actual = Array.isArray(value) ? "array" : value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value;
  const fits = expected === actual || (expected === "number" && actual === "integer");
  return `${path || "/"}: ${typeof expected !== "string" || fits ? "not allowed here" : `not ${expected}`}`;
}

/** The deepest property or item under `path` whose value fails its own schema, that schema and the value. */
function failingPlace(schema: TSchema, value: unknown, path: string): [string, TSchema, unknown] {
  const shape = schema as { properties?: Record<string, TSchema>; items?: TSchema };
  if (shape.properties && value && typeof value === "object") {
    for (const [key, child] of Object.entries(shape.properties)) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined && !Check(child, field)) return failingPlace(child, field, `${path}/${key}`);
    }
  }
  if (shape.items && Array.isArray(value)) {
    const index = value.findIndex((item) => !Check(shape.items as TSchema, item));
    if (index >= 0) return failingPlace(shape.items, value[index], `${path}/${index}`);
  }
  return [path, schema, value];
}

/**
 * Resolves the rules request over exactly these dice. Rules refusals and dice that do not fit
 * (a pool that changed since its roll, dice left over) become a Refused with the reason.
 */
export function resolveOver(kind: CardKind, rules: Record<string, unknown>, dice: readonly SizedFace[]): Outcome {
  const action = rulesAction(kind);
  const problem = schemaProblem(action, rules);
  if (problem) throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem }));
  const source = givenDice(dice);
  let outcome: Outcome;
  try {
    outcome = action.resolve(rules, new DiceTray(source));
  } catch (error) {
    if (error instanceof DiceError) throw new Refused(localize("FRAY.Card.Refused.DiceDoNotFit", { reason: error.message }));
    if (error instanceof RuleError) throw new Refused(error.message);
    throw error;
  }
  if (source.used() !== dice.length) throw new Refused(localize("FRAY.Card.Refused.DiceLeftOver", { count: String(dice.length - source.used()) }));
  return outcome;
}

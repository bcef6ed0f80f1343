import { DiceError } from "../core/dice/source.js";
import { RuleError } from "../core/ruleError.js";
import { RULESETS, rulesetById } from "../rules/index.js";
import type { RulesetRules } from "../rules/ruleset.js";
import { message } from "./messages.js";
import { RequestError } from "./validate.js";

export function pickRuleset(id: string): RulesetRules {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new RequestError(message("UnknownRuleset", { choices: RULESETS.map((r) => r.id).join(", ") }));
  return ruleset;
}

/** `fray rulesets`: each ruleset and its actions. */
export function listRulesets(): string {
  const lines: string[] = [];
  for (const ruleset of RULESETS) {
    lines.push(message("RulesetLine", { id: ruleset.id, game: ruleset.game }));
    for (const [action, definition] of Object.entries(ruleset.actions)) lines.push(message("ActionLine", { action, summary: definition.summary }));
  }
  return `${lines.join("\n")}\n`;
}

/** Bad faces and rules refusals are the request's fault: one line on stderr, exit 2, like a bad field. */
export function refusalsAsRequestErrors<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof DiceError) throw new RequestError(message("DiceFailed", { reason: error.message }));
    if (error instanceof RuleError) throw new RequestError(message("RuleRefused", { reason: error.message }));
    throw error;
  }
}

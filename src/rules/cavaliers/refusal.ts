import { RuleError } from "../../core/ruleError.js";

/** A request the rules do not allow (Drop over the cap, a purchase not on the table, ...). */
export class Refusal extends RuleError {
  override name = "Refusal";
}

export function refuse(reason: string): never {
  throw new Refusal(reason);
}

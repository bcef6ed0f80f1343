/**
 * A request that is well formed but breaks the rules: Drop beyond the cap, a spend the Success
 * Points cannot pay, a map that does not hold together, a formula that does not parse, dice set
 * above what a critical allows... The command line reports it as a refusal (exit 2, one line);
 * the Foundry layer shows the message to the user. Each ruleset may subclass it to say which rule.
 */
export class RuleError extends Error {
  override name = "RuleError";
}

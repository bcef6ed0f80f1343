/**
 * A request that is well formed but breaks the rules: Drop beyond the cap, a spend the Success
 * Points cannot pay, a map that does not hold together, a formula that does not parse, dice set
 * above what a critical allows... The command line reports it as a refusal (exit 2, one line);
 * the Foundry layer shows the message to the user. Each ruleset may subclass it to say which rule.
 */
export class RuleError extends Error {
  override name = "RuleError";
}

/** A refusal's text as a sentence: its first letter a capital (a rule's own words start lower case). */
export const asSentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

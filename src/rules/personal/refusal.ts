import { asSentence, RuleError } from "../../core/ruleError.js";

const SAYS: Record<string, string> = {
  "not-in-order": "both characters must be in the initiative order",
  "not-their-turn": "a character may delay only at the start of her own turn",
  "after-self": "a character cannot delay to just after herself",
  "already-acted": "she may only move to just after a character who has not acted this round",
  "not-wounded": "only a Wounded character answers a hit with a Fallen Fate",
  "no-damage": "a Fallen Fate answers a hit that did damage",
  "unknown-fate": "that Fallen Fate is not on the list",
  "budget-spent": "no fate ignores are left until she Rests",
  "damage-over-half": "a hit over half her maximum Resolve cannot be ignored",
  "unknown-zone": "a zone that is not on the list",
  "move-not-adjacent": "a Move goes one range band, to an adjacent zone",
  "unknown-action": "an action that is not on the list",
  "one-action": "a turn holds one Action",
  "action-cap": "too many actions in one turn, free ones included",
  "one-item-interaction": "a turn holds one free item interaction",
  "list-repeats": "a list names the same entry twice",
  "fate-named-ignore": 'no Fallen Fate may be called "ignore": that word answers a hit by ignoring its fate',
};

/** A Personal Combat request the rules refuse; `codes` name each broken rule for code, the message (a sentence, no rule id) for people. */
export class PersonalRefusal extends RuleError {
  override name = "PersonalRefusal";
  constructor(readonly codes: readonly string[]) {
    super(asSentence(codes.map((code) => SAYS[code] ?? code).join("; ")));
  }
}

import type { DiceTray, SizedFace } from "../../core/dice/source.js";
import type { RulesetId } from "../../rules/ruleset.js";
import type { RulesRun } from "../dice/missing.js";

/** What a step served on the GM gets: the asker's choice (checked again there), her dice, and who she is. */
export interface CombatAsk {
  /** What the asker chose on her client (a specialty, a stance...): a request, to be checked. */
  choice: Record<string, unknown>;
  /** The dice she rolled, each with its size; the rules run over them has been checked to use them all. */
  dice: readonly SizedFace[];
  /** A fresh tray over those dice, for the ruleset's step. */
  tray(): DiceTray;
  /** The user the server named. */
  asker: User.Implementation;
}

/** One button a ruleset puts on a combatant's row in the tracker. */
export interface CombatantButton {
  /** The ruleset's action name, passed back to `act`. */
  action: string;
  label: string;
  tooltip?: string;
  /** Shown greyed out (with the tooltip saying why) rather than hidden. */
  disabled?: boolean;
}

/** What a ruleset shows for one combatant in the tracker, under the standard row. */
export interface CombatantView {
  /** Short facts such as "IP 3" or "Impulse", already localized. */
  facts: string[];
  buttons: CombatantButton[];
  /** Set when the row cannot be shown (its stored state is unreadable): the message, already localized. */
  problem?: string;
}

/** A part of a round whose combatants act together (a game whose round is turns of whole sides). */
export interface TrackerPhase {
  id: string;
  label: string;
  /** The part of the round being played now. */
  active: boolean;
  /** Its combatants, by id, in the order shown (a phase of no one, such as the environment's, is empty). */
  combatantIds: string[];
  /** A short line under its heading, already localized. */
  note?: string;
}

/** One of the tracker's turn controls (Foundry's previous/next turn and round buttons). */
export type TurnStep = "nextTurn" | "previousTurn" | "nextRound" | "previousRound";

/**
 * A ruleset's part of the combat tracker: how it rolls and orders initiative, what each combatant's
 * row shows and which buttons it offers. FrayCombat and the tracker only ever call these, so a new
 * ruleset registers one of these and touches nothing generic.
 *
 * A roll or a row button is a request (requests.ts): `choose` and `dice` run on the clicking
 * user's client, `rollInitiative` and `act` on the active GM's, which alone writes the combat's
 * state (store.ts: the Combat's flags, which no player may write).
 */
export interface RulesetCombatRules {
  rulesetId: RulesetId;
  /** The row actions `act` serves; any other name is refused. */
  actions: readonly string[];
  /** Of those, the ones only a GM may ask for. */
  gmActions?: readonly string[];
  /** On the clicking user's client: what she chooses for a roll (`initiative`) or an action (a dialog); null cancels. */
  choose?(combat: Combat.Implementation, combatants: Combatant.Implementation[], action: string): Promise<Record<string, unknown> | null>;
  /** The rules a roll or an action runs, so the clicking client rolls exactly their dice (null: no dice). */
  dice?(combat: Combat.Implementation, combatants: Combatant.Implementation[], action: string, choice: Record<string, unknown>, user: User.Implementation): RulesRun | null;
  /** On the active GM: rolls for the combatants over the asker's dice and stores what ordering needs. */
  rollInitiative(combat: Combat.Implementation, combatants: Combatant.Implementation[], ask: CombatAsk): Promise<void>;
  /**
   * The turn order in a round (the GM's clock round, or the round a GM is moving to): a key per
   * combatant id, computed once for the whole sort from what only the GM writes (the Combat's flags,
   * the roster, the actors); lower keys act first, element by element. Combatants without a key act
   * last; ties go by id. Never Foundry's `initiative`, which a player may write.
   */
  order(combat: Combat.Implementation, round: number): Map<string, OrderKey>;
  /** The row's extra facts and buttons. */
  view(combat: Combat.Implementation, combatant: Combatant.Implementation): CombatantView;
  /** On the active GM: a row button the asker may press. Throw a Refused (relay) to refuse; nothing is written then. */
  act(combat: Combat.Implementation, combatant: Combatant.Implementation, action: string, ask: CombatAsk): Promise<void>;
  /** The round as parts whose combatants act together; the tracker then shows them under those headings instead of one row per turn. */
  phases?(combat: Combat.Implementation): TrackerPhase[];
  /** On the clicking user's client: a turn control (next turn, next round...). True when the ruleset took it; false leaves it to Foundry. */
  advance?(combat: Combat.Implementation, step: TurnStep): Promise<boolean>;
  /** Called once, on the deleting user's client, when the combat ends. */
  onCombatEnd?(combat: Combat.Implementation): Promise<void>;
  /**
   * Whether the combatant carries this ruleset's flags in a shape it cannot read (hand-edited, from
   * another version, or written by a hostile client). Its row then shows an error and a GM reset.
   */
  hasBadState(combatant: Combatant.Implementation): boolean;
  /** The GM's reset of such a row (on the active GM): this ruleset's state and the initiative are cleared. */
  reset(combat: Combat.Implementation, combatant: Combatant.Implementation): Promise<void>;
  /**
   * On the active GM: Foundry's Clear Initiative (a row's context menu) and Reset Initiative (the
   * combat's) for these combatants: each rolls again. A ruleset without it has those entries hidden.
   */
  clearInitiative?(combat: Combat.Implementation, combatants: Combatant.Implementation[]): Promise<void>;
  /**
   * On the GM's client, for the tracker's odds of the fight (combat/odds/): the combatant as a stat
   * block of the ruleset's `fray fight` (its `fight.fighter` shape), read from her actor, token and
   * the Combat as they stand now, under `name`; `OUT_OF_FIGHT` when she is down already (left out
   * quietly); null when the rules cannot put her in such a fight (the tracker names her as left out).
   * A ruleset without it offers no odds.
   */
  fighter?(combat: Combat.Implementation, combatant: Combatant.Implementation, name: string): unknown;
}

/** What a ruleset's `fighter` answers for a combatant already out of the fight (no Level left, Incapacitated...). */
export const OUT_OF_FIGHT = "out-of-fight";

/** A combatant's place in the order: compared element by element, lower first. */
export type OrderKey = readonly number[];

const registry = new Map<RulesetId, RulesetCombatRules>();

export function registerCombatRules(rules: RulesetCombatRules): void {
  registry.set(rules.rulesetId, rules);
}

export function combatRulesFor(rulesetId: RulesetId): RulesetCombatRules | undefined {
  return registry.get(rulesetId);
}

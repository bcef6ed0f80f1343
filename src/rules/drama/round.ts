/**
 * A melee round between two fighters, and a round of one fighter against several, played straight
 * through from their stat blocks (no choice awaited): the shapes the duel and the tests read.
 * play.ts plays them; this file only reads its result pairing by pairing.
 */
import type { DiceTray } from "../../core/dice/source.js";
import { OPPONENT_KEYS } from "./actions.js";
import type { Combatant } from "./combatant.js";
import type { CourageTest } from "./courage.js";
import type { Bash, Strike } from "./damage.js";
import type { Judgement, Side } from "./judge.js";
import type { KnockBack } from "./knockBack.js";
import type { Engagement, SplitPlan } from "./multiple.js";
import type { DramaOptions } from "./options.js";
import { type Fight, type PlayedRound, playRound } from "./play.js";
import type { PoolTables } from "./pools.js";
import type { SideRoll } from "./roll.js";

export { rollSide, type SideRoll, trackStatuses } from "./roll.js";

/** Everything that happened to one side of a pairing. */
export interface SideAftermath {
  struck?: Strike;
  bashed?: Bash & { grit: number };
  /** The last courage test the fighter took this round (the one that decided). */
  courage?: CourageTest;
  /** Every courage test she took this round, one per wound that called for one. */
  courageTests: CourageTest[];
  knockBack?: KnockBack;
  statuses: string[];
  after: Combatant;
}

export interface MeleeRound {
  momentumBefore: Side;
  /** The side without Momentum builds (and rolls) first. */
  buildsFirst: Side;
  rolls: Record<Side, SideRoll>;
  judgement: Judgement;
  /** A Defend or Evade won the round: no blow lands either way. */
  noBlow: boolean;
  sides: Record<Side, SideAftermath>;
  momentum: Side;
}

export interface RoundInput {
  a: Combatant;
  b: Combatant;
  momentum: Side;
  options: DramaOptions;
  tables?: PoolTables;
}

function played(result: ReturnType<typeof playRound>): PlayedRound {
  // Played straight through, nothing is ever awaited.
  // Stryker disable next-line ConditionalExpression: interactive is false here, so no request can make the round await and reach this throw
  if (!("round" in result)) throw new Error(`a round played from stat blocks awaited ${result.awaiting.choice}`);
  return result.round;
}

/** One pairing of a played round, seen as a melee round between its actor (a) and opponent (b). */
function asMeleeRound(fight: Fight, round: PlayedRound): MeleeRound {
  const side = (key: string): Side => (key === fight.pairing.actor ? "a" : "b");
  const aftermath = (key: string, part: "actor" | "opponent"): SideAftermath => {
    const fighter = round.fighters[key]!;
    return {
      ...(fight.struck[part] ? { struck: fight.struck[part] } : {}),
      ...(fight.bashed[part] ? { bashed: fight.bashed[part] } : {}),
      ...(fighter.courage ? { courage: fighter.courage } : {}),
      courageTests: fighter.courageTests,
      ...(fight.knockBack?.victim === part ? { knockBack: fight.knockBack.result } : {}),
      statuses: fighter.statuses,
      after: fighter.after,
    };
  };
  return {
    momentumBefore: side(fight.momentumBefore),
    buildsFirst: side(fight.buildsFirst),
    rolls: { a: fight.rolls.actor, b: fight.rolls.opponent },
    judgement: fight.judgement,
    noBlow: fight.noBlow,
    sides: { a: aftermath(fight.pairing.actor, "actor"), b: aftermath(fight.pairing.opponent, "opponent") },
    momentum: side(fight.momentum),
  };
}

/** Builds, rolls and reads one opposed melee round, then lands its blows: blows, shield bashes, courage, knock-back. */
export function resolveMeleeRound(input: RoundInput, tray: DiceTray): MeleeRound {
  const round = played(
    playRound(
      {
        fighters: [
          { key: "a", combatant: input.a },
          { key: "b", combatant: input.b },
        ],
        pairings: [{ actor: "a", opponent: "b", momentum: input.momentum }],
        choices: {},
        interactive: false,
        options: input.options,
        tables: input.tables,
      },
      tray,
    ),
  );
  return asMeleeRound(round.fights[0]!, round);
}

export interface MultipleRound {
  /** How the actor's dice were shared out; none when one engaged opponent leaves nothing to split. */
  plan: SplitPlan | undefined;
  fights: MeleeRound[];
  actor: { after: Combatant; statuses: string[] };
}

/** One round of an actor against several opponents: split pools, every blow landing together. */
export function resolveMultiple(actor: Combatant, engagements: readonly (Engagement & { momentum?: "actor" | "opponent" })[], options: DramaOptions, tray: DiceTray, tables?: PoolTables): MultipleRound {
  // The multiple action's keys: at most MAX_OPPONENTS opponents.
  const keys = engagements.map((_, i) => OPPONENT_KEYS[i]!);
  const round = played(
    playRound(
      {
        fighters: [{ key: "actor", combatant: actor }, ...engagements.map((e, i) => ({ key: keys[i]!, combatant: e.opponent }))],
        pairings: engagements.map((e, i) => ({
          actor: "actor",
          opponent: keys[i]!,
          momentum: e.momentum === "actor" ? "actor" : keys[i]!,
          unopposed: e.unopposed,
          split: e,
        })),
        choices: {},
        interactive: false,
        options,
        tables,
      },
      tray,
    ),
  );
  const fighter = round.fighters.actor!;
  return { plan: round.plans.actor, fights: round.fights.map((fight) => asMeleeRound(fight, round)), actor: { after: fighter.after, statuses: fighter.statuses } };
}

/** Out of the fight: knocked out or passed out. */
export function isOut(aftermath: Pick<SideAftermath, "statuses">): boolean {
  return aftermath.statuses.includes("knocked-out") || aftermath.statuses.includes("passed-out");
}

import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../core/dice/source.js";
import { type Fighter, type FightRules, runFight } from "../../core/fight/engine.js";
import type { Effect, Outcome } from "../../core/outcome.js";
import { defineFight } from "../ruleset.js";
import { MAX_OPPONENTS, melee, multiple } from "./actions.js";
import type { Combatant } from "./combatant.js";
import { CombatantSchema } from "./schemas.js";

type Block = Static<typeof CombatantSchema>;

/** Her tracks as they stand, whether she is out, whom she holds Momentum against, and whom she fights this round. */
export interface DramaFightState {
  combatant: Combatant;
  out: boolean;
  /** Per foe she has fought (by key): whether she holds Momentum between them. */
  momentum: Record<string, boolean>;
  /** This round's foes, when she is the one they gather on. */
  facing: DramaFighter[];
  /** The foe she fought last round (by key), when she joined one. */
  foe?: string;
}
export type DramaFighter = Fighter<Block, DramaFightState>;

const key = (f: DramaFighter) => `${f.side}${f.index}`;

/**
 * Who fights whom this round (Fighting Multiple Opponents): the side with fewer fighters standing
 * (side a on a tie) spreads the other side over its fighters, as evenly as they go and at most
 * eight on one. A fighter keeps last round's foe while that foe stands and has room; the rest join
 * the fighter facing fewest, the first listed on a tie. Returns each gathered-on fighter with her foes.
 */
export function engagements(fighters: readonly DramaFighter[]): Array<{ on: DramaFighter; foes: DramaFighter[] }> {
  const standing = (side: "a" | "b") => fighters.filter((f) => f.side === side && !f.state.out);
  const [a, b] = [standing("a"), standing("b")];
  const [few, many] = b.length < a.length ? [b, a] : [a, b];
  if (few.length === 0) return [];
  const room = Math.min(MAX_OPPONENTS, Math.ceil(many.length / few.length));
  const groups = new Map(few.map((f) => [f, [] as DramaFighter[]]));
  const waiting: DramaFighter[] = [];
  for (const f of many) {
    const kept = few.find((g) => key(g) === f.state.foe);
    if (kept && groups.get(kept)!.length < room) groups.get(kept)!.push(f);
    else waiting.push(f);
  }
  for (const f of waiting) {
    const open = few.filter((g) => groups.get(g)!.length < room);
    if (open.length === 0) break;
    const fewest = open.reduce((x, y) => (groups.get(y)!.length < groups.get(x)!.length ? y : x));
    groups.get(fewest)!.push(f);
  }
  return [...groups].filter(([, foes]) => foes.length > 0).map(([on, foes]) => ({ on, foes }));
}

/**
 * Her stat block for this round's request: her tracks, named by her place (two of one name stay
 * apart). Courage (Drama Points): with a point left she spends it to pass a test she passes by one,
 * "at a price", rather than pass out.
 */
export function asRequested(f: DramaFighter): Combatant {
  const c = f.state.combatant;
  const spend = (c.dramaPoints ?? 0) > 0;
  return { ...c, name: key(f), ...(spend ? { courage: { ...c.courage, spendDramaPoint: true } } : {}) };
}

function readBack(f: DramaFighter, effect: Effect): void {
  const changes = effect.changes;
  const c = f.state.combatant;
  const to = <K extends keyof Combatant>(name: K) => (changes[name] ? (changes[name].to as Combatant[K]) : c[name]);
  const dramaPoints = to("dramaPoints");
  const combatant: Combatant = {
    ...c,
    grit: to("grit") as number,
    flesh: to("flesh") as number,
    wounds: to("wounds") ?? [],
    otherPenalties: to("otherPenalties") ?? 0,
    disadvantage: to("disadvantage") ?? "none",
    ...(dramaPoints !== undefined ? { dramaPoints } : {}),
  };
  const statuses = effect.statuses ?? [];
  // Knocked out or passed out ends her part in the fight, as in the duel.
  f.state = { ...f.state, combatant, out: statuses.includes("knocked-out") || statuses.includes("passed-out") };
}

/** One gathered-on fighter against her foes this round: a melee round against one, a round against several otherwise. */
export function fightGroup(on: DramaFighter, foes: DramaFighter[], tray: DiceTray): void {
  const known = (foe: DramaFighter) => on.state.momentum[key(foe)];
  let outcome: Outcome;
  let holders: boolean[];
  if (foes.length === 1) {
    const foe = foes[0]!;
    // The side-a fighter is always melee's `a`, so a tie of round-one Momentum goes as in the duel.
    const [a, b] = on.side === "a" ? [on, foe] : [foe, on];
    const held = known(foe);
    const momentum = held === undefined ? undefined : (held ? on : foe) === a ? "a" : "b";
    outcome = melee.resolve({ a: asRequested(a), b: asRequested(b), ...(momentum ? { momentum } : {}) }, tray);
    const onHolds = (outcome.result.momentumSide === "a") === (a === on);
    holders = [onHolds];
    readBack(a, outcome.effects[0]!);
    readBack(b, outcome.effects[1]!);
  } else {
    outcome = multiple.resolve(
      {
        actor: asRequested(on),
        opponents: foes.map((foe) => {
          const held = known(foe);
          return { opponent: asRequested(foe), ...(held === undefined ? {} : { momentum: held ? ("actor" as const) : ("opponent" as const) }) };
        }),
      },
      tray,
    );
    holders = (outcome.result.fights as Array<{ momentumSide: string }>).map((fight) => fight.momentumSide === "actor");
    readBack(on, outcome.effects[0]!);
    foes.forEach((foe, i) => readBack(foe, outcome.effects[i + 1]!));
  }
  foes.forEach((foe, i) => {
    on.state.momentum[key(foe)] = holders[i]!;
    foe.state.momentum[key(on)] = !holders[i]!;
    foe.state.foe = key(on);
  });
}

const rules: FightRules<Block, DramaFightState> = {
  start: (block) => ({ combatant: { stance: "stand", ...(block as Combatant) }, out: false, momentum: {}, facing: [] }),
  isOut: (state) => state.out,
  order(fighters) {
    for (const f of fighters) f.state.facing = [];
    const groups = engagements(fighters);
    for (const { on, foes } of groups) on.state.facing = foes;
    return groups.map(({ on }) => on);
  },
  act(me, _foes, tray) {
    fightGroup(me, me.state.facing, tray);
  },
};

/**
 * Side against side: each round the fighters pair off (the outnumbered side's fighters each take
 * several foes, splitting their pools), each group fights one melee round through the same actions
 * as a card (melee, multiple), and Momentum carries between the same two fighters from round to round.
 */
export const dramaFight = defineFight({ fighter: CombatantSchema, fight: (sides, tray, roundLimit) => runFight(rules, sides, tray, roundLimit) });

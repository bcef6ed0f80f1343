import type { Static } from "@sinclair/typebox";
import { best, resolveAnswering } from "../../core/fight/choices.js";
import { type Fighter, type FightRules, runFight } from "../../core/fight/engine.js";
import { atYieldLimit, currentYieldLimit } from "../../core/tracks/yieldWounds.js";
import { defineFight } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { initiativeAction } from "./actions/initiative.js";
import { type CombatantState, isDyingNow, yieldLimitFor } from "./actors.js";
import { attackerPolicy, defenderPolicy, DuelFighter } from "./duel.js";
import { attackOdds } from "./odds.js";

type Block = Static<typeof DuelFighter>;
type Me = Fighter<Block, CombatantState>;

/** The same reading as the duel: Dying ends anyone's fight; an NPC at her Yield Limit is out, a PC fights on. */
export const isOutOfFight = (state: CombatantState) => isDyingNow(state) || (state.type !== "pc" && atYieldLimit(state));

function startState(block: Block): CombatantState {
  const type = block.type ?? "pc";
  return { name: block.name, type, yield: 0, wounds: block.wounds ?? 0, yieldLimit: block.yieldLimit ?? yieldLimitFor(type, block.competency ?? 0), advantage: 0, style: 0 };
}

/** A fighter as the attack request's participant: her tracks and the pool of the skill she rolls; the Advantage die goes on whenever she has one. */
function participant(me: Me, pool: Block["lunge"], key: string) {
  const { state, block } = me;
  return {
    ...pool,
    name: key,
    type: state.type,
    yield: state.yield,
    wounds: state.wounds,
    yieldLimit: state.yieldLimit,
    advantage: state.advantage,
    style: state.style,
    ...(block.competency !== undefined ? { competency: block.competency } : {}),
    ...(state.advantage > 0 ? { useAdvantage: true } : {}),
  };
}

const attackRequest = (attacker: Me, target: Me) => ({
  attack: "lunge" as const,
  defence: "parry" as const,
  attacker: participant(attacker, attacker.block.lunge, "attacker"),
  defender: participant(target, target.block.parry, "defender"),
});

/** Each stat block by a number, so a key of the odds can name it without writing it out. */
const blockIds = new WeakMap<Block, number>();
let nextBlockId = 0;
const idOf = (block: Block) => {
  let id = blockIds.get(block);
  if (id === undefined) blockIds.set(block, (id = nextBlockId++));
  return id;
};
/** What of a fighter her Lunge or Parry dice read: her stat block and tracks (Yield and Style do not touch the dice). */
const diceKey = (f: Me) => `${idOf(f.block)}:${f.state.type}:${f.state.wounds}:${f.state.yieldLimit}:${f.state.advantage}`;
const wins = new Map<string, number>();
/** The exact chance her Lunge beats the foe's Parry, kept by what the dice read: a fight asks the same few again and again. */
const winChance = (me: Me, target: Me) => {
  const key = `${diceKey(me)}|${diceKey(target)}`;
  let chance = wins.get(key);
  if (chance === undefined) {
    const request = attackRequest(me, target);
    const bare = (p: ReturnType<typeof participant>) => ({ ...p, yield: 0, style: 0 });
    chance = attackOdds.exact({ ...request, attacker: bare(request.attacker), defender: bare(request.defender) }).chances.attackerWins ?? 0;
    if (wins.size >= 5000) wins.clear();
    wins.set(key, chance);
  }
  return chance;
};

/**
 * Whom to attack: the foe her Lunge most likely beats (exact odds of the opposed roll against that
 * foe's Parry), counting a foe nearer her Yield Limit as likelier to drop: the chance is weighed
 * by 1 over the Yield she can still take plus one. Ties go to the first foe listed.
 */
export function chooseTarget(me: Me, foes: Me[]): Me {
  if (foes.length === 1) return foes[0]!;
  return best(foes, (foe) => winChance(me, foe) / (Math.max(0, currentYieldLimit(foe.state) - foe.state.yield) + 1));
}

/** Reads one participant's tracks back off the attack's effect. */
function after(state: CombatantState, changes: Record<string, { to: unknown }>): CombatantState {
  const to = (key: keyof CombatantState) => (changes[key] ? (changes[key].to as number) : (state[key] as number));
  return { ...state, yield: to("yield"), wounds: to("wounds"), advantage: to("advantage"), style: to("style") };
}

const rules: FightRules<Block, CombatantState> = {
  start: startState,
  isOut: isOutOfFight,
  begin(fighters, tray) {
    // Initiative, as the duel reads it: rolled once through the initiative action by those whose stat block has a pool.
    const rolling = fighters.filter((f) => f.block.initiative);
    if (rolling.length === 0) return;
    const key = (f: Me) => `${f.side}${f.index}`;
    const outcome = initiativeAction.resolve(
      { combatants: rolling.map((f) => ({ name: key(f), specialty: "impulse", ...f.block.initiative!, ...(f.block.competency !== undefined ? { competency: f.block.competency } : {}) })) },
      tray,
    );
    const place = new Map((outcome.result.order as Array<{ name: string }>).map((entry, i) => [entry.name, i]));
    fighters.sort((x, y) => (place.get(key(x)) ?? Infinity) - (place.get(key(y)) ?? Infinity) || x.index - y.index || (x.side < y.side ? -1 : 1));
  },
  order: (fighters) => fighters,
  act(me, foes, tray) {
    const target = chooseTarget(me, foes);
    // The winner spends as the duel's policies do: the attacker finishes her off or buys a Wound at 4 SP; the defender Negates, then buys Advantage.
    const { outcome } = resolveAnswering(attackAction.resolve, attackRequest(me, target), tray, (awaiting) => {
      const sp = (awaiting.offer as { sp: number }).sp;
      return { [awaiting.choice]: awaiting.by === "attacker" ? attackerPolicy(sp, target.state) : defenderPolicy(sp, target.state) };
    });
    const [attacker, defender] = outcome.effects;
    me.state = after(me.state, attacker!.changes);
    target.state = after(target.state, defender!.changes);
  },
};

/** Side against side: each fighter on her turn Lunges at the chosen foe, who Parries (the one defence her stat block carries). */
export const cavaliersFight = defineFight({
  fighter: DuelFighter,
  fight: (sides, tray, roundLimit) => runFight(rules, sides, tray, roundLimit),
});

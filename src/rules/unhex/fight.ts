import type { Awaiting, Outcome } from "../../core/outcome.js";
import { answerAt, best, cached, resolveAnswering } from "../../core/fight/choices.js";
import { type Fighter, type FightRules, runFight, type SideId } from "../../core/fight/engine.js";
import { defineFight } from "../ruleset.js";
import { attackAction } from "./actions/attack.js";
import { initiativeAction } from "./actions/initiative.js";
import { type ActionBudget, FRESH_BUDGET, gainAction, loseAction, startRound } from "./budget.js";
import { isOut, type UnhexCharacter, wieldProblem } from "./character.js";
import { attackOdds } from "./odds.js";
import { optionsOf } from "./requests.js";
import { FighterSchema, type FighterRequest } from "./schemas.js";

/** Her tracks, her action budget this round, and whether she has taken her turn this round. */
export interface UnhexFightState {
  character: UnhexCharacter;
  budget: ActionBudget;
  acted: boolean;
}
type Me = Fighter<FighterRequest, UnhexFightState>;
export type Reaction = "none" | "defend" | "counterattack";

const OPTIONS = optionsOf(undefined);
/** Everyone fights hand to hand in one Area of the nightclub: melee reaches only its own Area. */
const AREA = "bar";
const key = (f: Me) => `${f.side}${f.index}`;

/** The roller and her shield: all the exact odds of an attack read of her (her wounds and budget only decide what is offered). */
const roller = (f: Me, name: string) => ({
  name,
  level: f.state.character.level,
  maxLevel: f.state.character.maxLevel,
  pc: f.state.character.pc,
  ...(f.block.good ? { good: true } : {}),
  ...(f.block.shield ? { shield: true } : {}),
});
const combatant = (f: Me) => ({ ...roller(f, key(f)), wounds: f.state.character.wounds, budget: f.state.budget });

const attackRequest = (me: Me, target: Me) => ({
  attacker: { ...combatant(me), area: AREA, weapon: "melee" as const },
  target: { ...combatant(target), area: AREA, weapons: ["melee" as const] },
});

const exact = cached((request: { attacker: ReturnType<typeof roller>; target: ReturnType<typeof roller>; reaction: Reaction }) =>
  attackOdds.exact({ attacker: { ...request.attacker, area: AREA, weapon: "melee" }, target: { ...request.target, area: AREA, weapons: ["melee"] }, reaction: request.reaction }),
);
/**
 * The odds of an attack with a reaction, asked with only what they read: with no reaction, or a
 * Counterattack (each rolls her own attack, both land), the damage to the target reads only the
 * attacker's roll and the target's shield, and the damage dealt back only the target's roll and
 * the attacker's shield; the other's level is given as one level, so a fight asks each far fewer
 * times. Only a Defend (an opposed roll) reads both levels.
 */
const STAND_IN = 50;
const oddsOf = (attacker: Me, target: Me, reaction: Reaction) => {
  const a = roller(attacker, "attacker");
  const t = roller(target, "target");
  if (reaction === "defend") return exact({ attacker: a, target: t, reaction });
  if (reaction === "none") return exact({ attacker: a, target: { ...t, level: STAND_IN, maxLevel: STAND_IN, pc: false }, reaction });
  return exact({ attacker: { ...a, level: STAND_IN, maxLevel: STAND_IN, pc: false }, target: t, reaction });
};
/** What one of her attacks is worth: the damage it deals on average (a hit's chance times its damage); nothing with no hand to hold a weapon. */
const attackWorth = (me: Me, target: Me) => (wieldProblem(me.state.character, 1, OPTIONS) ? 0 : (oddsOf(me, target, "none").expected.damage ?? 0));

/**
 * Whom to attack: the foe nearest unconsciousness (the lowest level, since a hit's damage comes off
 * her level), then one without a shield (Shields: the target splits the dice, for the lower
 * damage). Ties go to the first foe listed.
 */
export function chooseTarget(foes: Me[]): Me {
  return best(foes, (foe) => -foe.state.character.level * 2 - (foe.block.shield ? 1 : 0));
}

/**
 * Which reaction (Attack, Reactions): the one that leaves her best off on average, by the exact odds
 * of the attack with each: the damage a Counterattack deals back, less the damage she takes, less,
 * for any reaction before her own turn this round, the damage her own attack would have dealt with
 * the action the reaction spends. A reaction only ever costs an action she has.
 */
export function chooseReaction(me: Me, attacker: Me, offered: readonly string[]): Reaction {
  const cost = me.state.acted ? 0 : attackWorth(me, attacker);
  const taken = oddsOf(attacker, me, "none").expected.damage ?? 0;
  return best(["none", ...offered.filter((r) => r !== "none")] as Reaction[], (reaction) => {
    if (reaction === "none") return -taken;
    // A Counterattack does not stop the attack: she takes what she would have taken with none.
    if (reaction === "counterattack") return (oddsOf(attacker, me, reaction).expected.counterDamage ?? 0) - taken - cost;
    return -(oddsOf(attacker, me, reaction).expected.damage ?? 0) - cost;
  });
}

/** A good roller rerolls after a failure the dice her stat block names (as in the duel), and keeps a success. */
export const rerollOf = (block: FighterRequest, grade: string) => (block.good && (grade === "failure" || grade === "critical-failure") ? block.good : "none");

/** Whoever splits a hit's dice takes the split she wants: the attacker the higher damage, the target the lower. */
export function damageDieOf(by: string, offer: { tens: { damage: number }; units: { damage: number } }): "tens" | "units" {
  const higher = offer.tens.damage >= offer.units.damage ? "tens" : "units";
  return by === "attacker" ? higher : higher === "tens" ? "units" : "tens";
}

function readBack(f: Me, changes: Outcome["effects"][number]["changes"]): void {
  const to = (name: string, was: number) => (changes[name] ? (changes[name].to as number) : was);
  const wounds = { ...f.state.character.wounds };
  for (const [name, change] of Object.entries(changes)) if (name.startsWith("wounds.")) wounds[name.slice(7)] = change.to as number;
  f.state = {
    ...f.state,
    character: { ...f.state.character, level: to("level", f.state.character.level), wounds },
    budget: { available: to("budget.available", f.state.budget.available), owed: to("budget.owed", f.state.budget.owed) },
  };
}

function attack(me: Me, target: Me, tray: Parameters<FightRules<FighterRequest, UnhexFightState>["act"]>[2]): void {
  const roles: Record<string, Me> = { attacker: me, target };
  const answer = (awaiting: Awaiting, _outcome: Outcome, request: ReturnType<typeof attackRequest>) => {
    const offer = awaiting.offer as Record<string, unknown>;
    const value =
      awaiting.choice === "reaction"
        ? chooseReaction(target, me, offer.reactions as string[])
        : awaiting.choice === "roll"
          ? true
          : offer.kind === "reroll"
            ? rerollOf(roles[awaiting.by]!.block, offer.grade as string)
            : offer.kind === "critical"
              ? "extra-action"
              : damageDieOf(awaiting.by, offer as never);
    return answerAt(request, awaiting.choice, value);
  };
  const { outcome } = resolveAnswering(attackAction.resolve, attackRequest(me, target), tray, answer as never);
  readBack(me, outcome.effects[0]!.changes);
  readBack(target, outcome.effects[1]!.changes);
}

const rules: FightRules<FighterRequest, UnhexFightState> = {
  start: (block) => ({ character: { name: block.name, level: block.level, maxLevel: block.maxLevel ?? block.level, pc: block.pc ?? false, wounds: {} }, budget: FRESH_BUDGET, acted: false }),
  isOut: (state) => isOut(state.character, OPTIONS),
  order(fighters, tray) {
    const standing = fighters.filter((f) => !isOut(f.state.character, OPTIONS));
    for (const f of standing) f.state = { ...f.state, budget: startRound(f.state.budget), acted: false };
    // Team initiative through the initiative action: each side's highest level rolls; the winner's team goes first.
    const teams = (["a", "b"] as const).map((side) => ({
      name: side,
      pc: standing.some((f) => f.side === side && f.state.character.pc),
      members: standing.filter((f) => f.side === side).map((f) => ({ name: key(f), level: f.state.character.level, maxLevel: f.state.character.maxLevel, ...(f.block.good ? { good: true } : {}) })),
    }));
    const byKey = new Map(standing.map((f) => [key(f), f]));
    const request = { teams, ...(holder.get(fighters) ? { previousHolder: holder.get(fighters)! } : {}) };
    const { outcome } = resolveAnswering(initiativeAction.resolve, request, tray, (awaiting, _o, asked) => {
      if (awaiting.choice === "order") return { order: [awaiting.by, awaiting.by === "a" ? "b" : "a"] };
      const offer = awaiting.offer as { who: string; grade: string };
      return answerAt(asked, awaiting.choice, rerollOf(byKey.get(offer.who)!.block, offer.grade));
    });
    holder.set(fighters, outcome.result.winner as SideId);
    // A critical success on initiative is an extra action this round; a critical failure costs one.
    for (const effect of outcome.effects) {
      const f = byKey.get(effect.participant)!;
      const statuses = effect.statuses ?? [];
      if (statuses.includes("extra-action")) f.state = { ...f.state, budget: gainAction(f.state.budget) };
      if (statuses.includes("loses-next-action")) f.state = { ...f.state, budget: loseAction(f.state.budget) };
    }
    const order = outcome.result.order as SideId[];
    return order.flatMap((side) => standing.filter((f) => f.side === side));
  },
  act(me, foes, tray) {
    // Her team's turn: she spends every action she has attacking; a hand too wounded to hold a weapon makes no attack.
    while (me.state.budget.available > 0 && !isOut(me.state.character, OPTIONS) && !wieldProblem(me.state.character, 1, OPTIONS)) {
      const standing = foes.filter((f) => !isOut(f.state.character, OPTIONS));
      if (standing.length === 0) break;
      attack(me, chooseTarget(standing), tray);
    }
    me.state = { ...me.state, acted: true };
  },
};

/** Who won last round's initiative, per fight (a tie goes to the previous holder). */
const holder = new WeakMap<object, SideId>();

/**
 * Side against side, everyone in one Area with a melee weapon: each round team initiative, then
 * each team in turn, every fighter spending her actions attacking the chosen foe, who reacts by the
 * exact odds.
 */
export const unhexFight = defineFight({ fighter: FighterSchema, fight: (sides, tray, roundLimit) => runFight(rules, sides, tray, roundLimit) });

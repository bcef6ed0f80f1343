import type { Static } from "@sinclair/typebox";
import { best, cached, resolveAnswering } from "../../core/fight/choices.js";
import { type Fighter as InFight, type FightRules, runFight } from "../../core/fight/engine.js";
import { defineFight } from "../ruleset.js";
import { attack, initiative } from "./actions.js";
import { isOut, type Vitals, vitalsFrom } from "./combatant.js";
import { FALLEN_FATES } from "./lists.js";
import { attackOddsOf } from "./odds.js";
import { Fighter } from "./schemas.js";

type Block = Static<typeof Fighter>;
type Me = InFight<Block, Vitals>;

const key = (f: Me) => `${f.side}${f.index}`;

const attackRequest = (me: Me, target: Me) => ({
  attacker: { name: key(me), weapon: me.block.weapon },
  target: { name: key(target), defense: target.block.defense, ...(target.block.armor ? { armor: target.block.armor } : {}), ...target.state },
});

const odds = attackOddsOf(attack);
/** The chance this blow drops the foe (defeated, or a Fallen Fate called for), and the chance it hits. */
const blowOdds = cached((request: ReturnType<typeof attackRequest>) => {
  const chances = odds.exact(request).chances;
  return { drop: (chances.defeated ?? 0) + (chances.fateNeeded ?? 0), wounded: chances.wounded ?? 0, hit: chances.hit ?? 0 };
});

/**
 * Whom to attack: the foe this blow most likely defeats or puts to a Fallen Fate (exact odds of
 * the attack against her Defense, Armor and Resolve as they stand), then the one it most likely
 * Wounds (a step nearer her fate), then the one it most likely hits.
 */
export function chooseTarget(me: Me, foes: Me[]): Me {
  if (foes.length === 1) return foes[0]!;
  return best(foes, (foe) => {
    const chance = blowOdds(attackRequest(me, foe));
    return chance.drop + chance.wounded / 1000 + chance.hit / 1e6;
  });
}

interface FateOffer {
  ignore: boolean;
  fates: Array<{ name: string; outOfFight: boolean }>;
}

/**
 * A Wounded fighter ignores every Fallen Fate she may; one she cannot ignore ends her part in the
 * fight, as in the duel: she takes the first fate of the list that puts her out of it.
 */
export function chooseFate(offer: FateOffer): string {
  if (offer.ignore) return "ignore";
  return (offer.fates.find((fate) => fate.outOfFight) ?? offer.fates[0]!).name;
}

const rules: FightRules<Block, Vitals> = {
  start: (block) => vitalsFrom(block),
  isOut: (vitals) => isOut(vitals, FALLEN_FATES),
  begin(fighters, tray) {
    // Initiative once for the fight, through the initiative action: PCs roll, NPCs take rank + 3 (major + 6).
    const pcs = fighters.filter((f) => (f.block.kind ?? "pc") === "pc").map((f) => ({ name: key(f), rank: f.block.initiative }));
    const npcs = fighters.filter((f) => (f.block.kind ?? "pc") !== "pc").map((f) => ({ name: key(f), rank: f.block.initiative, major: f.block.major ?? false }));
    const order = (initiative.resolve({ pcs, npcs }, tray).result.order as Array<{ name: string }>).map((entry) => entry.name);
    fighters.sort((x, y) => order.indexOf(key(x)) - order.indexOf(key(y)));
  },
  order: (fighters) => fighters,
  act(me, foes, tray) {
    const target = chooseTarget(me, foes);
    const { outcome } = resolveAnswering(attack.resolve, attackRequest(me, target), tray, (awaiting) => ({ fateChoice: chooseFate(awaiting.offer as unknown as FateOffer) }));
    const changes = outcome.effects[0]!.changes;
    const to = <K extends keyof Vitals>(name: K): Vitals[K] => (changes[name] ? (changes[name].to as Vitals[K]) : target.state[name]);
    target.state = { ...target.state, resolve: to("resolve"), wounded: to("wounded"), ignoresLeft: to("ignoresLeft"), fates: to("fates"), defeated: to("defeated") };
  },
};

/** Side against side: initiative once, then each round every fighter in order attacks the chosen foe. */
export const personalFight = defineFight({ fighter: Fighter, fight: (sides, tray, roundLimit) => runFight(rules, sides, tray, roundLimit) });

/**
 * The tracker's "Odds of this fight", the GM's alone: it reads the sides as they stand, runs the
 * fights off the main thread, and shows the answer in the tracker of the GM who asked. Nothing is
 * sent to anyone and nothing in the world is written: the answer lives in this client's memory until
 * the GM posts it to chat. A player's client never draws the control, and refuses it if asked.
 */
import { activeCombatRules } from "../active.js";
import { roundOf } from "../clock.js";
import { Refused } from "../../relay/index.js";
import { oddsRunner } from "./run.js";
import { readSides, type OddsSides } from "./sides.js";
import { ODDS_LIMITS } from "./limits.js";
import type { OddsAnswer } from "./simulate.js";

/** How long the fights may run (ms): with the worker's start, the GM has her answer in about 2 s. */
export const ODDS_BUDGET_MS = 1500;

/** The answer as the tracker and the chat card show it: a headline and its lines, already localized. */
export interface OddsText {
  headline: string;
  lines: string[];
}

export interface OddsView {
  running: boolean;
  answer?: OddsText;
  problem?: string;
}

/** Per combat, this GM's last answer. */
const views = new Map<string, OddsView>();

const localize = (key: string, data?: Record<string, string | number>) => (data ? game.i18n!.format(`FRAY.FightOdds.${key}`, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n!.localize(`FRAY.FightOdds.${key}`));

const percent = (x: number) => Math.round(x * 100);

/** What the tracker shows of the odds: null for a player, or where the ruleset has no fights of sides. */
export function oddsContext(combat: Combat.Implementation | null): OddsView | null {
  if (!game.user?.isGM || !combat || !activeCombatRules()?.fighter) return null;
  return views.get(combat.id!) ?? { running: false };
}

/** The most likely to drop on one side: its name and how often, or null for a side nobody ever left. */
function mostLikely(fighters: OddsSides["party"], dropped: readonly number[]): { name: string; chance: number } | null {
  let best: { name: string; chance: number } | null = null;
  fighters.forEach((fighter, i) => {
    const chance = dropped[i] ?? 0;
    if (chance > 0 && (!best || chance > best.chance)) best = { name: fighter.name, chance };
  });
  return best;
}

/** The answer in words: "The party wins 73% (±2%), about 4 rounds", who drops, how many fights. */
export function oddsText(answer: OddsAnswer, sides: OddsSides, round: number): OddsText {
  const rounds = Math.max(1, Math.round(answer.medianRounds));
  const party = answer.chance.a;
  const headline = localize("Wins", { chance: percent(party.chance), margin: Math.max(1, percent((party.high - party.low) / 2)), rounds: rounds === 1 ? localize("OneRound") : localize("Rounds", { rounds }) });
  const lines: string[] = [];
  if (answer.chance.none.chance > 0) lines.push(localize("NoWinner", { chance: percent(answer.chance.none.chance), limit: ODDS_LIMITS.roundLimit }));
  const partyDrop = mostLikely(sides.party, answer.dropped.a);
  const foeDrop = mostLikely(sides.foes, answer.dropped.b);
  if (partyDrop) lines.push(localize("DropParty", { name: partyDrop.name, chance: percent(partyDrop.chance) }));
  if (foeDrop) lines.push(localize("DropFoes", { name: foeDrop.name, chance: percent(foeDrop.chance) }));
  lines.push(localize(round > 0 ? "Ran" : "RanBefore", { runs: answer.runs, party: sides.party.length, foes: sides.foes.length, seconds: (answer.ms / 1000).toFixed(1), round, seed: answer.seed }));
  if (sides.leftOut.length) lines.push(localize("LeftOut", { names: sides.leftOut.join(", ") }));
  return { headline, lines };
}

/**
 * The GM's click: weighs the fight as it stands now (any round, again and again). `redraw` draws the
 * tracker's odds again (running, then the answer). A player's click is refused before anything is read.
 */
export async function weighFight(combat: Combat.Implementation, redraw: () => unknown): Promise<void> {
  if (!game.user?.isGM) throw new Refused(localize("GmOnly"));
  const rules = activeCombatRules();
  const id = combat.id!;
  if (!rules?.fighter) throw new Refused(localize("NoRules"));
  const sides = readSides(combat, rules.fighter);
  if (!sides.party.length || !sides.foes.length) {
    views.set(id, { running: false, problem: localize("NoFight") });
    await redraw();
    return;
  }
  const round = roundOf(combat);
  views.set(id, { running: true });
  await redraw();
  try {
    const answer = await oddsRunner()({
      ruleset: rules.rulesetId,
      sides: { a: sides.party.map((f) => f.block), b: sides.foes.map((f) => f.block) },
      seed: Math.floor(Math.random() * 2 ** 31),
      budgetMs: ODDS_BUDGET_MS,
    });
    views.set(id, { running: false, answer: oddsText(answer, sides, round) });
  } catch (error) {
    views.set(id, { running: false, problem: localize("Failed", { error: error instanceof Error ? error.message : String(error) }) });
  }
  await redraw();
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The GM's Post to chat: a plain message of hers with the answer she sees, for everyone. */
export async function postOdds(combat: Combat.Implementation): Promise<void> {
  if (!game.user?.isGM) throw new Refused(localize("GmOnly"));
  const answer = views.get(combat.id!)?.answer;
  if (!answer) return;
  const content = `<div class="fray-fight-odds-card"><h3>${escapeHtml(localize("Title"))}</h3><p class="fray-fight-odds-headline">${escapeHtml(answer.headline)}</p><ul>${answer.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul></div>`;
  await ChatMessage.implementation.create({ content, speaker: { alias: game.user.name } });
}

/** Forgets every answer (the tests, between worlds). */
export function forgetOdds(): void {
  views.clear();
}

/**
 * What a cavaliers card shows, in the game's words, from the outcome the GM resolved: each pool
 * (its dice before Drop, the Drop and its parts, the dice kept and their faces, total and SP), who
 * won, what is awaited and from whom, what was bought, and what the GM may still pick.
 */
import type { Awaiting, Outcome, Step } from "../../../../core/outcome.js";
import { FLOURISH_OPPOSITION, SUCCESS_TABLES, SURVIVAL_OPPOSITION, YIELDED_OUT_ENTRY } from "../../../../rules/cavaliers/tables.js";
import { diceLegend, keptAmong, markedDie, type MarkedDie } from "../../../cards/dice-marks.js";
import type { CardHeadline } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { statusIdFor, statusLabel } from "../../../statuses/index.js";
import { cardName } from "../../../cards/documents.js";
import { defenceOf } from "./defence.js";

const loc = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Card.${key}`, data) : game.i18n!.localize(`FRAY.Card.${key}`));

interface SideView {
  role: string;
  name: string;
  label: string;
  poolText: string;
  drops: string;
  /** The dice rolled, the two highest marked kept (they make the total; the lower is the SP). */
  dice: MarkedDie[];
  reading: string;
}

const POOL_LABELS: Record<string, string> = { "attack pool": "attacker", "defence pool": "defender", "skill pool": "actor", "flourish pool": "actor", "survival pool": "actor", opposition: "opposition" };

function stepOf(steps: readonly Step[], rule: string, label: string): Step | undefined {
  return steps.find((step) => step.rule === rule && step.roll === label);
}

/** The combined actions a participant of the rules request took with her roll. */
function combinedOf(participant: unknown): string[] {
  const combined = (participant as { combined?: unknown } | undefined)?.combined;
  return Array.isArray(combined) ? combined.filter((id): id is string => typeof id === "string") : [];
}

/** One pool as rolled: the dice it had, the Drop (by part), the kept dice with their faces, the reading. */
function sideOf(outcome: Outcome, label: string, name: string, combined: readonly string[] = []): SideView | null {
  const rolled = outcome.dice.filter((die) => die.label === label);
  const read = stepOf(outcome.steps, "keep-two", label);
  const pool = stepOf(outcome.steps, "pool", label);
  // Declared and not yet rolled (an attack awaiting its defence): the pool and its Drop, no dice.
  if (!read && !pool) return null;
  const kept = keptAmong(rolled.map((die) => die.face), 2);
  const keptTip = loc(rolled.length === 1 ? "DieTip.keptOne" : "DieTip.kept");
  const dice = rolled.map((die, index) => (kept[index] ? markedDie(die.face, die.sides, "kept", keptTip) : markedDie(die.face, die.sides, "dropped", loc("DieTip.dropped"))));
  const dropTotal = stepOf(outcome.steps, "drop-total", label);
  // The combined actions' Drop is named by the actions that put it there ("Move 1"), when the card knows them.
  const combinedNames = combined.map((id) => game.i18n!.localize(`FRAY.Ui.Combined.${id}`)).join(", ");
  const partText = (part: "wounds" | "combined" | "situational" | "other") => (part === "combined" && combinedNames ? loc("Drop.combinedNamed", { actions: combinedNames, n: String(dropTotal![part]) }) : loc(`Drop.${part}`, { n: String(dropTotal![part]) }));
  const parts = dropTotal ? (["wounds", "combined", "situational", "other"] as const).filter((part) => Number(dropTotal[part] ?? 0) > 0).map(partText) : [];
  const poolDice = Array.isArray(pool?.dice) ? (pool.dice as string[]).map((die) => die.split(":").at(-1) ?? die) : dice.map((die) => `d${die.sides}`);
  return {
    role: POOL_LABELS[label] ?? label,
    name,
    label,
    poolText: poolDice.join(" "),
    drops: parts.join(", "),
    dice,
    reading: read ? loc("Reading", { total: String(read.total), sp: String(read.successPoints) }) : loc("Declared"),
  };
}

/** An entry's name from the rules' tables (every table uses the same id for the same purchase). */
function entryName(id: string): string {
  const entries = [...Object.values(SUCCESS_TABLES).flatMap((table) => table.entries), YIELDED_OUT_ENTRY];
  return entries.find((entry) => entry.id === id)?.name ?? id;
}

function spendText(steps: readonly Step[]): string {
  return steps
    .filter((step) => step.rule === "spend")
    .flatMap((step) => (step.bought as { entry: string; times: number }[]).map((p) => `${entryName(p.entry)}${p.times > 1 ? ` ×${p.times}` : ""}`))
    .join(", ");
}

function nameOf(card: CardData, role: string): string {
  const uuid = card.refs[role]?.actor;
  const actor = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  return actor instanceof Actor ? cardName(actor.name) : role;
}

function pickerOf(card: CardData, awaiting: Awaiting): Record<string, unknown> | null {
  if (!["spend", "landingSpend", "style"].includes(awaiting.choice)) return null;
  const offer = awaiting.offer as { sp?: number; entries?: { id: string; name: string; cost: number; repeatable: boolean }[]; most?: number };
  return {
    owner: card.refs[awaiting.by]?.actor ?? "",
    choice: awaiting.choice,
    sp: offer.sp ?? 0,
    entries: offer.entries ?? [],
    landing: awaiting.choice === "landingSpend" ? loc("Lands", { name: nameOf(card, "attacker") }) : "",
    branches: negateBranches(card, awaiting),
  };
}

/**
 * A winning defender's spend decides whether the attack lands (RULINGS: one who buys no Negate lets
 * it land): both branches, said before she buys, where the attacker has SP to spend on a landing.
 */
function negateBranches(card: CardData, awaiting: Awaiting): string {
  if (card.kind !== "cavaliers.attack" || awaiting.choice !== "spend" || awaiting.by !== "defender") return "";
  const sp = Number((card.outcome?.result as { attacker?: { successPoints?: unknown } } | undefined)?.attacker?.successPoints ?? 0);
  const negate = ((awaiting.offer as { entries?: { id: string }[] }).entries ?? []).some((entry) => entry.id === "negate");
  return negate && sp > 0 ? loc("NegateBranches", { name: nameOf(card, "attacker"), sp: String(sp) }) : "";
}

/** What the one who chooses reads in place of "Waiting for …" ("Your choice: spend 6 SP"). */
function yoursLine(card: CardData, awaiting: Awaiting): string {
  const sp = Number((awaiting.offer as { sp?: unknown }).sp ?? 0);
  if (awaiting.choice === "spend" || awaiting.choice === "landingSpend") return game.i18n!.format("FRAY.Card.YourSpend", { sp: String(sp) });
  return game.i18n!.format("FRAY.Card.YourChoice", { name: nameOf(card, awaiting.by) });
}

/** A status word of the rules as players read it: its token status's name, or the event it names. */
function wordLabel(word: string): string {
  const id = statusIdFor(word);
  if (id) return statusLabel(id);
  const key = `FRAY.Card.Event.${word}`;
  return game.i18n!.has(key) ? game.i18n!.localize(key) : word;
}

function titleOf(card: CardData): string {
  if (card.kind === "cavaliers.attack") return loc(`Attack.${String(card.request.attack)}`);
  return loc(`Kind.${card.kind.split(".")[1] ?? card.kind}`);
}

/** Who stepped into the attack with an Interpose, as the GM wrote it on the card. */
function interposedLine(card: CardData): string {
  const interposed = card.request.interposed as { by?: unknown; insteadOf?: unknown; move?: unknown } | undefined;
  if (!interposed || typeof interposed.by !== "string" || typeof interposed.insteadOf !== "string") return "";
  return loc(interposed.move === true ? "InterposedMove" : "Interposed", { name: interposed.by, target: interposed.insteadOf });
}

/** The defence step: each defence on offer, and the defender's own Advantage die to add (seed 000 §Using Advantage). */
function defenceForm(card: CardData, awaiting: Awaiting): Record<string, unknown> {
  const uuid = card.refs.defender?.actor ?? "";
  const defender = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  const advantage = defender instanceof Actor ? Number((defender.system as { advantage?: unknown }).advantage ?? 0) : 0;
  return {
    owner: uuid,
    name: nameOf(card, "defender"),
    yours: game.i18n!.format("FRAY.Card.YourDefence", { name: nameOf(card, "defender") }),
    advantage: advantage > 0 ? loc("DefenceAdvantage", { die: `d${advantage}` }) : "",
    buttons: ((awaiting.offer.defences as string[]) ?? []).map((id) => ({ id, label: loc(`Defence.${id}`) })),
  };
}

/** A Flourish rolls against Easy and Survival against Moderate: their cards carry no difficulty of their own. */
const FIXED_OPPOSITION: Record<string, string> = { "cavaliers.flourish": FLOURISH_OPPOSITION, "cavaliers.survival": SURVIVAL_OPPOSITION };

export function cavaliersContext(card: CardData): Record<string, unknown> {
  const outcome = card.outcome;
  if (!outcome) return { title: titleOf(card), sides: [] };
  const awaiting = outcome.awaiting ?? null;
  const actorRole = card.kind === "cavaliers.attack" ? "attacker" : "actor";
  const sides = [
    sideOf(outcome, card.kind === "cavaliers.attack" ? "attack pool" : `${card.kind.split(".")[1]} pool`, nameOf(card, actorRole), combinedOf(card.rules[actorRole])),
    card.kind === "cavaliers.attack" ? sideOf(outcome, "defence pool", defenceOf(card.request) ? `${nameOf(card, "defender")} · ${loc(`Defence.${defenceOf(card.request)!.skill}`)}` : nameOf(card, "defender"), combinedOf(card.rules.defender)) : sideOf(outcome, "opposition", loc(`Opposition.${String(card.rules.opposition ?? FIXED_OPPOSITION[card.kind] ?? "moderate")}`)),
  ].filter((side): side is SideView => side !== null);
  const defence = awaiting?.choice === "defence" ? awaiting : null;
  return {
    title: titleOf(card),
    sides,
    diceLegend: diceLegend(sides.flatMap((side) => side.dice)),
    awaitingDefence: defence ? defenceForm(card, defence) : null,
    picker: awaiting ? pickerOf(card, awaiting) : null,
    waitingLine: awaiting && awaiting.choice !== "defence" ? loc("Waiting", { name: nameOf(card, awaiting.by) }) : "",
    // The one who chooses reads it as hers ("Your choice: spend 6 SP"); render.ts shows it to her alone.
    chooser: awaiting ? (card.refs[awaiting.by]?.actor ?? "") : "",
    yoursLine: awaiting ? yoursLine(card, awaiting) : "",
    interposedLine: interposedLine(card),
    // While the winner spends, who won stands under the headline that says what the card waits for.
    winnerLine: awaiting && (outcome.result as { winner?: string }).winner ? loc("Wins", { name: nameOf(card, String((outcome.result as { winner: string }).winner)) }) : "",
    statuses: outcome.effects.flatMap((effect) => (effect.statuses ?? []).map((word) => `${wordLabel(word)}: ${effect.participant}`)),
    outPending: card.state === "applied" && !!card.notes.outCandidate && !card.notes.out,
    outLabel: card.notes.out ? loc(`Out.${String(card.notes.out)}`) : "",
    dying: card.state === "applied" ? ((card.notes.dying as string[] | undefined) ?? []).map((role) => ({ actor: card.refs[role]?.actor ?? "", name: nameOf(card, role) })) : [],
  };
}

/**
 * The card's first line, from its resolved result: who won and by how much, and what she bought
 * ("Ines wins 14 to 9: Wound"); a check's success or failure against its opposition; or, while the
 * card waits, the defence or spend it waits for (said to the chooser as hers).
 */
export function cavaliersHeadline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const outcome = card.outcome;
  if (!outcome) return { text: "" };
  const awaiting = outcome.awaiting;
  if (awaiting) {
    const defence = context.awaitingDefence as { name: string; owner: string; yours: string } | null;
    if (defence) return { text: loc("AwaitingDefence", { name: defence.name }), chooser: defence.owner, yours: defence.yours };
    return { text: String(context.waitingLine ?? ""), chooser: String(context.chooser ?? ""), yours: String(context.yoursLine ?? "") };
  }
  const bought = spendText(outcome.steps);
  const result = outcome.result as { winner?: string; landed?: boolean; attacker?: { total: number }; defender?: { total: number }; success?: boolean; survived?: boolean; total?: number; oppositionTotal?: number };
  if (result.winner) {
    const [won, lost] = result.winner === "attacker" ? [result.attacker?.total, result.defender?.total] : [result.defender?.total, result.attacker?.total];
    const line = loc("Headline.wins", { name: nameOf(card, result.winner), won: String(won), lost: String(lost) });
    const landed = result.winner === "defender" && result.landed ? ` ${loc("Headline.landed")}` : "";
    return { text: `${line}${bought ? `: ${bought}` : ""}.${landed}` };
  }
  const numbers = { total: String(result.total ?? ""), opposition: String(result.oppositionTotal ?? "") };
  if (card.kind === "cavaliers.survival") return { text: loc(result.survived ? "Headline.survived" : "Headline.died", { name: nameOf(card, "actor"), ...numbers }) };
  const line = loc(result.success ? "Headline.success" : "Headline.failure", numbers);
  return { text: result.success && bought ? `${line} ${loc("Bought", { list: bought })}.` : line };
}

/**
 * Issue 25: a card speaks the game's words. Every card a test posted is read as the GM sees it, and
 * none may show the machine's (test/support/machine-words.ts, which the browser tests read with too).
 * Issue 38 item 1: every card opens, right under its title, with one line that tells what happened
 * or what it waits for (cards/kinds.ts, CardHeadline).
 */
import { afterEach, expect } from "vitest";
import { machineWords } from "../support/machine-words.js";

export { machineWords };

interface Shown {
  type: string;
  id: string | null;
  renderHTML(): Promise<HTMLElement>;
}

/** Every card among the messages, with what it shows of the machine's. */
export async function cardWordProblems(messages: Iterable<Shown>): Promise<string[]> {
  const problems: string[] = [];
  for (const message of messages) {
    if (message.type !== "card") continue;
    const html = await message.renderHTML();
    for (const problem of machineWords(html.textContent ?? "")) problems.push(`card ${message.id}: ${problem}`);
    const problem = headlineProblem(html);
    if (problem) problems.push(`card ${message.id}: ${problem}`);
  }
  return problems;
}

/** The card's first line under its title: its text, or null when the card has none. */
export function headlineOf(html: HTMLElement): string | null {
  const first = html.querySelector(".fray-card > header")?.nextElementSibling;
  return first?.matches(".fray-card-headline") ? (first.textContent ?? "").replace(/\s+/g, " ").trim() : null;
}

/** What is wrong with a card's first line: missing, empty, or cut short. */
function headlineProblem(html: HTMLElement): string | null {
  // A card hidden from this viewer (a blind roll) or one a player wrote is not drawn as a Fray card.
  if (!html.querySelector(".fray-card > header")) return null;
  const line = headlineOf(html);
  if (line === null) return `no headline under the title of "${(html.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60)}…"`;
  if (!/[\p{L}\d]/u.test(line) || /[:,]$/.test(line)) return `a headline that says nothing: "${line}"`;
  return null;
}

/** After each test of the file, every card it posted is in the game's words. */
export function everyCardInWords(messages: () => { contents: readonly unknown[] }): void {
  afterEach(async () => {
    expect(await cardWordProblems(messages().contents as Shown[])).toEqual([]);
  });
}

const MARKS = ["kept", "dropped", "success", "failure", "critical", "explode", "block"];

/**
 * The dice a card shows, each as "<face> <marks>" ("7 kept", "2 dropped", "4 plain"), in order;
 * throws if a die has no tooltip (every die says what it did), unless it sits in an element that has one.
 */
export function diceShown(html: HTMLElement): string[] {
  // The dice under the headline repeat the steps' dice for a reader whose steps are folded.
  return [...html.querySelectorAll<HTMLElement>(".fray-card .fray-die")].filter((die) => !die.closest(".fray-card-headline-dice")).map((die) => {
    const tip = die.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
    if (!tip.trim()) throw new Error(`a die without a tooltip: ${die.outerHTML}`);
    const marks = MARKS.filter((mark) => die.classList.contains(`fray-die-${mark}`));
    const face = [...die.childNodes].find((node) => node.nodeType === 3)?.textContent?.trim() ?? "";
    return `${face} ${marks.join("+") || "plain"}`;
  });
}

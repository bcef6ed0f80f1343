/**
 * Issue 25: a card speaks the game's words. Every card a test posted is read as the GM sees it, and
 * none may show the machine's (test/support/machine-words.ts, which the browser tests read with too).
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
  }
  return problems;
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
  return [...html.querySelectorAll<HTMLElement>(".fray-card .fray-die")].map((die) => {
    const tip = die.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
    if (!tip.trim()) throw new Error(`a die without a tooltip: ${die.outerHTML}`);
    const marks = MARKS.filter((mark) => die.classList.contains(`fray-die-${mark}`));
    const face = [...die.childNodes].find((node) => node.nodeType === 3)?.textContent?.trim() ?? "";
    return `${face} ${marks.join("+") || "plain"}`;
  });
}

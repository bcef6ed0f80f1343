/**
 * Reading a card as its reader does: a long card's steps are folded for players (details
 * data-fray-fold), and innerText leaves out what is folded. readCard opens the folds, reads the whole
 * card as a reader who clicked "How it went" would, and folds them back, so a screenshot after it
 * still shows the card as it was drawn.
 */
import type { Locator } from "playwright-core";

export async function readCard(card: Locator): Promise<string> {
  return card.evaluate((element: HTMLElement) => {
    const folded = [...element.querySelectorAll<HTMLDetailsElement>("details[data-fray-fold]:not([open])")];
    for (const fold of folded) fold.open = true;
    const text = element.innerText;
    for (const fold of folded) fold.open = false;
    return text;
  });
}

/** Whether the card's steps are folded away for the user viewing it now. */
export async function stepsFolded(card: Locator): Promise<boolean> {
  return card.evaluate((element: HTMLElement) => [...element.querySelectorAll<HTMLDetailsElement>("details[data-fray-fold]")].some((fold) => !fold.open));
}

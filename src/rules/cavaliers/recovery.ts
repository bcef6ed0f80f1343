import { REST_DAYS_FULL_HEAL, REST_DAYS_PER_WOUND } from "./tables.js";

/** Bed rest: one Wound per two days, all of them after six. */
export function restHeal(wounds: number, days: number): number {
  if (days >= REST_DAYS_FULL_HEAL) return 0;
  return Math.max(0, wounds - Math.floor(Math.max(0, days) / REST_DAYS_PER_WOUND));
}

/** The default Survival spend: heal Wounds (4 SP each) if it can, else wake up, and the rest on hours. */
export function defaultSurvivalSpend(successPoints: number): string[] {
  if (successPoints >= 4) return Array.from({ length: Math.floor(successPoints / 4) }, () => "heal-wound");
  if (successPoints >= 2) return ["regain-consciousness", ...Array.from({ length: successPoints - 2 }, () => "survive-8-hours")];
  return Array.from({ length: successPoints }, () => "survive-8-hours");
}

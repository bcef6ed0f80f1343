import type { OptionDefinition, OptionValues } from "../options.js";
import type { ShieldSize } from "./tables.js";

/** House defaults of Drama in History (each a world setting `fray.drama.<name>`). */
export const DRAMA_OPTIONS = {
  loserCriticalLimitedDamage: {
    kind: "boolean",
    default: true,
    summary: "A loser whose roll held a critical still deals limited damage (1 Grit, 1 Flesh) to the winner.",
  },
  marginalDraw: {
    kind: "boolean",
    default: true,
    summary: "When both sides score exactly one net success, Momentum takes a marginal win instead of a failure.",
  },
  seriousWoundsBleed: {
    kind: "boolean",
    default: false,
    summary: "A serious wound (3+ Flesh in one blow) bleeds, as a critical wound does (the rulebook's optional rule).",
  },
  shieldBashGritImprovised: { kind: "integer", default: 1, min: 0, max: 6, summary: "Grit dealt by a Shield Bash with a main gauche or improvised shield." },
  shieldBashGritBuckler: { kind: "integer", default: 1, min: 0, max: 6, summary: "Grit dealt by a Shield Bash with a buckler." },
  shieldBashGritMedium: { kind: "integer", default: 2, min: 0, max: 6, summary: "Grit dealt by a Shield Bash with a medium shield." },
  shieldBashGritLarge: { kind: "integer", default: 3, min: 0, max: 6, summary: "Grit dealt by a Shield Bash with a large shield." },
} as const satisfies Record<string, OptionDefinition>;

export type DramaOptions = OptionValues<typeof DRAMA_OPTIONS>;

export function shieldBashGrit(options: DramaOptions, shield: ShieldSize): number {
  switch (shield) {
    case "none":
      return 0;
    case "improvised":
      return options.shieldBashGritImprovised;
    case "buckler":
      return options.shieldBashGritBuckler;
    case "medium":
      return options.shieldBashGritMedium;
    case "large":
      return options.shieldBashGritLarge;
  }
}

import type { OptionDefinition, OptionValues } from "../options.js";

export const UNHEX_OPTIONS = {
  boxesPerRow: {
    kind: "integer",
    default: 5,
    min: 1,
    max: 10,
    summary: "Wound boxes in each row of a hit location (RULINGS.md: 5; the source sheet draws 3).",
  },
  unconsciousLevel: {
    kind: "integer",
    default: 0,
    min: 0,
    max: 9,
    summary: "A character at or below this current level is unconscious (RULINGS.md: 0; the source's newer text: 9, i.e. below 10).",
  },
} satisfies Record<string, OptionDefinition>;

export type UnhexOptions = OptionValues<typeof UNHEX_OPTIONS>;

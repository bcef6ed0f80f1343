import { type OptionDefinition, type OptionValues, withDefaults } from "../options.js";

/** Torchlight's house defaults: each a world setting `fray.torchlight.<name>`. */
export const torchlightOptions = {
  enhancedAddsD4: {
    kind: "boolean",
    default: false,
    summary: "The first Enhancement adds 1d4 to the damage (the first Impairment takes 1d4 off) instead of rolling the die twice.",
  },
  protectRounding: {
    kind: "choice",
    default: "down",
    choices: ["down", "up"] as const,
    summary: "Protect Companion: the protector takes half the attack, rounded this way.",
  },
  diagonalAdjacency: {
    kind: "boolean",
    default: true,
    summary: "Positions one lane and one stance apart (diagonal) count as adjacent for Rally and Protect Companion.",
  },
  cellCapacity: {
    kind: "integer",
    default: 1,
    min: 1,
    max: 6,
    summary: "How many combatants of one side fit in one lane and stance of the Combat Grid before a newcomer overflows to the next nearest lane.",
  },
  breathOrder: {
    kind: "choice",
    default: "dealt",
    choices: ["dealt", "owner"] as const,
    summary: "At the end of the round a character's hits meet her Breath in the order they were dealt, or in the order her owner chooses.",
  },
} satisfies Record<string, OptionDefinition>;

export type TorchlightOptions = OptionValues<typeof torchlightOptions>;

/** A request's (or world's) option values with the defaults filled in. */
export function readOptions(given: Partial<TorchlightOptions> | undefined): TorchlightOptions {
  return withDefaults(torchlightOptions, given);
}

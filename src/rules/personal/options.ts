import type { OptionDefinition, OptionValues } from "../options.js";

/** Personal Combat's house defaults: each fills a gap the seed leaves (see docs/rules/personal.md). */
export const personalOptions = {
  initiativeDie: { kind: "integer", default: 6, min: 2, max: 20, summary: "Sides of the die a PC rolls for Initiative (the seed says only 1D)." },
  gainMomentumCap: {
    kind: "integer",
    default: 3,
    min: 2,
    max: 6,
    summary: "Actions a turn may hold, free ones included, when the Gain Momentum destiny was rolled (otherwise 2).",
  },
  gainMomentumExtraAction: {
    kind: "boolean",
    default: false,
    summary: "Gain Momentum also allows a second (non-free) Action, not only more free actions.",
  },
  piercingHalvesArmor: {
    kind: "boolean",
    default: false,
    summary: "A Piercing attack halves the Armor Rating on any hit (the seed names the quality but not its effect).",
  },
  significantNpcFates: {
    kind: "boolean",
    default: true,
    summary: "Significant NPCs pick Fallen Fates like PCs; when off, a Wounded significant NPC who takes damage is defeated.",
  },
  minorNpcsWounded: {
    kind: "boolean",
    default: false,
    summary: "Minor NPCs become Wounded at Resolve 0 like significant NPCs; when off they are defeated at 0.",
  },
} satisfies Record<string, OptionDefinition>;

export type PersonalOptions = OptionValues<typeof personalOptions>;

import type { OptionDefinition, OptionValues } from "../options.js";

/** The Queen's Cavaliers' house defaults (see docs/rules/cavaliers.md). */
export const cavaliersOptions = {
  keepOneDie: { kind: "boolean", default: true, summary: "Drop never removes a pool's last die." },
  seizeOncePerRound: { kind: "boolean", default: true, summary: "Seize the Initiative can be bought at most once per round." },
} satisfies Record<string, OptionDefinition>;

export type CavaliersOptions = OptionValues<typeof cavaliersOptions>;

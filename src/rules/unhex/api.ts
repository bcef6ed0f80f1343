// The pure rules of unhex the Foundry layer calls step by step (build a pool, read a roll, apply
// damage...); the registry entry with its CLI actions is unhexRules in index.ts.
export * from "./budget.js";
export * from "./choices.js";
export * from "./character.js";
export * from "./combatEnd.js";
export * from "./damage.js";
export * from "./duel.js";
export * from "./hit.js";
export * from "./initiative.js";
export * from "./items.js";
export * from "./opposed.js";
export * from "./options.js";
export * from "./pick.js";
export * from "./reach.js";
export * from "./reactions.js";
export * from "./roll.js";
export * from "./tables.js";

// The pure rules of drama the Foundry layer calls step by step (build a pool, read a roll, apply
// damage...); the registry entry with its CLI actions is dramaRules in index.ts.
export * from "./combatant.js";
export * from "./courage.js";
export * from "./damage.js";
export * from "./duel.js";
export * from "./judge.js";
export * from "./knockBack.js";
export * from "./lineup.js";
export * from "./multiple.js";
export * from "./options.js";
export * from "./patterns.js";
export * from "./pools.js";
export * from "./rank.js";
export * from "./ranged.js";
export * from "./round.js";
export * from "./tables.js";

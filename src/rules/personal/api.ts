// The pure rules of personal the Foundry layer calls step by step (build a pool, read a roll, apply
// damage...); the registry entry with its CLI actions is personalRules in index.ts.
export * from "./attack.js";
export * from "./combatant.js";
export * from "./duel.js";
export * from "./lists.js";
export * from "./options.js";
export * from "./strike.js";
export * from "./turn.js";
export * from "./refusal.js";

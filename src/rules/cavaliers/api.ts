// The pure rules of cavaliers the Foundry layer calls step by step (build a pool, read a roll, apply
// damage...); the registry entry with its CLI actions is cavaliersRules in index.ts.
export * from "./actors.js";
export * from "./advantage.js";
export * from "./combined.js";
export * from "./duel.js";
export * from "./exchange.js";
export * from "./initiative.js";
export * from "./options.js";
export * from "./pool.js";
export * from "./range.js";
export * from "./recovery.js";
export * from "./spend.js";
export * from "./tables.js";
export { Refusal, refuse } from "./refusal.js";

// The pure rules of torchlight the Foundry layer calls step by step (build a pool, read a roll, apply
// damage...); the registry entry with its CLI actions is torchlightRules in index.ts.
export * from "./attack.js";
export * from "./compulsions.js";
export * from "./duel.js";
export * from "./dying.js";
export * from "./endOfRound.js";
export * from "./grid.js";
export * from "./options.js";
export * from "./stances.js";
export * from "./tables.js";
export * from "./refusal.js";

export * from "./choices.js";
export * from "./engine.js";
export * from "./summary.js";

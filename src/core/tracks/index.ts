export * from "./gritFlesh.js";
export * from "./breath.js";
export * from "./resolve.js";
export * from "./yieldWounds.js";
export * from "./locationBoxes.js";

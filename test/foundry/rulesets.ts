/** The ruleset helpers moved into the world fixture (world.ts); a test that still names this file gets them from there. */
export { bootFray, CHARACTERS, playRuleset, rulesetArrived } from "./world.js";

export { facesOf, formulaOf, rollDice, rollFrom, rollSource, sizedFacesOf, trayOf, type RolledDice } from "./roll.js";
export { diceAskedBy, withRollOffs } from "./rollOffs.js";
export { rollMissing, type RulesRun } from "./missing.js";

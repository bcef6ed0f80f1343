export { facesOf, formulaOf, rollDice, rollFrom, rollSource, trayOf, type RolledDice } from "./roll.js";
export { diceAskedBy, withRollOffs } from "./rollOffs.js";

export { facesOf, formulaOf, rollDice, rollFrom, rollSource, trayOf, type RolledDice } from "./roll.js";

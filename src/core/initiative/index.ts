// The five initiative orders, pure functions over combatant state. Two modules name their error
// InitiativeError; both are RuleErrors, so they are reached through their modules' namespaces.
export * from "./order.js";
export * as totalThenSuccessPoints from "./totalThenSuccessPoints.js";
export * as momentum from "./momentum.js";
export * as teamOpposed from "./teamOpposed.js";
export * as rankWithPcTies from "./rankWithPcTies.js";
export * as saveOrWait from "./saveOrWait.js";

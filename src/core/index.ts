// The shared resolver, for the Foundry layer: dice through one DiceSource port, the readings, the
// tracks, the area graph and the initiative orders. Each ruleset's own rules are in src/rules.
export * from "./dice/source.js";
export * from "./dice/pool.js";
export * from "./dice/keepTwo.js";
export * from "./dice/successPool.js";
export * from "./dice/percentile.js";
export * from "./dice/damageDie.js";
export * from "./dice/d20.js";
export * from "./dice/formula.js";
export * from "./outcome.js";
export * from "./opposed.js";
export * from "./ruleError.js";
// The shape of every action's exact odds (rules' `action.odds.exact(request)`), for the dialogs.
export { ODDS_CUT, type Odds, type Pmf } from "./odds/odds.js";
export * from "./ownKey.js";
export * as areas from "./areas/index.js";
export * as tracks from "./tracks/index.js";
export * as initiative from "./initiative/index.js";

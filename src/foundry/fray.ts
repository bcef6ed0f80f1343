/**
 * Fray's entry point in Foundry: registers settings, data models, sheets and documents on init.
 * The wiring grows per ruleset; everything it calls lives in its own module.
 */
Hooks.once("init", () => {
  console.log("Fray | init");
});

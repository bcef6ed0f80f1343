export { browserAvailable, launchBrowser, openFray, screenshot, CHROMIUM, DARK_TWIN, SCREENSHOTS, type FrayPage } from "./browser.js";
export { startFrayServer, bundleHarness, DIST, SYSTEM_ID, type FrayServer } from "./server.js";
export { useFrayBrowser } from "./suite.js";
export { readCard, stepsFolded } from "./cards.js";
export { assertFits, layoutProblems, measureLayout, wordsSplit, CARD_HEIGHT, SIDEBAR_WIDTH, WINDOW_HEIGHT } from "./layout.js";

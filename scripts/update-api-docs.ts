/**
 * Rewrites docs/api.md's list of card kinds from the kinds themselves (`npm run docs:api`): boots
 * Fray in the Foundry stand-in, loads every ruleset's chunk so each registers its kinds, and writes
 * each kind's roles and request fields between the list's markers. Read the diff and commit it;
 * test/foundry/api-kinds.test.ts fails whenever the list and the kinds disagree.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { installFoundryFromDisk } from "../playground/foundry/node.js";
import { RULESET_IDS } from "../src/rules/ruleset.js";

const harness = installFoundryFromDisk();
await import("../src/foundry/fray.js");
await harness.boot();
const { loadRuleset } = await import("../src/foundry/rulesets/loading.js");
for (const id of RULESET_IDS) await loadRuleset(id);
const { cardKinds } = await import("../src/foundry/cards/kinds.js");
const { cardKindsSection, withCardKinds } = await import("../src/foundry/api/card-kinds-doc.js");

const path = "docs/api.md";
const before = readFileSync(path, "utf8");
const after = withCardKinds(before, cardKindsSection(cardKinds()));
writeFileSync(path, after);
console.log(`docs/api.md: ${cardKinds().length} card kinds, ${before === after ? "unchanged" : "rewritten"}`);
process.exit(0);

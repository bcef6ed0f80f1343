// @ts-check
/**
 * Mutation testing of the pure rules (docs/testing.md). Run it through `npm run mutate [target]`,
 * which sets FRAY_MUTATE_TARGET to a key of scripts/mutate/targets.mjs or a path inside one, and runs
 * one target at a time; this file turns that into the files to mutate and the report and
 * incremental files.
 * Stryker 9.6 (not 10): Stryker 10 needs Node 22 and Fray supports Node 20.19 and up.
 */
import { TARGETS, resolveTarget } from "./scripts/mutate/targets.mjs";

const name = process.env.FRAY_MUTATE_TARGET ?? "core";
const target = resolveTarget(name);
if (!target) throw new Error(`unknown mutation target "${name}" (known: ${Object.keys(TARGETS).join(", ")}, or a path under src/core or src/rules/<id>)`);
const { mutate } = target;
const out = `reports/mutation/${target.report}`;
// `--ignoreStatic` (the quick mode: no table or schema values, see docs/testing.md) keeps its own
// incremental file, so its Ignored statics never stand in for a full run's results.
const withoutStatics = process.argv.includes("--ignoreStatic");

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: true },
  coverageAnalysis: "perTest",
  mutate,
  appendPlugins: ["./scripts/mutate/messageIgnorer.mjs", "./scripts/mutate/liveSurvivors.mjs"],
  ignorers: ["fray-messages"],
  // One worker by default: the machine's two cores are shared. `npm run mutate -- --concurrency 2` overrides.
  concurrency: 1,
  incremental: true,
  incrementalFile: `${out}/${withoutStatics ? "incremental-nostatic" : "incremental"}.json`,
  reporters: ["clear-text", "progress", "html", "json", "fray-live-survivors"],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  clearTextReporter: { allowEmojis: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["dist", "test-results", ".bench", "docs/screenshots", "reports"],
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: null },
};

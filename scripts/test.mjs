#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure:
 *   1. the build (scripts/build.mjs)      3. npm run lint: eslint, then dependency-cruiser's import rules
 *   2. tsc --noEmit                       4. vitest run: unit + foundry, then browser
 * Browser tests need /usr/bin/chromium. Without it, outside CI, they are SKIPPED with a loud banner;
 * with CI=true a missing Chromium fails the run. The last line is always a plain summary:
 *   Tests: N passed, N failed[, N skipped][ (...)]
 * A failed build, type check or lint counts as one failed check there, so "0 failed" means all green.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "node_modules", ".bin");
const CHROMIUM = "/usr/bin/chromium";
const CI = process.env.CI === "true";
const work = mkdtempSync(join(tmpdir(), "fray-test-"));

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const notes = [];

function banner(lines) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const bar = "!".repeat(width);
  return ["", bar, ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), bar, ""].join("\n");
}

function finish(code) {
  rmSync(work, { recursive: true, force: true });
  if (timings.length) console.log(`\nsteps: ${timings.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(", ")}`);
  const extra = notes.length ? ` (${notes.join("; ")})` : "";
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${extra}`);
  process.exit(code);
}

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].map((a) => a.replace(ROOT + "/", "")).join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.error) console.error(`${name}: could not start ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** A step that is not a test suite: a failure stops the run and counts as one failed check. */
function step(name, command, args) {
  const code = run(name, command, args);
  if (code !== 0) {
    console.error(`\n${name} FAILED (exit ${code}); stopping.`);
    totals.failed += 1;
    notes.push(`${name} failed`);
    finish(1);
  }
}

/** One vitest run; adds its JSON report's counts to the totals and returns its exit code. */
function vitest(name, args) {
  const report = join(work, `${name.replace(/\W+/g, "-")}.json`);
  const code = run(name, join(BIN, "vitest"), ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A suite that fails to load has no failed tests but still fails the run.
    const broken = (json.testResults ?? []).filter((file) => file.status === "failed" && (file.assertionResults ?? []).every((t) => t.status !== "failed"));
    if (json.numTotalTestSuites === 0) notes.push(`${name}: no test files yet`);
    if (broken.length) {
      totals.failed += broken.length;
      notes.push(`${broken.length} test file(s) failed to run`);
    }
  }
  if (code !== 0 && totals.failed === 0) {
    totals.failed += 1;
    notes.push(`${name} exited ${code}`);
  }
  return code;
}

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && CI) {
  console.error(`\nCI=true but ${CHROMIUM} is missing: browser tests cannot run. Install it: apt-get update && apt-get install -y chromium`);
  totals.failed += 1;
  notes.push("no Chromium in CI");
  finish(1);
}

step("build", process.execPath, [join(ROOT, "scripts", "build.mjs")]);
step("tsc", join(BIN, "tsc"), ["--noEmit"]);
step("eslint", join(BIN, "eslint"), ["."]);
step("import rules", join(BIN, "depcruise"), ["src", "playground", "test", "scripts", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]);

if (vitest("vitest unit+foundry", ["--project", "unit", "--project", "foundry"]) !== 0) {
  console.error("\nvitest (unit, foundry) FAILED; stopping.");
  finish(1);
}

if (haveChromium) {
  // The browser project may have no test files yet; that alone must not fail the run.
  if (vitest("vitest browser", ["--project", "browser", "--passWithNoTests"]) !== 0) {
    console.error("\nvitest (browser) FAILED.");
    finish(1);
  }
} else {
  console.error(
    banner([
      "BROWSER TESTS SKIPPED: /usr/bin/chromium is missing.",
      "Only the unit and foundry projects ran; the built bundle was NOT tested in a browser.",
      "Install Chromium (Debian) and run npm test again:",
      "    apt-get update && apt-get install -y chromium",
      "(CI=true makes a missing Chromium fail the run.)",
    ]),
  );
  notes.push("BROWSER TESTS SKIPPED: no /usr/bin/chromium");
}

finish(totals.failed > 0 ? 1 : 0);

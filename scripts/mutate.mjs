#!/usr/bin/env node
/**
 * `npm run mutate [target ...] [-- stryker options]`: mutation testing of the pure rules
 * (docs/testing.md). Targets are the keys of scripts/mutate/targets.mjs (core, cavaliers, drama,
 * unhex, personal, torchlight) or a folder or file inside one (src/core/dice,
 * src/rules/cavaliers/tables.ts), or `cli` (src/cli, only when named); none named means the rules' targets. Each target is its own Stryker run,
 * one after another, with one test worker, incremental (reports/mutation/<report>/incremental.json,
 * where <report> is the target's name, or its path without src/ and with - for /), so a rerun
 * tests only the mutants whose code or covering tests changed; `--force` retests all.
 * Options after the targets go to Stryker as they are (`--concurrency 2`, `--force`, ...).
 * At the end: one line per target (score, counts) and, per target, its survivors in
 * reports/mutation/<report>/survivors.txt (file:line, mutator, the replacement).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TARGETS, TARGETS, resolveTarget } from "./mutate/targets.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STRYKER = join(ROOT, "node_modules", ".bin", "stryker");

// Leading words name targets; from the first option on, everything goes to Stryker.
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith("-"));
const named = firstOption === -1 ? args : args.slice(0, firstOption);
const passed = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = named.filter((arg) => !resolveTarget(arg));
if (unknown.length) {
  console.error(`mutate: unknown target(s) ${unknown.join(", ")}; known: ${Object.keys(TARGETS).join(", ")}, or a folder or file under src/core or src/rules/<id>`);
  process.exit(2);
}
const targets = named.length ? named : DEFAULT_TARGETS;
const withoutStatics = passed.includes("--ignoreStatic");

/** Stryker's own statuses: Killed and Timeout are caught; Survived and NoCoverage are not. */
function summarize(target, report) {
  const file = join(ROOT, "reports", "mutation", report, "mutation.json");
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, "utf8"));
  const counts = {};
  const survivors = [];
  for (const [path, { mutants }] of Object.entries(json.files)) {
    for (const mutant of mutants) {
      // Under --ignoreStatic Stryker still runs a static mutant that a test also covers, but only
      // against that test and without reloading the module, so the mutant never takes effect and
      // reads as Survived: such a result says nothing, and is counted apart, not in the score.
      if (withoutStatics && mutant.static === true && mutant.status !== "Ignored") {
        counts.StaticNotRun = (counts.StaticNotRun ?? 0) + 1;
        continue;
      }
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
        const { line, column } = mutant.location.start;
        const replacement = (mutant.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
        survivors.push(`${path}:${line}:${column}  ${mutant.status}  ${mutant.mutatorName}  -> ${replacement}`);
      }
    }
  }
  writeFileSync(join(dirname(file), "survivors.txt"), survivors.join("\n") + (survivors.length ? "\n" : ""));
  const caught = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const missed = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  const score = caught + missed === 0 ? 100 : (100 * caught) / (caught + missed);
  return { target, mutants: caught + missed, score, counts, survivors: survivors.length };
}

const results = [];
for (const target of targets) {
  const { tests, mutate, report } = resolveTarget(target);
  console.log(`\n=== mutate ${target}: ${mutate.join(" ")}`);
  const started = performance.now();
  const run = spawnSync(STRYKER, ["run", "stryker.config.mjs", ...passed], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, FRAY_MUTATE_TARGET: target, FRAY_MUTATE_TESTS: tests },
  });
  const minutes = (performance.now() - started) / 60_000;
  if (run.status !== 0) {
    console.error(`mutate ${target}: Stryker exited ${run.status ?? run.error?.message}; stopping.`);
    process.exit(1);
  }
  const summary = summarize(target, report);
  if (summary) results.push({ ...summary, report, minutes });
}

console.log(`\ntarget      | mutants | score  | killed | timeout | survived | no coverage | ignored | minutes${withoutStatics ? " | static, not counted" : ""}`);
for (const r of results) {
  const c = r.counts;
  console.log(
    [r.target.padEnd(11), String(r.mutants).padStart(7), `${r.score.toFixed(1)}%`.padStart(6), String(c.Killed ?? 0).padStart(6), String(c.Timeout ?? 0).padStart(7), String(c.Survived ?? 0).padStart(8), String(c.NoCoverage ?? 0).padStart(11), String(c.Ignored ?? 0).padStart(7), r.minutes.toFixed(1).padStart(7), ...(withoutStatics ? [String(c.StaticNotRun ?? 0).padStart(16)] : [])].join(" | "),
  );
}
for (const r of results) if (r.survivors) console.log(`${r.target}: ${r.survivors} survivor(s) listed in reports/mutation/${r.report}/survivors.txt`);

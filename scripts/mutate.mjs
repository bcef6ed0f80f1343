#!/usr/bin/env node
/**
 * `npm run mutate [target ...] [-- stryker options]`: mutation testing of the pure rules
 * (docs/testing.md). Targets are the keys of scripts/mutate/targets.mjs (core, cavaliers, drama,
 * unhex, personal, torchlight); none named means all of them. Each target is its own Stryker run,
 * one after another, under `nice -n 10`, incremental (reports/mutation/<target>/incremental.json),
 * so a rerun tests only the mutants whose code or covering tests changed; `--force` retests all.
 * Options after the targets go to Stryker as they are (`--concurrency 2`, `--force`, ...).
 * At the end: one line per target (score, counts) and, per target, its survivors in
 * reports/mutation/<target>/survivors.txt (file:line, mutator, the replacement).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TARGETS } from "./mutate/targets.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STRYKER = join(ROOT, "node_modules", ".bin", "stryker");

// Leading words name targets; from the first option on, everything goes to Stryker.
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith("-"));
const named = firstOption === -1 ? args : args.slice(0, firstOption);
const passed = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = named.filter((arg) => !(arg in TARGETS));
if (unknown.length) {
  console.error(`mutate: unknown target(s) ${unknown.join(", ")}; known: ${Object.keys(TARGETS).join(", ")}`);
  process.exit(2);
}
const targets = named.length ? named : Object.keys(TARGETS);

/** Stryker's own statuses: Killed and Timeout are caught; Survived and NoCoverage are not. */
function summarize(target) {
  const file = join(ROOT, "reports", "mutation", target, "mutation.json");
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const counts = {};
  const survivors = [];
  for (const [path, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
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
  console.log(`\n=== mutate ${target}: ${TARGETS[target].join(" ")}`);
  const started = performance.now();
  const run = spawnSync("nice", ["-n", "10", STRYKER, "run", "stryker.config.mjs", ...passed], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, FRAY_MUTATE_TARGET: target },
  });
  const minutes = (performance.now() - started) / 60_000;
  if (run.status !== 0) {
    console.error(`mutate ${target}: Stryker exited ${run.status ?? run.error?.message}; stopping.`);
    process.exit(1);
  }
  const summary = summarize(target);
  if (summary) results.push({ ...summary, minutes });
}

console.log("\ntarget      | mutants | score  | killed | timeout | survived | no coverage | ignored (messages) | minutes");
for (const r of results) {
  const c = r.counts;
  console.log(
    [r.target.padEnd(11), String(r.mutants).padStart(7), `${r.score.toFixed(1)}%`.padStart(6), String(c.Killed ?? 0).padStart(6), String(c.Timeout ?? 0).padStart(7), String(c.Survived ?? 0).padStart(8), String(c.NoCoverage ?? 0).padStart(11), String(c.Ignored ?? 0).padStart(18), r.minutes.toFixed(1).padStart(7)].join(" | "),
  );
}
for (const r of results) if (r.survivors) console.log(`${r.target}: ${r.survivors} survivor(s) listed in reports/mutation/${r.target}/survivors.txt`);

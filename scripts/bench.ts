/**
 * `npm run bench`: one run, a few seconds to well under a minute, printing RATIOS only worth comparing
 * within the same run. Nothing here asserts on time.
 *
 *   1. Rules throughput: every `fray resolve` example in docs/cli.md that exits 0 is run through
 *      runCli (the whole command line path: parse, validate, resolve, print) many times. Per ruleset,
 *      the geometric mean over its examples of resolves per second, relative to the fastest ruleset.
 *   2. Build output: dist/fray.mjs against the TypeScript sources its source map lists,
 *      dist/styles/fray.css against styles/ (SCSS), dist/packs against packs/, dist/fray.zip against
 *      the files it holds. The build runs first (scripts/build.mjs), so the sizes are fresh.
 *   3. Exact odds (scripts/bench-odds.ts): per ruleset, at the largest pools the rules allow, the
 *      exact computation against a 100,000-sample Monte Carlo of the same contest (how many times
 *      faster; the target is 100), and the Monte Carlo's largest error against the exact answer.
 *   4. The table in Chromium (scripts/bench-browser.ts): each sheet's and each chat card kind's render
 *      (scripts/bench-cards.ts) against an empty ApplicationV2's, ordering 200 combatants against 20, and the gzipped download against its 150 KB
 *      budget: the entry with the CSS, and per ruleset what a world of it fetches (bundleReport).
 * The numbers also go to .bench/last.json (git-ignored). `npm run bench -- odds` prints part 3 alone,
 * `npm run bench -- fight` the fights of 5 against 5 alone, and `npm run bench -- ordering` the
 * ordering row of part 4 alone, on the dist/ already built.
 *
 * The run fails (exit 1, each broken row named) when a row misses its goal: an odds row whose Monte
 * Carlo is off the exact answer by more than 0.01 (the exact or the sampled side is wrong, or the
 * Monte Carlo sampled nothing) or whose exact answer is under 100 times faster; ordering 200
 * combatants over 15 times the cost of 20; a ruleset's world over its 150 KB gzipped budget.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../src/cli/run.js";
import { RULESETS } from "../src/rules/index.js";
import { build } from "./build.mjs";
import { moduleGraph } from "./bundle-graph.mjs";
import { BUNDLE_BUDGET_KB, benchBrowser, benchOrdering, bundleReport } from "./bench-browser.js";
import { benchFight, printFight } from "./bench-fight.js";
import { benchOdds, GOALS, oddsFailures, type OddsRow, SAMPLES } from "./bench-odds.js";
import { parseCliExamples, type CliExample } from "./cli-examples.js";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const at = (path: string) => join(ROOT, path);
const MEASURE_MS = 150; // per example, after warm-up

function report(failures: readonly string[]): void {
  if (!failures.length) return;
  console.error(`\nbench: ${failures.length} row(s) missed a goal:\n${failures.map((line) => `  - ${line}`).join("\n")}`);
  process.exitCode = 1;
}

function bytesUnder(path: string, keep: (file: string) => boolean = () => true): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (info.isFile()) return info.size;
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
}

function table(headers: string[], rows: string[][], leftColumns = 1): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Resolves per second for one example: warm up, then repeat in batches for MEASURE_MS. */
function throughput(example: CliExample): number {
  const read = () => example.stdin;
  let runs = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    for (let i = 0; i < 20; i += 1) runCli(example.argv, read);
    runs += 20;
    elapsed = performance.now() - started;
  }
  return (runs / elapsed) * 1000;
}

function rulesetOf(example: CliExample): string | undefined {
  try {
    const ruleset = (JSON.parse(example.stdin) as { ruleset?: unknown }).ruleset;
    return typeof ruleset === "string" ? ruleset : undefined;
  } catch {
    return undefined;
  }
}

const geomean = (values: number[]) => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

function printOdds(): OddsRow[] {
  const odds = benchOdds();
  console.log(`\nExact odds at the largest pools the rules allow, against a ${SAMPLES.toLocaleString("en")}-sample Monte Carlo of resolve (same run)`);
  console.log("(faster = Monte Carlo time / exact time, target 100; error = the Monte Carlo's largest absolute error on any chance)\n");
  console.log(
    table(
      ["ruleset", "action", "contest", "faster", "exact ms", "error"],
      odds.map((row) => [row.contest.ruleset, row.contest.action, row.contest.what, `${row.faster.toFixed(0)}x`, row.exactMs.toFixed(2), row.largestError.toFixed(4)]),
      3,
    ),
  );
  return odds;
}

async function main(): Promise<void> {
  const started = performance.now();
  process.chdir(ROOT);
  // `npm run bench -- odds`: only the exact-odds table (no build, no browser), to work on the odds alone.
  if (process.argv.slice(2).includes("odds")) {
    const odds = printOdds();
    console.log(`\nbench odds: total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    report(oddsFailures(odds));
    return;
  }

  // `npm run bench -- fight`: only the fights of 5 against 5 (no build, no browser).
  if (process.argv.slice(2).includes("fight")) {
    printFight(benchFight());
    console.log(`\nbench fight: total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return;
  }

  // `npm run bench -- ordering`: only the Chromium row ordering 200 combatants against 20, on the dist/ already built.
  if (process.argv.slice(2).includes("ordering")) {
    const ordering = await benchOrdering();
    if (typeof ordering === "string") return console.log(`(${ordering})`);
    console.log(`Ordering a combat of 200 combatants relative to 20: ${ordering.relative.toFixed(1)}x (20: ${ordering.small.toFixed(3)} ms, 200: ${ordering.large.toFixed(3)} ms)`);
    console.log(`\nbench ordering: total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    report(ordering.relative > GOALS.ordering ? [`ordering 200 combatants costs ${ordering.relative.toFixed(1)}x ordering 20 (goal at most ${GOALS.ordering}x)`] : []);
    return;
  }

  // 1. Rules throughput.
  const examples = parseCliExamples(readFileSync(at("docs/cli.md"), "utf8")).filter((e) => e.argv[0] === "resolve" && e.exit === 0);
  const perRuleset = new Map<string, number[]>();
  // Warm every code path first, so the first examples measured are not the ones paying for the JIT.
  for (const example of examples) for (let i = 0; i < 100; i += 1) runCli(example.argv, () => example.stdin);
  for (const example of examples) {
    const ruleset = rulesetOf(example);
    if (!ruleset) continue;
    const check = runCli(example.argv, () => example.stdin);
    if (check.code !== 0) throw new Error(`docs/cli.md example under "${example.heading}" no longer resolves: ${check.stderr.trim()}`);
    perRuleset.set(ruleset, [...(perRuleset.get(ruleset) ?? []), throughput(example)]);
  }
  const measured = RULESETS.filter((r) => perRuleset.has(r.id)).map((r) => {
    const rates = perRuleset.get(r.id) as number[];
    return { id: r.id, examples: rates.length, rate: geomean(rates), spread: Math.max(...rates) / Math.min(...rates) };
  });
  const fastest = Math.max(...measured.map((m) => m.rate));
  console.log("\nRules throughput: docs/cli.md `fray resolve` examples through runCli, per ruleset");
  console.log("(relative = geometric-mean resolves/s over the ruleset's examples / the fastest ruleset's; spread = its fastest example / its slowest)\n");
  console.log(
    table(
      ["ruleset", "examples", "relative", "spread"],
      measured.map((m) => [m.id, String(m.examples), (m.rate / fastest).toFixed(2), `${m.spread.toFixed(1)}x`]),
    ),
  );
  const missing = RULESETS.filter((r) => !perRuleset.has(r.id)).map((r) => r.id);
  if (missing.length) console.log(`\n(no resolve example in docs/cli.md for: ${missing.join(", ")})`);

  // 2. Build output against its sources.
  const buildStarted = performance.now();
  await build({ quiet: true });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  // The entry and every chunk it reaches (one per ruleset and the shared ones), against every source file their maps list.
  const { files: codeFiles } = moduleGraph(at("dist"), "fray.mjs");
  const mapped = codeFiles.filter((file) => existsSync(at(`dist/${file}.map`)));
  const bundled = [...new Set(mapped.flatMap((file) => (JSON.parse(readFileSync(at(`dist/${file}.map`), "utf8")) as { sources: string[] }).sources.map((source) => resolve(dirname(at(`dist/${file}`)), source))))].filter((file) => !relative(ROOT, file).startsWith(".."));
  const bundleSource = bundled.reduce((sum, file) => sum + bytesUnder(file), 0);
  const codeBytes = codeFiles.reduce((sum, file) => sum + bytesUnder(at(`dist/${file}`)), 0);
  const zipped = bytesUnder(at("dist"), (name) => name !== "fray.zip");
  const sizes = [
    { output: `dist/fray.mjs and its ${codeFiles.length - 1} chunks`, from: `${bundled.length} source file(s) in their maps`, out: codeBytes, src: bundleSource },
    { output: "dist/styles/fray.css", from: "styles/**/*.scss", out: bytesUnder(at("dist/styles/fray.css")), src: bytesUnder(at("styles"), (n) => n.endsWith(".scss")) },
    { output: "dist/packs/", from: "packs/**/*.json", out: bytesUnder(at("dist/packs")), src: bytesUnder(at("packs"), (n) => n.endsWith(".json")) },
    { output: "dist/fray.zip", from: "the dist/ files it holds", out: bytesUnder(at("dist/fray.zip")), src: zipped },
  ];
  console.log("\nBuild output size relative to its source (output bytes / source bytes)\n");
  console.log(table(["output", "from", "relative"], sizes.map((s) => [s.output, s.from, s.src ? (s.out / s.src).toFixed(2) : "n/a"]), 2));

  // 3. Exact odds against a Monte Carlo of the same contest.
  const odds = printOdds();
  printFight(benchFight());

  // 4. The table in Chromium, and the bundle's weight.
  const systemJson = JSON.parse(readFileSync(at("dist/system.json"), "utf8")) as { documentTypes: Record<string, Record<string, unknown>>; styles?: Array<string | { src: string }> };
  const browser = await benchBrowser(Object.fromEntries(Object.entries(systemJson.documentTypes).map(([name, types]) => [name, Object.keys(types)])));
  if (typeof browser === "string") console.log(`\n(${browser})`);
  else {
    console.log("\nRendering in Chromium (the built bundle on the browser tests' harness), relative to an empty ApplicationV2 in the same run\n");
    console.log(table(["render", "relative"], browser.renders.map((row) => [row.row, row.relative.toFixed(1)])));
    console.log(`\nOrdering a combat of 200 combatants relative to 20: ${browser.ordering.relative.toFixed(1)}x`);
  }
  const styles = (systemJson.styles ?? []).map((style) => (typeof style === "string" ? style : style.src));
  const bundle = bundleReport(at("dist"), styles, RULESETS.map((ruleset) => ruleset.id));
  console.log(`\n${bundle.lines.join("\n")}`);
  const gzipped = Math.max(...bundle.weights.perRuleset.map((row) => row.bytes)) / 1024;
  const failures = [
    ...oddsFailures(odds),
    ...(typeof browser !== "string" && browser.ordering.relative > GOALS.ordering ? [`ordering 200 combatants costs ${browser.ordering.relative.toFixed(1)}x ordering 20 (goal at most ${GOALS.ordering}x)`] : []),
    ...(gzipped > BUNDLE_BUDGET_KB ? [`the largest world downloads ${gzipped.toFixed(0)} KB gzipped (budget ${BUNDLE_BUDGET_KB} KB)`] : []),
  ];

  const seconds = (performance.now() - started) / 1000;
  console.log(`\nbench: ${examples.length} examples, build ${buildSeconds.toFixed(1)} s, total ${seconds.toFixed(1)} s`);
  mkdirSync(at(".bench"), { recursive: true });
  writeFileSync(
    at(".bench/last.json"),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, throughput: measured, sizes, buildSeconds, odds: odds.map((row) => ({ ...row, contest: `${row.contest.ruleset} ${row.contest.action}: ${row.contest.what}` })), browser, gzippedKB: gzipped, bundle: bundle.weights, failures, seconds }, null, 2)}\n`,
  );
  report(failures);
}

main().catch((error: unknown) => {
  console.error("bench FAILED:", error);
  process.exitCode = 1;
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { arbitraryArgv, arbitraryInput, leafMutations, nearValidRequest } from "./fuzz-arbitraries.js";

// Issue 7, item 10: "Fuzzing the command line in the suite finds no crash, hang or multi-line error."
// The contract, for any argv and any input: runCli returns (never throws), exits 0 or 2, prints
// nothing or exactly one line on stderr, and nothing on stdout when it fails. A hang shows up as
// the test's timeout (generous, so a busy machine never trips it). The random parts have a fixed
// seed, so a failure is the same failure on every run; the leaf sweep is exhaustive.
const SEED = 20_260_707;

/** Line breaks and other control characters; a one-line error has none but its final newline. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Runs one command line and says how it broke the contract, or null. Plain checks: thousands run. */
function broken(argv: readonly string[], input: string): string | null {
  const result = runCli(argv, () => input);
  if (result.code !== 0 && result.code !== 2) return `exit code ${result.code}`;
  if (result.stderr !== "" && (!result.stderr.endsWith("\n") || CONTROL.test(result.stderr.slice(0, -1)))) return `stderr is not one line: ${JSON.stringify(result.stderr)}`;
  if (result.code === 2 && result.stdout !== "") return "stdout is not empty on an error";
  if (result.code === 0 && result.stderr !== "") return "stderr is not empty on success";
  // Help is text wherever it is asked for; every other success of resolve and duel is JSON.
  const help = argv.some((arg) => arg === "-h" || arg === "--help" || arg.startsWith("--help=")) && result.stdout.startsWith("Usage: ");
  if (result.code === 0 && (argv[0] === "resolve" || argv[0] === "duel") && !help) {
    try {
      JSON.parse(result.stdout);
    } catch {
      return "stdout is not JSON";
    }
  }
  return null;
}

function checkContract(argv: readonly string[], input: string): void {
  const problem = broken(argv, input);
  if (problem !== null) throw new Error(`${problem}\nargv: ${JSON.stringify(argv)}\ninput: ${input.slice(0, 500)}`);
}

describe("fuzzing the command line", () => {
  it("near-valid requests of every ruleset and action: mutated docs/cli.md examples", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(nearValidRequest, fc.integer({ min: 0, max: 9 }), (input, seed) => checkContract(["resolve", "--seed", String(seed)], input)),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("near-valid duels, few bouts each", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(nearValidRequest, (input) => checkContract(["duel", "--runs", "3", "--rounds", "20"], input)),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("every leaf of every valid request set to a prototype key, a line break or a huge number", { timeout: 60_000 }, () => {
    const cases = leafMutations();
    expect(cases.length).toBeGreaterThan(1000);
    for (const { request, input } of cases) {
      const isDuel = typeof request === "object" && request !== null && !Array.isArray(request) && !("action" in request);
      checkContract(isDuel ? ["duel", "--runs", "2", "--rounds", "10"] : ["resolve"], input);
    }
  });

  it("arbitrary argv with arbitrary or near-valid input", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(arbitraryArgv, fc.oneof(arbitraryInput, nearValidRequest), (argv, input) => checkContract(argv, input)),
      { seed: SEED, numRuns: 1500 },
    );
  });
});

import { defineConfig } from "vitest/config";

// The tests `npm run mutate` runs against each mutant: the rules' own unit tests and nothing else.
// The command line, repository, Foundry and browser tests are left out: they either start other
// processes (which never see the active mutant) or test other layers, and a rule must be pinned by
// a test of the rule. The odds tests run only for the odds target: their Monte Carlo comparisons
// are most of the unit tests' time, which a static mutant of another target (one Stryker must test
// against every test) would pay in full.
// A ruleset's target runs its own tests and the shared ones in test/rules/; core runs test/core and
// every ruleset's tests, since the rulesets are core's users. `npm run mutate` names the target
// whose tests to run in FRAY_MUTATE_TESTS (for a path like src/core/dice, its target: core).
const target = process.env.FRAY_MUTATE_TESTS ?? process.env.FRAY_MUTATE_TARGET;
// The odds target runs only the odds tests, which the other targets leave out.
const ODDS_TESTS = ["test/core/odds/**/*.test.ts", "test/rules/**/odds.test.ts"];
// The fight target runs only the side-against-side fights' tests, for the same reason: each plays
// hundreds of fights through every rule of its ruleset.
const FIGHT_TESTS = ["test/core/fight/**/*.test.ts", "test/rules/**/fight.test.ts"];
// The command line's target runs its in-process tests: the ones that start processes never see a
// mutant, and the fuzz test's thousands of runs would be paid for every mutant it covers.
const CLI_TESTS = ["test/cli/**/*.test.ts"];
const CLI_SLOW = ["test/cli/shell-docs.test.ts", "test/cli/fuzz.test.ts"];
const include =
  target === "odds"
    ? ODDS_TESTS
    : target === "fight"
      ? FIGHT_TESTS
    : target === "cli"
      ? CLI_TESTS
    : target && target !== "core"
      ? [`test/rules/${target}/**/*.test.ts`, "test/rules/*.test.ts"]
      : ["test/core/**/*.test.ts", "test/rules/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include,
          exclude: target === "odds" || target === "fight" ? [] : target === "cli" ? CLI_SLOW : [...ODDS_TESTS, ...FIGHT_TESTS],
          environment: "node",
          // As the unit project's: a rule test under a loaded machine and Stryker's instrumentation
          // may take longer than vitest's 5 s default, and a dry run that times out stops the run.
          testTimeout: 60_000,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// The tests `npm run mutate` runs against each mutant: the rules' own unit tests (test/core and
// test/rules) and nothing else. The command line, repository, Foundry and browser tests are left
// out: they either start other processes (which never see the active mutant) or test other layers,
// and a rule must be pinned by a test of the rule.
export default defineConfig({
  test: {
    projects: [{ test: { name: "unit", include: ["test/core/**/*.test.ts", "test/rules/**/*.test.ts"], environment: "node" } }],
  },
});

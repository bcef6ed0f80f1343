import { defineConfig } from "vitest/config";

// Three projects: pure rules, core, command line and repository checks (unit); the Foundry layer
// against the harness (foundry); real Chromium against the built bundle (browser). `npm test` runs
// all three after building dist/.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/core/**/*.test.ts", "test/rules/**/*.test.ts", "test/cli/**/*.test.ts", "test/*.test.ts"], environment: "node" } },
      { test: { name: "foundry", include: ["test/foundry/**/*.test.ts"], environment: "node" } },
      { test: { name: "browser", include: ["test/browser/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
    ],
  },
});

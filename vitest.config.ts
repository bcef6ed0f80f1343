import { defineConfig } from "vitest/config";

// Three projects: pure rules, core, command line and repository checks (unit); the Foundry layer
// against the harness (foundry); real Chromium against the built bundle (browser). `npm test` runs
// all three after building dist/. Time limits catch a hang, not slowness: a test never asserts a
// time (speed is `npm run bench`), and a loaded CI machine may take several times a quiet one's.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/core/**/*.test.ts", "test/rules/**/*.test.ts", "test/cli/**/*.test.ts", "test/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      { test: { name: "foundry", include: ["test/foundry/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 60_000 } },
      // Browser files run two at a time, each with its own server and Chromium: the playground's rounds
      // took the sequential run to 11 minutes, two at once to 7.5 on two cores, every test passing.
      { test: { name: "browser", include: ["test/browser/**/*.test.ts"], environment: "node", testTimeout: 180_000, hookTimeout: 120_000, fileParallelism: true, maxWorkers: 2 } },
    ],
  },
});

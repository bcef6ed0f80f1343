import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/cli/limits.js";
import { runCli } from "../../src/cli/run.js";
import { RULESETS } from "../../src/rules/index.js";
import { parseCliExamples as parseExamples } from "../../scripts/cli-examples.js";

const examples = parseExamples(readFileSync("docs/cli.md", "utf8"));

describe("docs/cli.md", () => {
  it("has examples", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [`${example.heading}: fray ${example.argv.join(" ")}`, example] as const))("%s", (_name, example) => {
    const result = runCli(example.argv, () => example.stdin);
    expect(result.code).toBe(example.exit);
    if (example.exit === 0) expect(result.stdout).toBe(example.expected);
    else expect(result.stderr).toBe(example.expected);
  });

  // Issue 3: for every ruleset, at least one request per action kind with its output, a duel and a
  // malformed request.
  const shown = examples.flatMap((example) => {
    try {
      const request = JSON.parse(example.stdin) as { ruleset?: string; action?: string };
      return [{ command: example.argv[0], exit: example.exit, ruleset: request.ruleset, action: request.action }];
    } catch {
      return [{ command: example.argv[0], exit: example.exit, ruleset: undefined, action: undefined }];
    }
  });

  it.each(RULESETS.flatMap((ruleset) => Object.keys(ruleset.actions).map((action) => [ruleset.id, action] as const)))("shows a %s %s request that resolves", (ruleset, action) => {
    expect(shown.some((e) => e.command === "resolve" && e.exit === 0 && e.ruleset === ruleset && e.action === action)).toBe(true);
  });

  it.each(RULESETS.map((ruleset) => ruleset.id))("shows a %s duel and a malformed %s request", (ruleset) => {
    expect(shown.some((e) => e.command === "duel" && e.exit === 0 && e.ruleset === ruleset)).toBe(true);
    expect(shown.some((e) => e.command === "resolve" && e.exit === 2 && e.ruleset === ruleset)).toBe(true);
  });

  it("states the command line's caps as the code has them", () => {
    const markdown = readFileSync("docs/cli.md", "utf8");
    const number = (n: number) => n.toLocaleString("en-US");
    for (const row of [
      `| one request (file or standard input) | ${number(LIMITS.inputBytes)} bytes;`,
      `| \`--runs\` | 1 to ${number(LIMITS.runs)} bouts |`,
      `| \`--rounds\` | 1 to ${number(LIMITS.rounds)} rounds a bout |`,
      `| rounds one \`duel\` fights in all | ${number(LIMITS.duelRounds)}:`,
      `| \`--seed\` | 0 to ${number(LIMITS.seed)} (seeds are 32-bit) |`,
      `| one error line | ${LIMITS.messageChars} characters;`,
    ]) {
      expect(markdown).toContain(row);
    }
  });
});

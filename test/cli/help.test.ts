import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { wrap } from "../../src/cli/help.js";
import { LIMITS } from "../../src/cli/limits.js";

/**
 * Issue 26: `fray --help`, `fray -h`, `fray help` and `fray help <command>` print usage on standard
 * output and exit 0; the usage lines are what each command accepts and what docs/cli.md shows; a
 * mistake about help is still one line on standard error.
 */
const noInput = () => {
  throw new Error("help must not read a request");
};
const run = (...argv: string[]) => runCli(argv, noInput);
const COMMANDS = ["rulesets", "resolve", "odds", "duel"];
const lines = (text: string) => text.trimEnd().split("\n");

/** The usage line `fray help <command>` prints, e.g. `fray duel [--file F] [--runs N] ...`. */
const usageOf = (command: string) => lines(run("help", command).stdout)[0]?.replace(/^Usage: /, "") ?? "";

describe("fray help", () => {
  it.each([["--help"], ["-h"], ["help"]])("`fray %s` prints the general help on stdout and exits 0", (flag) => {
    const result = run(flag);
    expect(result).toEqual({ stdout: run("help").stdout, stderr: "", code: 0 });
    expect(result.stdout).toMatch(/^Usage: fray <command> \[options\]\n/);
  });

  it("lists every command with its usage line", () => {
    const text = run("help").stdout;
    for (const command of COMMANDS) expect(lines(text)).toContain(`  ${usageOf(command)}`);
    expect(lines(text)).toContain("  fray help [command]");
  });

  it.each(COMMANDS)("`fray help %s`, and the command with --help or -h, print the same, exit 0", (command) => {
    const help = run("help", command);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(help.stdout).toMatch(new RegExp(`^Usage: fray ${command}( |\\n)`));
    expect(run(command, "--help")).toEqual(help);
    expect(run(command, "-h")).toEqual(help);
    // Help wins over the rest of the line, so a half-typed command can still ask for it.
    if (command !== "rulesets") expect(run(command, "--seed", "4", "--help")).toEqual(help);
    expect(run(command, "stray", "words", "-h")).toEqual(help);
  });

  it("`fray help help` describes help itself", () => {
    expect(run("help", "help")).toEqual({ stdout: expect.stringMatching(/^Usage: fray help \[command\]\n\n/) as string, stderr: "", code: 0 });
    expect(run("help", "--help")).toEqual(run("help"));
  });

  it("wraps a paragraph at spaces into lines of at most 100 characters, the indent counted", () => {
    const words = (count: number, size: number) => Array.from({ length: count }, (_, i) => String(i % 10).repeat(size));
    // Ten words of nine and their nine spaces make 99 characters; one more character still fits.
    expect(wrap([...words(9, 9), "x".repeat(10)].join(" "))).toHaveLength(1);
    expect(wrap([...words(9, 9), "x".repeat(11)].join(" "))).toEqual([words(9, 9).join(" "), "x".repeat(11)]);
    expect(wrap([...words(9, 9), "x".repeat(6)].join(" "), "    ")).toEqual([`    ${words(9, 9).join(" ")} ${"x".repeat(6)}`]);
    expect(wrap([...words(9, 9), "x".repeat(7)].join(" "), "    ")).toEqual([`    ${words(9, 9).join(" ")}`, `    ${"x".repeat(7)}`]);
    expect(wrap("")).toEqual([]);
  });

  it.each(COMMANDS)("`fray %s` accepts exactly the flags its usage line shows", (command) => {
    const shown = [...usageOf(command).matchAll(/\[(--\w+)/g)].map((match) => match[1]);
    const refusal = run(command, "--nonsense", "1").stderr.trimEnd();
    const accepted = shown.length ? /expected one of (.*)$/.exec(refusal)?.[1]?.split(", ") : [];
    if (!shown.length) expect(refusal).toBe("option --nonsense: expected one of no options");
    expect(accepted).toEqual(shown);
  });

  it("states the defaults the commands use and the caps they enforce", () => {
    const duelHelp = run("help", "duel").stdout;
    const fighter = { name: "A", initiative: 3, defense: 11, armor: {}, resolve: 12, maxResolve: 12, stamina: 2, control: 1, weapon: { attack: "1d20+2", damage: "1d8+1", damageType: "physical" } };
    const report = JSON.parse(runCli(["duel"], () => JSON.stringify({ ruleset: "personal", a: fighter, b: { ...fighter, name: "B" } })).stdout) as { runs: number; seed: number };
    expect(duelHelp).toContain(`--runs N    fight N bouts: 1 to ${LIMITS.runs.toLocaleString("en-US")} (default ${report.runs})`);
    expect(duelHelp).toContain(`--seed N    roll the dice from seed N: 0 to ${LIMITS.seed.toLocaleString("en-US")} (default ${report.seed})`);
    expect(duelHelp).toContain(`--rounds N  call a bout a draw after N rounds: 1 to ${LIMITS.rounds.toLocaleString("en-US")} (default 50)`);
    expect(run("duel", "--runs", String(LIMITS.runs + 1)).stderr).toBe(`option --runs: at most ${LIMITS.runs}, not ${LIMITS.runs + 1}\n`);
  });

  it("keeps every line within 100 characters", () => {
    for (const topic of [[], ...COMMANDS.map((c) => [c]), ["help"]]) {
      for (const line of lines(run("help", ...topic).stdout)) expect(line.length, line).toBeLessThanOrEqual(100);
    }
  });

  it("docs/cli.md shows the help exactly as printed, so its usage lines are the program's", () => {
    const docs = readFileSync("docs/cli.md", "utf8");
    expect(docs).toContain(`\`\`\`sh\nfray help\n\`\`\`\n\`\`\`text\n${run("help").stdout}\`\`\``);
    for (const command of COMMANDS) expect(docs, command).toContain(usageOf(command));
  });
});

describe("mistakes stay one line on stderr, exit 2", () => {
  it.each([
    [[], "no command given: expected rulesets, resolve, odds, duel, fight or help (fray help describes each)"],
    [["help", "juggle"], 'unknown command "juggle"; expected rulesets, resolve, odds, duel, fight or help'],
    [["juggle", "--help"], 'unknown command "juggle"; expected rulesets, resolve, odds, duel, fight or help'],
    [["help", "duel", "odds"], 'unexpected argument "odds": fray help takes at most one command'],
    [["-x"], 'unknown command "-x"; expected rulesets, resolve, odds, duel, fight or help'],
  ])("%j", (argv, line) => {
    expect(run(...argv)).toEqual({ stdout: "", stderr: `${line}\n`, code: 2 });
  });
});

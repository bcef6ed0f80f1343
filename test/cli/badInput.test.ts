import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { LIMITS } from "../../src/cli/limits.js";
import { readBounded } from "../../src/cli/readBounded.js";
import { runCli } from "../../src/cli/run.js";
import { rulesetById } from "../../src/rules/index.js";

// Issue 7, item 10: each bad input the fuzzing found, as a test of its own.
const stdin = (text: string) => () => text;
const save = { ruleset: "torchlight", action: "save", name: "Ines", st: 12 };

/** Runs a command that must fail: exit 2, nothing on stdout, exactly one line on stderr; returns that line. */
function refusal(argv: string[], read: (file: string | undefined, limit: number) => string): string {
  const result = runCli(argv, read);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(/^[^\n]*\n$/);
  return result.stderr.slice(0, -1);
}

describe("prototype keys in a request", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])("%s is no action, ruleset or torchlight damage type", (key) => {
    expect(refusal(["resolve"], stdin(JSON.stringify({ ruleset: "cavaliers", action: key })))).toMatch(/^action: expected one of attack, .* for ruleset cavaliers$/);
    expect(refusal(["resolve"], stdin(JSON.stringify({ ruleset: key, action: "attack" })))).toBe("ruleset: expected one of cavaliers, drama, unhex, personal, torchlight");
    expect(refusal(["duel"], stdin(JSON.stringify({ ruleset: key })))).toBe("ruleset: expected one of cavaliers, drama, unhex, personal, torchlight");
    const round = { ruleset: "torchlight", action: "round", combatants: [{ name: "Elsa", breath: 3, str: 11, dex: 13, wil: 5, san: 10, luck: 10 }], hits: [{ target: "Elsa", amount: 6, damageType: key }] };
    expect(refusal(["resolve"], stdin(JSON.stringify(round)))).toBe(`refused: no Characteristic takes ${key} damage`);
  });

  it("an option named after one is just an unknown option", () => {
    expect(refusal(["resolve", "--constructor", "1"], stdin("{}"))).toBe("option --constructor: expected one of --file, --seed");
  });
});

describe("caps, each named in its refusal", () => {
  it.each([
    [["duel", "--runs", "1000000000"], `option --runs: at most ${LIMITS.runs}, not 1000000000`],
    [["duel", "--runs", "9007199254740992"], `option --runs: at most ${LIMITS.runs}, not 9007199254740992`],
    [["duel", "--runs", String(LIMITS.runs + 1)], `option --runs: at most ${LIMITS.runs}, not ${LIMITS.runs + 1}`],
    [["duel", "--rounds", "1e9"], `option --rounds: expected an integer from 1 to ${LIMITS.rounds}`],
    [["duel", "--rounds", String(LIMITS.rounds + 1)], `option --rounds: at most ${LIMITS.rounds}, not ${LIMITS.rounds + 1}`],
    [["duel", "--runs", "0"], `option --runs: expected an integer from 1 to ${LIMITS.runs}`],
    [["resolve", "--seed", "4294967296"], "option --seed: at most 4294967295, not 4294967296"],
    [["resolve", "--seed", "-1"], "option --seed: expected an integer from 0 to 4294967295"],
  ])("%j", (argv, line) => {
    expect(refusal(argv, stdin("{}"))).toBe(line);
  });

  it("the largest seed is allowed, and seeds stay distinct", () => {
    const at = (seed: string) => JSON.parse(runCli(["resolve", "--seed", seed], stdin(JSON.stringify(save))).stdout) as { seed: number; dice: unknown };
    expect(at("4294967295").seed).toBe(4294967295);
    expect(at("4294967295").dice).not.toEqual(at("0").dice);
  });

  it(`a request of more than ${LIMITS.inputBytes} bytes is refused, one of exactly that many is read`, () => {
    const exact = JSON.stringify(save).padEnd(LIMITS.inputBytes, " ");
    expect(runCli(["resolve"], stdin(exact)).code).toBe(0);
    expect(refusal(["resolve"], stdin(`${exact} `))).toBe(`stdin: more than ${LIMITS.inputBytes} bytes, the most a request may be`);
    // Bytes, not characters: "é" is two.
    const accented = JSON.stringify({ ...save, name: "é".repeat(LIMITS.inputBytes / 2) });
    expect(refusal(["resolve", "--file", "big.json"], stdin(accented))).toBe(`big.json: more than ${LIMITS.inputBytes} bytes, the most a request may be`);
  });

  it("reading stops one byte past the cap: --file /dev/zero ends at once with one line", () => {
    expect(readBounded("/dev/zero", 1000)).toHaveLength(1001);
    expect(refusal(["resolve", "--file", "/dev/zero"], readBounded)).toBe(`/dev/zero: more than ${LIMITS.inputBytes} bytes, the most a request may be`);
  });
});

describe("reading files", () => {
  const dir = mkdtempSync(join(tmpdir(), "fray-cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a whole request file, with or without a UTF-8 byte-order mark, as the same request", () => {
    const plain = join(dir, "plain.json");
    const marked = join(dir, "marked.json");
    writeFileSync(plain, JSON.stringify(save));
    writeFileSync(marked, `\uFEFF${JSON.stringify(save)}`);
    const first = runCli(["resolve", "--file", plain], readBounded);
    expect(first.stderr).toBe("");
    expect(runCli(["resolve", "--file", marked], readBounded)).toEqual(first);
    expect(runCli(["resolve"], stdin(`\uFEFF${JSON.stringify(save)}`))).toEqual(runCli(["resolve"], stdin(JSON.stringify(save))));
  });

  it("a file that cannot be read is one line naming it", () => {
    expect(refusal(["resolve", "--file", join(dir, "missing\n.json")], readBounded)).toMatch(/^\S*missing\\n\.json: cannot be read \(ENOENT/);
  });
});

describe("what used to pass silently", () => {
  it.each([
    [["resolve", "request.json"], 'unexpected argument "request.json": fray resolve takes options only'],
    [["duel", "--runs", "5", "fighters.json"], 'unexpected argument "fighters.json": fray duel takes options only'],
    [["rulesets", "all"], 'unexpected argument "all": fray rulesets takes options only'],
    [["resolve", "--seed", "1", "--seed=2"], "option --seed: given more than once"],
  ])("%j is refused", (argv, line) => {
    expect(refusal(argv, stdin(JSON.stringify(save)))).toBe(line);
  });

  it("faces the resolution did not use are refused, saying how many were left over", () => {
    expect(refusal(["resolve"], stdin(JSON.stringify({ ...save, faces: [9, 4, 4] })))).toBe("faces: 3 given but the request rolled only 1: 2 left over");
    expect(runCli(["resolve"], stdin(JSON.stringify({ ...save, faces: [9] }))).code).toBe(0);
  });
});

describe("user text in an error stays on one line", () => {
  it.each([
    [["a\nb"], "{}", 'unknown command "a\\nb"; expected rulesets, resolve, odds, duel, fight or help'],
    [["resolve", "--x\r\ny", "1"], "{}", "option --x\\r\\ny: expected one of --file, --seed"],
    [["resolve"], JSON.stringify({ ruleset: "cavaliers", action: "turn", name: "Ines", combined: ["run\u001b[2J\u2028"] }), /^refused: "run\\u001b\[2J\\u2028" is not a combined action/],
    [["resolve"], JSON.stringify({ ...save, "new\nfield": 1 }), "new\\nfield: expected no such field"],
    // Node quotes the bad JSON in its message, line breaks and all.
    [["resolve"], "nope\nnope", 'stdin: not valid JSON (Unexpected token \'o\', "nope\\nnope" is not valid JSON)'],
  ])("%j with %j", (argv, input, line) => {
    const printed = refusal(argv, stdin(input));
    if (typeof line === "string") expect(printed).toBe(line);
    else expect(printed).toMatch(line);
  });

  it("a huge name echoed back is cut", () => {
    const printed = refusal(["resolve"], stdin(JSON.stringify({ ruleset: "cavaliers", action: "turn", name: "Ines", combined: ["x".repeat(50_000)] })));
    expect(printed.length).toBeLessThan(LIMITS.messageChars + 40);
    expect(printed).toMatch(/^refused: "x+… \(\d+ more characters\)$/);
  });
});

describe("a duel's memory", () => {
  it("keeps no die between rolls, so a long bout holds no more than a short one", () => {
    const personal = rulesetById("personal");
    if (!personal) throw new Error("no personal ruleset");
    const fight = personal.duel.fight.bind(personal.duel);
    const kept: number[] = [];
    const spy = vi.spyOn(personal.duel, "fight").mockImplementation((a, b, tray, roundLimit) => {
      const bout = fight(a, b, tray, roundLimit);
      kept.push(tray.rolled.length);
      return bout;
    });
    try {
      // Armor 100 against a d8: neither can hurt the other, so every bout lasts all its rounds.
      const fighter = (name: string) => ({ name, initiative: 3, defense: 11, armor: { physical: 100 }, resolve: 12, maxResolve: 12, stamina: 2, control: 1, weapon: { attack: "1d20+2", damage: "1d8+1", damageType: "physical" } });
      const result = runCli(["duel", "--runs", "3", "--rounds", "200"], stdin(JSON.stringify({ ruleset: "personal", a: fighter("A"), b: fighter("B") })));
      expect(JSON.parse(result.stdout)).toMatchObject({ runs: 3, wins: { none: 3 }, averageRounds: 200 });
      expect(kept).toEqual([0, 0, 0]);
    } finally {
      spy.mockRestore();
    }
  });
});

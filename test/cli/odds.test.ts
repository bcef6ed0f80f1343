import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";

const run = (argv: string[], request: unknown) => runCli(argv, () => JSON.stringify(request));
const save = { ruleset: "torchlight", action: "save", name: "Elsa", st: 12 };

describe("fray odds", () => {
  it("prints the exact odds as JSON, with the cut threshold", () => {
    const result = run(["odds"], save);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { ruleset: string; action: string; cutAt: number; chances: Record<string, number>; cut: number };
    expect(answer).toMatchObject({ ruleset: "torchlight", action: "save", cutAt: 1e-12, cut: 0 });
    expect(answer.chances.success).toBe(0.45);
  });

  it("prints a readable table with --table", () => {
    const result = run(["odds", "--table"], save);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("torchlight save: exact odds");
    expect(result.stdout).toMatch(/Elsa saves\s+45\.00%/);
  });

  it("reads the request from --file like resolve", () => {
    const result = runCli(["odds", "--file", "request.json"], (file) => (file === "request.json" ? JSON.stringify(save) : "{}"));
    expect(result.code).toBe(0);
  });

  it.each([
    ["faces given", ["odds"], { ...save, faces: [9] }, "faces: odds take no faces; leave them out"],
    ["a seed given", ["odds", "--seed", "3"], save, "option --seed: expected one of --file, --table"],
    ["an action without odds", ["odds"], { ruleset: "cavaliers", action: "rest", name: "A" }, "action: cavaliers rest has no exact odds; odds are known for attack, skill, flourish"],
    ["a field that does not fit", ["odds"], { ...save, st: 40 }, "st: expected an integer from 0 to 20"],
    ["an unknown ruleset", ["odds"], { ruleset: "chess", action: "move" }, "ruleset: expected one of cavaliers, drama, unhex, personal, torchlight"],
  ])("refuses %s with one line and exit 2", (_what, argv, request, line) => {
    const result = run(argv, request);
    expect(result).toEqual({ stdout: "", stderr: `${line}\n`, code: 2 });
  });

  it("refuses what the rules refuse, as resolve does", () => {
    const result = run(["odds"], { ruleset: "cavaliers", action: "attack", attack: "aim", defence: "parry", attacker: { name: "A", attribute: 6 }, defender: { name: "D", attribute: 6 } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^refused: parry cannot answer aim/);
  });

  it("is in the usage `fray help` prints", () => {
    expect(runCli(["help"], () => "").stdout).toContain("fray odds [--file F] [--table]\n");
  });
});

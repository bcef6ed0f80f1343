import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseShellBlocks } from "../../scripts/cli-examples.js";

/**
 * docs/cli.md as a newcomer reads it: after `npm ci && npm run build` (which `npm test` runs first)
 * and `npm link`, every ```sh block of the page is typed into a POSIX shell at the root of the
 * checkout, exactly as written. The link is npm's own, made into a throwaway global prefix so the
 * machine's real one is never touched. Outputs are read from the page, never written here, so
 * `npm run docs:cli` keeps this test passing when the rules change.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const DOCS = readFileSync(join(ROOT, "docs/cli.md"), "utf8");
const blocks = parseShellBlocks(DOCS);
const CLI = join(ROOT, "bin", "fray.mjs");

let prefix: string;
let env: NodeJS.ProcessEnv;

/** The environment of a fresh terminal: none of the npm_* variables `npm test` hands its children. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error("bin/fray.mjs is missing: run `npm run build` first (`npm test` builds before testing)");
  prefix = mkdtempSync(join(tmpdir(), "fray-npm-prefix-"));
  const linked = spawnSync("npm", ["link", "--offline", "--no-audit", "--no-fund"], { cwd: ROOT, encoding: "utf8", env: { ...cleanEnv(), npm_config_prefix: prefix } });
  if (linked.status !== 0) throw new Error(`npm link failed (exit ${linked.status}): ${linked.stderr}`);
  env = { ...cleanEnv(), PATH: `${join(prefix, "bin")}${delimiter}${process.env.PATH ?? ""}` };
}, 120_000);

afterAll(() => {
  if (prefix) rmSync(prefix, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** One block through `sh -e`, standard input closed as in a pipeline with nothing to say. */
function shell(script: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile("sh", ["-e", "-c", script], { cwd: ROOT, env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

describe("every shell block of docs/cli.md runs as written", () => {
  it("`npm link` put the built bin/fray.mjs on the path as `fray`", () => {
    const which = spawnSync("sh", ["-c", "command -v fray"], { env, encoding: "utf8" });
    expect(which.stdout.trim()).toBe(join(prefix, "bin", "fray"));
  });

  it("has blocks, each a `fray` command", () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      let heredoc: string | undefined;
      for (const line of block.script.split("\n").filter((l) => l.trim())) {
        // A heredoc's body is the request, not a command.
        if (heredoc !== undefined) {
          if (line === heredoc) heredoc = undefined;
          continue;
        }
        expect(line, block.heading).toMatch(/^fray /);
        heredoc = /<<'?(\w+)'?\s*$/.exec(line)?.[1];
      }
    }
  });

  it.concurrent.each(blocks.map((block) => [`${block.heading}: ${block.script.split("\n")[0]}`, block] as const))("%s", async (_name, block) => {
    const ran = await shell(block.script);
    if (!block.answer) {
      // A block of several commands shows no output: each must succeed, print, and say nothing on stderr.
      expect(ran.stderr).toBe("");
      expect(ran.code).toBe(0);
      expect(ran.stdout).not.toBe("");
      return;
    }
    expect(ran.code).toBe(block.answer.exit);
    if (block.answer.exit === 0) {
      expect(ran.stderr).toBe("");
      expect(ran.stdout).toBe(block.answer.expected);
    } else {
      expect(ran.stdout).toBe("");
      expect(ran.stderr).toBe(block.answer.expected);
    }
  });
});

describe("examples/", () => {
  const named = new Set([...DOCS.matchAll(/\bexamples\/[\w.-]+\.json\b/g)].map((match) => match[0]));
  const files = readdirSync(join(ROOT, "examples")).map((file) => `examples/${file}`);

  it("holds every request file docs/cli.md names", () => {
    expect(named.size).toBeGreaterThan(0);
    for (const path of named) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it("holds nothing docs/cli.md does not use", () => {
    expect(files.filter((file) => !named.has(file))).toEqual([]);
  });

  it("each file is used by a block that runs it successfully", () => {
    for (const file of files) {
      const readers = blocks.filter((block) => block.script.includes(`< ${file}`) || block.script.includes(`--file ${file}`));
      expect(readers.length, file).toBeGreaterThan(0);
      expect(readers.every((block) => !block.answer || block.answer.exit === 0), file).toBe(true);
    }
  });
});

describe("the other ways docs/cli.md names", () => {
  it("`npx fray` inside the checkout runs the same program", () => {
    const npx = spawnSync("npx", ["--no-install", "fray", "rulesets"], { cwd: ROOT, env: cleanEnv(), encoding: "utf8" });
    expect(npx.status).toBe(0);
    expect(npx.stdout).toBe(spawnSync(process.execPath, [CLI, "rulesets"], { encoding: "utf8" }).stdout);
  });

  it("`npm run -s fray -- …` prints only the program's output, so it pipes", () => {
    const npm = spawnSync("npm", ["run", "-s", "fray", "--", "resolve", "--file", "examples/cavaliers-lunge.json"], { cwd: ROOT, env: cleanEnv(), encoding: "utf8" });
    expect(npm.stderr).toBe("");
    expect(npm.status).toBe(0);
    expect(npm.stdout).toBe(spawnSync(process.execPath, [CLI, "resolve", "--file", "examples/cavaliers-lunge.json"], { cwd: ROOT, encoding: "utf8" }).stdout);
    expect(() => JSON.parse(npm.stdout) as unknown).not.toThrow();
  });
});

/**
 * Issue 39: each rule of .dependency-cruiser.cjs (run over the repository by `npm run lint`) can
 * fail. Each case writes the smallest tree that breaks one rule into a fresh folder and cruises it
 * with the repository's rules: exactly that rule is named. A tree that keeps every rule names none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IForbiddenRuleType } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";

const { forbidden } = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] };
const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The rule names (with from → to) the repository's rules give for a tree of files. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), "fray-deps-"));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const folders = [...new Set(Object.keys(files).map((path) => path.split("/")[0]!))];
    const result = await cruise(folders, { ruleSet: { forbidden }, validate: true, tsPreCompilationDeps: true, baseDir: root });
    if (typeof result.output === "string") throw new Error("dependency-cruiser answered text, not a result");
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    process.chdir(cwd);
  }
}

const leaf = "export const x = 1;\n";
const uses = (path: string) => `import { x } from "${path}";\nexport const y = x;\n`;

describe("the import rules (.dependency-cruiser.cjs)", () => {
  it("find nothing in a tree that keeps them (fray.ts may name a ruleset; a ruleset its own folder and the shared layer)", async () => {
    expect(
      await violations({
        "src/core/dice.ts": leaf,
        "src/rules/drama/melee.ts": uses("../../core/dice.js"),
        "src/rules/index.ts": uses("./drama/melee.js"),
        "src/cli/main.ts": uses("../rules/index.js"),
        "src/foundry/cards/engine.ts": uses("../../rules/index.js"),
        "src/foundry/rulesets/drama/cards.ts": uses("../../cards/engine.js"),
        "src/foundry/fray.ts": uses("./rulesets/drama/cards.js"),
      }),
    ).toEqual([]);
  });

  it.each([
    ["a circle through a type import", { "src/foundry/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n', "src/foundry/b.ts": 'import { A0 } from "./c.js";\nexport type B = number;\nexport const b = A0;\n', "src/foundry/c.ts": 'export const A0 = 1;\nexport const load = () => import("./a.js");\n' }, "no-circular"],
    ["src/core importing the rules", { "src/core/a.ts": uses("../rules/b.js"), "src/rules/b.ts": leaf }, "core-is-the-bottom"],
    ["the rules importing Foundry", { "src/rules/a.ts": uses("../foundry/b.js"), "src/foundry/b.ts": leaf }, "rules-below-foundry-and-cli"],
    ["the rules using a Node built-in", { "src/rules/a.ts": 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;\n' }, "pure-layers-no-node"],
    ["the command line importing Foundry", { "src/cli/a.ts": uses("../foundry/b.js"), "src/foundry/b.ts": leaf }, "cli-and-foundry-apart"],
    ["one ruleset's rules importing another's", { "src/rules/drama/a.ts": uses("../unhex/b.js"), "src/rules/unhex/b.ts": leaf }, "rules-rulesets-apart"],
    ["one ruleset's Foundry code importing another's", { "src/foundry/rulesets/drama/a.ts": uses("../unhex/b.js"), "src/foundry/rulesets/unhex/b.ts": leaf }, "foundry-rulesets-apart"],
    ["shared Foundry machinery naming a ruleset", { "src/foundry/cards/a.ts": uses("../rulesets/torchlight/b.js"), "src/foundry/rulesets/torchlight/b.ts": leaf }, "shared-foundry-names-no-ruleset"],
    ["shared rules code naming a ruleset", { "src/rules/odds.ts": uses("./personal/b.js"), "src/rules/personal/b.ts": leaf }, "shared-rules-names-no-ruleset"],
    ["the playground importing src/", { "playground/a.ts": uses("../src/core/b.js"), "src/core/b.ts": leaf }, "playground-runs-the-build"],
    ["a browser test importing src/foundry", { "test/browser/a.test.ts": uses("../../src/foundry/b.js"), "src/foundry/b.ts": leaf }, "browser-tests-run-the-build"],
  ])("name %s (%s)", async (_what, files: Record<string, string>, rule) => {
    const found = await violations(files);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((line) => line.startsWith(`${rule}:`)), found.join("\n")).toBe(true);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// DESIGN.md: src/core and src/rules are pure. They may not use a Foundry global or the DOM;
// everything there takes dice faces in and returns data. Imports (of src/foundry, src/cli or a Node
// built-in) are dependency-cruiser's to check (.dependency-cruiser.cjs, in `npm run lint`); this test
// keeps only what a reader of imports cannot see: a global used without an import.
const FORBIDDEN: Array<[string, RegExp]> = [
  ...["game", "foundry", "CONFIG", "Hooks", "ui", "Roll", "ChatMessage", "canvas", "document", "window"].map(
    (name): [string, RegExp] => [`the global ${name}`, new RegExp(`(?<![\\w.$'"])${name}(?=\\s*[.\\[(])`)],
  ),
  ["new Roll / new ChatMessage", /\bnew\s+(Roll|ChatMessage)\b/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Strips comments and string contents so prose about Foundry does not count as a use of it. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/(`)(?:\\.|[^\\`])*`/g, "``");
}

export function layerViolations(root: string): string[] {
  const found: string[] = [];
  for (const layer of ["src/core", "src/rules"]) {
    for (const file of sourceFiles(join(root, layer))) {
      const lines = code(readFileSync(file, "utf8")).split("\n");
      lines.forEach((line, index) => {
        const scrubbed = /^\s*(import|export)\b/.test(line) ? line : line.replace(/"(?:\\.|[^\\"])*"|'(?:\\.|[^\\'])*'/g, '""');
        for (const [what, pattern] of FORBIDDEN) {
          if (pattern.test(scrubbed)) found.push(`${relative(root, file)}:${index + 1} uses ${what}`);
        }
      });
    }
  }
  return found;
}

describe("layers", () => {
  it("keeps src/core and src/rules free of Foundry, the DOM and I/O", () => {
    expect(layerViolations(process.cwd())).toEqual([]);
  });

  it("would catch a leak (the check itself can fail)", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const root = mkdtempSync(join(tmpdir(), "fray-layers-"));
    mkdirSync(join(root, "src/core"), { recursive: true });
    mkdirSync(join(root, "src/rules"), { recursive: true });
    writeFileSync(join(root, "src/core/leak.ts"), 'import { x } from "../foundry/x.js";\nconst r = new Roll("1d6");\nconsole.log(game.user);\n// game.user in a comment is fine\n');
    writeFileSync(join(root, "src/rules/ok.ts"), 'export const label = "CONFIG.x is only text";\n');
    expect(layerViolations(root)).toEqual([
      "src/core/leak.ts:2 uses the global Roll",
      "src/core/leak.ts:2 uses new Roll / new ChatMessage",
      "src/core/leak.ts:3 uses the global game",
    ]);
  });
});

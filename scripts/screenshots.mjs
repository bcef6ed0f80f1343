#!/usr/bin/env node
/**
 * `npm run screenshots`: build, run the browser tests (each photographs the cards, dialogs, sheets
 * and trackers it opens, after measuring that they fit), then copy the fresh photographs into
 * docs/screenshots/, where the README's gallery and the play guides (docs/play/) show them.
 * Copied: every photograph already in docs/screenshots/ and every one the docs name, and beside each
 * card photograph its twin in the dark theme (<name>-dark.png, which every card photograph takes:
 * test/browser/support/browser.ts). A committed
 * photograph no browser test takes any more is reported (test/screenshots.test.ts fails on it).
 * Extra arguments go to vitest, e.g. `npm run screenshots -- test/browser/drama-round.test.ts`;
 * `npm run screenshots -- --copy-only` copies what the last browser run took, without running it.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const FRESH = join(ROOT, "test-results", "screenshots");
export const DOCS = join(ROOT, "docs", "screenshots");

/** The suffix of a card photograph's twin in the dark theme (test/browser/support/browser.ts, DARK_TWIN). */
export const DARK_TWIN = "-dark";

/**
 * Every screenshot name the browser tests take, as patterns: a template literal's ${...} stands for
 * any name part, and any name may have its dark twin.
 */
export function screenshotSources(root = ROOT) {
  const dir = join(root, "test", "browser");
  const sources = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".test.ts"))) {
    const text = readFileSync(join(dir, file), "utf8");
    for (let at = text.indexOf("screenshot("); at !== -1; at = text.indexOf("screenshot(", at + 1)) {
      const name = secondArgument(text, at + "screenshot(".length);
      if (name) sources.push({ file, name, pattern: new RegExp(`^${name.split(/\$\{[^}]*\}/).map(escape).join("[\\w.-]+")}(${DARK_TWIN})?$`) });
      // A name handed through a helper's parameter: the literals that end a call in that file are its candidates.
      else if (name === null && /^\s*[^,]*,\s*[A-Za-z_]\w*\s*[,)]/.test(text.slice(at + "screenshot(".length))) {
        for (const match of text.matchAll(/,\s*"([a-z][\w-]*)"\s*\)/g)) sources.push({ file, name: match[1], pattern: new RegExp(`^${escape(match[1])}(${DARK_TWIN})?$`) });
      }
    }
  }
  return sources;
}

/** The string or template literal that is a call's second argument, from just inside its "(". */
function secondArgument(text, from) {
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth += 1;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return null;
      depth -= 1;
    } else if (c === "," && depth === 0) {
      const match = /^\s*(["`])([^"`]*)\1/.exec(text.slice(i + 1));
      return match ? match[2] : null;
    }
  }
  return null;
}

function escape(part) {
  return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The photographs the README and docs/ show from docs/screenshots/. */
export function documentedScreenshots(root = ROOT) {
  const files = [join(root, "README.md"), ...readdirSync(join(root, "docs"), { recursive: true }).filter((f) => String(f).endsWith(".md")).map((f) => join(root, "docs", String(f)))];
  const names = new Set();
  for (const file of files) for (const match of readFileSync(file, "utf8").matchAll(/screenshots\/([\w.-]+)\.png/g)) names.add(match[1]);
  return names;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  return result.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bin = join(ROOT, "node_modules", ".bin");
  const args = process.argv.slice(2);
  const copyOnly = args.includes("--copy-only");
  let code = 0;
  if (!copyOnly) {
    if (run(process.execPath, [join(ROOT, "scripts", "build.mjs")]) !== 0) process.exit(1);
    code = run(join(bin, "vitest"), ["run", "--project", "browser", ...args]);
  }
  mkdirSync(DOCS, { recursive: true });
  const wanted = new Set([...readdirSync(DOCS).filter((f) => f.endsWith(".png")).map((f) => f.slice(0, -4)), ...documentedScreenshots()]);
  // A wanted card photograph brings its dark twin along, once a run has taken it.
  for (const name of [...wanted]) if (!name.endsWith(DARK_TWIN) && existsSync(join(FRESH, `${name}${DARK_TWIN}.png`))) wanted.add(`${name}${DARK_TWIN}`);
  const sources = screenshotSources();
  let copied = 0;
  for (const name of [...wanted].sort()) {
    const fresh = join(FRESH, `${name}.png`);
    if (!sources.some((s) => s.pattern.test(name))) console.warn(`docs/screenshots/${name}.png: no browser test takes it any more; delete it or restore its test`);
    else if (existsSync(fresh)) {
      copyFileSync(fresh, join(DOCS, `${name}.png`));
      copied += 1;
    } else console.warn(`docs/screenshots/${name}.png: not taken in this run`);
  }
  console.log(`screenshots: ${copied} copied into docs/screenshots/`);
  process.exit(code);
}

/**
 * The rules compendium is for players (issue 38 item 8): no page the build makes from docs/rules/*.md
 * names an issue, a test or source file, a code key (camelCase, a dotted setting or field) or a rule
 * id. Notes for developers and command-line details stay in docs/rules/*.md between
 * `<!-- developers -->` and `<!-- /developers -->`, which the compendium leaves out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesPackSources, splitRulesPage } from "../scripts/rules-pack.mjs";

interface Page {
  name: string;
  text: { content: string };
}

const decode = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** Every rule id a step of the rules is named by, with a hyphen (a single word is the game's own). */
function ruleIds(dir: string): Set<string> {
  const ids = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) for (const match of readFileSync(path, "utf8").matchAll(/\brule: "([a-z0-9]+(?:-[a-z0-9]+)+)"/g)) ids.add(match[1] as string);
    }
  };
  walk(dir);
  return ids;
}

const RULE_IDS = ruleIds("src/rules");

/** What a page shows a player that she should not have to read: each finding with its kind. */
export function developerWords(page: Page): string[] {
  const html = page.text.content;
  const text = decode(`${page.name}\n${html.replace(/<[^>]+>/g, " ")}`);
  const found: string[] = [];
  const find = (kind: string, pattern: RegExp, source = text) => {
    for (const match of source.matchAll(pattern)) found.push(`${kind}: ${match[0]}`);
  };
  find("issue", /\bissues?\s*#?\d+/gi);
  find("file", /\b(?:test|src|scripts|playground|packs)\/[^\s),;]*/g);
  find("file", /\b[\w-]+\.(?:test\.ts|ts|mjs)\b/g);
  find("code key", /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g);
  const code = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((match) => decode(match[1] as string));
  for (const span of code) {
    if (/^[a-z][\w]*(?:\.[\w<>[\]]+)+$/.test(span)) found.push(`code key: ${span}`);
    if (/^[a-z0-9…]+(?:-[a-z0-9…]+)+$/.test(span)) found.push(`rule id: ${span}`);
  }
  // A rule id may also be a game word ("knock-back"): it is one as a refusal shows it, in brackets.
  for (const id of RULE_IDS) if (text.includes(`[${id}]`)) found.push(`rule id: ${id}`);
  return [...new Set(found)];
}

describe("the rules compendium names no issue, file, code key or rule id", async () => {
  const entries = await rulesPackSources("docs/rules");

  it.each(entries.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const findings = (entry.pages as Page[]).flatMap((page) => developerWords(page).map((finding) => `${page.name}: ${finding}`));
    expect(findings).toEqual([]);
  });

  it("finds each kind it looks for, so a page that names one fails", () => {
    const page = (content: string) => ({ name: "A page", text: { content } });
    expect(developerWords({ name: "Readings decided here (issue 23)", text: { content: "" } })).toEqual(["issue: issue 23"]);
    expect(developerWords(page("<p>Tests: test/rules/personal/seed.test.ts</p>"))).toEqual(["file: test/rules/personal/seed.test.ts", "file: seed.test.ts"]);
    expect(developerWords(page("<p>chances <code>aWins</code></p>"))).toEqual(["code key: aWins"]);
    expect(developerWords(page("<p><code>fray.drama.&lt;name&gt;</code></p>"))).toEqual(["code key: fray.drama.<name>"]);
    expect(developerWords(page("<p>step <code>dropped-…-hand-item</code></p>"))).toEqual(["rule id: dropped-…-hand-item"]);
    expect(developerWords(page("<p>refused [opposed-outcome]</p>"))).toEqual(["rule id: opposed-outcome"]);
    expect(developerWords(page("<p>Ines wins a marginal draw, Bandit #1 takes 2 Breath.</p>"))).toEqual([]);
  });

  it("leaves out what docs/rules marks for developers", () => {
    const { sections } = splitRulesPage("# T\n\nFor players.\n<!-- developers -->\nSee `aWins`.\n\n## Tests\n\ntest/x.test.ts\n<!-- /developers -->\n\n## Play\n\nWords.\n");
    expect(sections.map((section) => [section.heading, section.lines.join("\n").trim()])).toEqual([
      [null, "For players."],
      ["Play", "Words."],
    ]);
    expect(() => splitRulesPage("# T\n<!-- developers -->\nA\n")).toThrow(/<!-- \/developers -->/);
    expect(() => splitRulesPage("# T\n<!-- developers -->\nA\n<!-- developers -->\nB\n<!-- /developers -->\n")).toThrow(/opened again/);
  });
});

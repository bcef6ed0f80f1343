/**
 * The `rules` compendium, made from docs/rules/*.md at build time so the rules pages have one source:
 * each ruleset's page becomes one JournalEntry, each of its `##` sections one text page (the text
 * before the first `##` an opening page), so a status or a link can point at the section it means.
 *
 * Terms a `@Rule[...]` link may name (src/foundry/rules-journal) are, per page: the page's name,
 * every `###` heading inside it, and the words of a line `<!-- rule-terms: Yield, Wounds -->`
 * (a comment, so the markdown reads the same on GitHub). A terms line under a `###` heading points at
 * that heading's anchor; anywhere else in a section, at the page itself.
 *
 * Ids are derived from the ruleset and the heading, so a link someone made to a page keeps working
 * across builds as long as the heading keeps its words.
 *
 * The compendium is for players: what docs/rules/*.md says for developers and the command line
 * (tests, source files, request fields, rule ids) stands between `<!-- developers -->` and
 * `<!-- /developers -->` lines, whole sections included, and is left out.
 */
import { createHash } from "node:crypto";
import { withPackStats } from "./pack-stats.mjs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import showdown from "showdown";

/** The rulesets in the order the compendium lists them (the developer guide's order). */
export const RULES_ORDER = ["cavaliers", "drama", "unhex", "personal", "torchlight"];

/** The pack's name in system.json; its documents' UUIDs start Compendium.fray.rules. */
export const RULES_PACK = "rules";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Foundry document id (16 letters and digits) that depends only on the key. */
export function stableId(key) {
  const digest = createHash("sha256").update(`fray.rules.${key}`).digest();
  let id = "";
  for (let i = 0; i < 16; i += 1) id += BASE62[digest[i] % 62];
  return id;
}

/** A heading's anchor: lower case, words joined by hyphens (what a v13 journal page's table of contents uses when the heading has an id). */
export function slugify(text) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['"’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
}

/** Heading markdown as plain words: no emphasis marks, no backticks. */
export function plainHeading(markdown) {
  return markdown.replace(/[`*_]/g, "").replace(/\s+/g, " ").trim();
}

/** The journal's name from the page's title: "The Queen's Cavaliers (`cavaliers`)" reads "The Queen's Cavaliers". */
export function entryName(title) {
  return plainHeading(title.replace(/\s*\((?:ruleset\s+)?`[^`]+`\)\s*$/, ""));
}

const TERMS_LINE = /^\s*<!--\s*rule-terms:\s*(.*?)\s*-->\s*$/;
const DEVELOPERS_OPEN = /^\s*<!--\s*developers\s*-->\s*$/;
const DEVELOPERS_CLOSE = /^\s*<!--\s*\/developers\s*-->\s*$/;

const converter = new showdown.Converter({
  tables: true,
  strikethrough: true,
  ghCodeBlocks: true,
  noHeaderId: true,
  literalMidWordUnderscores: true,
  simplifiedAutoLink: false,
  disableForced4SpacesIndentedSublists: true,
});

const escapeAttribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * One section's markdown as the page's HTML: headings one level up (the page's name is its title),
 * each with the id its anchor uses; links to the project's other files become their words, since
 * a Foundry world has no such file.
 */
export function sectionHtml(markdown) {
  let html = converter.makeHtml(markdown);
  html = html.replace(/<h([3-6])>([\s\S]*?)<\/h\1>/g, (_whole, level, inner) => {
    const text = inner.replace(/<[^>]+>/g, "");
    return `<h${Number(level) - 1} id="${escapeAttribute(slugify(decodeEntities(text)))}">${inner}</h${Number(level) - 1}>`;
  });
  html = html.replace(/<a href="(?!https?:|#)[^"]*">([\s\S]*?)<\/a>/g, "$1");
  return html.replace(/<!--[\s\S]*?-->\s*/g, "");
}

function decodeEntities(text) {
  return text.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** Splits one rules page into its title and sections, with each section's terms. */
export function splitRulesPage(markdown) {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  let title = null;
  const sections = [];
  let current = { heading: null, lines: [], terms: [] };
  let anchor = null;
  let fence = false;
  let developers = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence && (developers ? DEVELOPERS_CLOSE : DEVELOPERS_OPEN).test(line)) {
      developers = !developers;
      continue;
    }
    // A passage opened twice was left open: everything up to the next close would be lost.
    if (!fence && developers && DEVELOPERS_OPEN.test(line)) throw new Error("a rules page's <!-- developers --> passage is opened again before its <!-- /developers --> line");
    if (developers) continue;
    if (!fence) {
      const h1 = /^#\s+(.+?)\s*#*\s*$/.exec(line);
      const h2 = /^##\s+(.+?)\s*#*\s*$/.exec(line);
      const h3 = /^###\s+(.+?)\s*#*\s*$/.exec(line);
      const terms = TERMS_LINE.exec(line);
      if (h1 && title === null) {
        title = h1[1];
        continue;
      }
      if (h2) {
        sections.push(current);
        current = { heading: h2[1], lines: [], terms: [] };
        anchor = null;
        continue;
      }
      if (h3) {
        const name = plainHeading(h3[1]);
        anchor = slugify(name);
        current.terms.push({ term: name, anchor });
      }
      if (terms) {
        for (const term of terms[1].split(",").map((t) => t.trim()).filter(Boolean)) current.terms.push({ term, anchor });
        continue;
      }
    }
    current.lines.push(line);
  }
  sections.push(current);
  if (title === null) throw new Error("a rules page needs a '# Title' line");
  if (developers) throw new Error("a rules page's <!-- developers --> passage needs its <!-- /developers --> line");
  return { title, sections: sections.filter((s) => s.heading !== null || s.lines.some((l) => l.trim())) };
}

/** The JournalEntry source (with its pages) for one ruleset's rules page, as the Foundry CLI compiles it. */
export function rulesEntry(ruleset, markdown, sort = 0) {
  const { title, sections } = splitRulesPage(markdown);
  const name = entryName(title);
  const entryId = stableId(ruleset);
  const seen = new Set();
  const pages = sections.map((section, index) => {
    const pageName = section.heading === null ? name : plainHeading(section.heading);
    const slug = section.heading === null ? "overview" : slugify(pageName);
    if (seen.has(slug)) throw new Error(`docs/rules/${ruleset}.md has two sections named "${pageName}"`);
    seen.add(slug);
    const pageId = stableId(`${ruleset}.${slug}`);
    return {
      _id: pageId,
      _key: `!journal.pages!${entryId}.${pageId}`,
      name: pageName,
      type: "text",
      title: { show: true, level: 1 },
      text: { format: 1, content: sectionHtml(section.lines.join("\n")) },
      sort: (index + 1) * 1000,
      ownership: { default: -1 },
      flags: { fray: { ruleset, terms: [{ term: pageName, anchor: null }, ...section.terms] } },
    };
  });
  return withPackStats({
    _id: entryId,
    _key: `!journal!${entryId}`,
    name,
    pages,
    folder: null,
    sort: (sort + 1) * 1000,
    ownership: { default: 0 },
    flags: { fray: { ruleset } },
  });
}

/** Every ruleset's entry, read from rulesDir (docs/rules); a page not named in RULES_ORDER is refused, as is a missing one. */
export async function rulesPackSources(rulesDir) {
  const files = (await readdir(rulesDir)).filter((file) => file.endsWith(".md")).sort();
  const found = files.map((file) => file.replace(/\.md$/, ""));
  const unknown = found.filter((id) => !RULES_ORDER.includes(id));
  if (unknown.length) throw new Error(`docs/rules/${unknown[0]}.md is not a ruleset's page (expected one of ${RULES_ORDER.join(", ")})`);
  const missing = RULES_ORDER.filter((id) => !found.includes(id));
  if (missing.length) throw new Error(`docs/rules/${missing[0]}.md is missing: every ruleset has a rules page`);
  const entries = [];
  for (const [index, ruleset] of RULES_ORDER.entries()) {
    entries.push(rulesEntry(ruleset, await readFile(join(rulesDir, `${ruleset}.md`), "utf8"), index));
  }
  return entries;
}

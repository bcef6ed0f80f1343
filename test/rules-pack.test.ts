/**
 * The build step that makes the `rules` compendium from docs/rules/*.md (scripts/rules-pack.mjs,
 * called by scripts/build.mjs): one JournalEntry per ruleset, one page per `##` section, stable
 * ids, the terms a @Rule link may name, and sources the Foundry CLI compiles and extracts unchanged.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../src/rules/ruleset.js";
import { RULES_ORDER, entryName, rulesEntry, rulesPackSources, sectionHtml, slugify, splitRulesPage, stableId } from "../scripts/rules-pack.mjs";

const work = mkdtempSync(join(tmpdir(), "fray-rules-pack-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { packs: { name: string; path: string; type: string; ownership?: Record<string, string> }[] };

describe("the rules pack in system.json", () => {
  it("is declared as a JournalEntry pack at packs/rules that players may read, with no packs/rules source folder", () => {
    const pack = manifest.packs.find((p) => p.name === "rules");
    expect(pack).toMatchObject({ path: "packs/rules", type: "JournalEntry", ownership: { PLAYER: "OBSERVER" } });
    expect(readdirSync("packs")).not.toContain("rules");
  });
});

describe("docs/rules/*.md as journal entries", async () => {
  const entries = await rulesPackSources("docs/rules");

  it("has one entry per ruleset, in the developer guide's order, each named by its game", () => {
    expect(RULES_ORDER).toEqual([...RULESET_IDS]);
    expect(entries.map((e) => e.flags.fray.ruleset)).toEqual(RULES_ORDER);
    expect(entries.map((e) => e.name)).toEqual(["The Queen's Cavaliers", "Drama in History", "Unhex in Fray", "Personal Combat", "Beyond the Torchlight"]);
  });

  it("has one page per ## section of the file, the text before the first section an opening page", () => {
    for (const entry of entries) {
      const markdown = readFileSync(`docs/rules/${entry.flags.fray.ruleset}.md`, "utf8");
      // Sections marked for developers are left out of the compendium.
      const forPlayers = markdown.replace(/^<!-- developers -->$[\s\S]*?^<!-- \/developers -->$/gm, "");
      const sections = forPlayers.split("\n").filter((line) => /^## /.test(line)).length;
      expect(entry.pages, entry.name).toHaveLength(sections + 1);
      expect(entry.pages[0]!.name).toBe(entry.name);
    }
    const cavaliers = entries[0]!;
    const yieldPage = cavaliers.pages.find((p) => p.name === "Yield, Wounds and actor types")!;
    expect(yieldPage.text.content).toContain("<table>");
    expect(yieldPage.text.content).toContain("Yield Limit");
    expect(yieldPage.text.content).not.toContain("## ");
  });

  it("every source has the _id and _key the Foundry CLI needs, and pages sort in the file's order", () => {
    for (const entry of entries) {
      expect(entry._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(entry._key).toBe(`!journal!${entry._id}`);
      const sorts = entry.pages.map((p) => p.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      for (const page of entry.pages) {
        expect(page._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(page._key).toBe(`!journal.pages!${entry._id}.${page._id}`);
        expect(page.type).toBe("text");
      }
    }
    const ids = entries.flatMap((e) => [e._id, ...e.pages.map((p) => p._id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ids depend only on the ruleset and the heading, so links survive a rebuild and an edit of the text", () => {
    const before = rulesEntry("drama", "# Drama\n\n## Momentum\n\nOne text.\n");
    const after = rulesEntry("drama", "# Drama\n\nAn opening.\n\n## Momentum\n\nAnother text, longer.\n");
    expect(after._id).toBe(before._id);
    expect(after.pages.find((p) => p.name === "Momentum")!._id).toBe(before.pages.find((p) => p.name === "Momentum")!._id);
    expect(stableId("drama")).not.toBe(stableId("unhex"));
  });

  it("each page lists its own name, its ### headings (with their anchors) and its rule-terms line as terms", () => {
    const entry = rulesEntry("unhex", "# Unhex\n\n## The map\n<!-- rule-terms: Area, Line of sight -->\n\nText.\n\n### The nightclub\n<!-- rule-terms: Bar -->\n\nMore.\n");
    const page = entry.pages.find((p) => p.name === "The map")!;
    expect(page.flags.fray.terms).toEqual([
      { term: "The map", anchor: null },
      { term: "Area", anchor: null },
      { term: "Line of sight", anchor: null },
      { term: "The nightclub", anchor: "the-nightclub" },
      { term: "Bar", anchor: "the-nightclub" },
    ]);
    // The heading carries the anchor as its id (v13's table of contents uses a heading's id); the comment is gone.
    expect(page.text.content).toContain('<h2 id="the-nightclub">The nightclub</h2>');
    expect(page.text.content).not.toContain("rule-terms");
  });

  it("every rules page names the statuses Fray sets in that ruleset's words (each status's link needs one)", async () => {
    const terms = new Set(entries.flatMap((e) => e.pages.flatMap((p) => p.flags.fray.terms.map((t) => t.term.toLowerCase()))));
    for (const term of ["dying", "yielded out", "bleeding", "blown", "right arm useless", "fallen fate", "incapacitated", "goaded"]) expect(terms, term).toContain(term);
  });

  it("links to the project's other files become their words; web links stay", () => {
    const html = sectionHtml("See [the command line](../cli.md#odds) and [Foundry](https://foundryvtt.com).");
    expect(html).toContain("See the command line and");
    expect(html).toContain('<a href="https://foundryvtt.com">Foundry</a>');
  });

  it("headings read as words, and the title loses its `id`", () => {
    expect(entryName("The Queen's Cavaliers (`cavaliers`)")).toBe("The Queen's Cavaliers");
    expect(entryName("Drama in History (ruleset `drama`)")).toBe("Drama in History");
    expect(slugify("Attacks, damage & hit locations")).toBe("attacks-damage-hit-locations");
    const { sections } = splitRulesPage("# T\n\n## Duel (`fray duel`)\n\n```\n## not a heading\n```\n");
    expect(sections.map((s) => s.heading)).toEqual(["Duel (`fray duel`)"]);
  });

  it("refuses a page without a title, two sections of one name, and a missing or unknown ruleset file", async () => {
    expect(() => rulesEntry("drama", "no title")).toThrow(/Title/);
    expect(() => rulesEntry("drama", "# D\n\n## A\n\n## A\n")).toThrow(/two sections named "A"/);
    const dir = join(work, "rules");
    mkdirSync(dir, { recursive: true });
    for (const id of RULES_ORDER.slice(1)) writeFileSync(join(dir, `${id}.md`), `# ${id}\n`);
    await expect(rulesPackSources(dir)).rejects.toThrow(/cavaliers\.md is missing/);
    writeFileSync(join(dir, "cavaliers.md"), "# c\n");
    writeFileSync(join(dir, "chess.md"), "# c\n");
    await expect(rulesPackSources(dir)).rejects.toThrow(/chess\.md is not a ruleset's page/);
  });

  it("compiles with the Foundry CLI and extracts back to the same entries and pages", async () => {
    const source = join(work, "source");
    mkdirSync(source, { recursive: true });
    for (const entry of entries) writeFileSync(join(source, `${entry.flags.fray.ruleset}.json`), JSON.stringify(entry));
    await compilePack(source, join(work, "compiled"));
    await extractPack(join(work, "compiled"), join(work, "extracted"));
    const back = readdirSync(join(work, "extracted")).map((file) => JSON.parse(readFileSync(join(work, "extracted", file), "utf8")) as (typeof entries)[number]);
    expect(back.map((e) => e._id).sort()).toEqual(entries.map((e) => e._id).sort());
    for (const entry of entries) {
      const copy = back.find((e) => e._id === entry._id)!;
      expect(copy.pages.map((p) => [p._id, p.name, p.text.content, p.flags])).toEqual(entry.pages.map((p) => [p._id, p.name, p.text.content, p.flags]));
    }
  });
});

/**
 * The rules inside Foundry (src/foundry/rules-journal): the `rules` compendium as the build makes it
 * from docs/rules (scripts/rules-pack.mjs) handed to the client, the @Rule enricher, and each
 * status's link to its page.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installPack } from "../../playground/foundry/index.js";
import { REPO_ROOT } from "../../playground/foundry/node.js";
import { bootWorld, playRuleset } from "./world.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { join } from "node:path";
// The build step's own module: the same pages the release ships.
import { rulesPackSources, type RulesEntrySource } from "../../scripts/rules-pack.mjs";

let entries: RulesEntrySource[];

const pageUuid = (ruleset: string, name: string): string => {
  const entry = entries.find((e) => e.flags.fray.ruleset === ruleset)!;
  const page = entry.pages.find((p) => p.name === name);
  if (!page) throw new Error(`no page ${name} in ${ruleset}`);
  return `Compendium.fray.rules.JournalEntry.${entry._id}.JournalEntryPage.${page._id}`;
};

async function enrich(text: string): Promise<HTMLElement> {
  const html = await foundry.applications.ux.TextEditor.implementation.enrichHTML(text);
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

const { harness } = bootWorld("cavaliers", {
  beforeBoot: async () => {
    entries = await rulesPackSources(join(REPO_ROOT, "docs/rules"));
    installPack({ name: "rules", label: "Rules", type: "JournalEntry", system: "fray" }, entries as unknown as Record<string, unknown>[]);
  },
});

beforeAll(async () => {
  await (CONFIG as unknown as { fray: { rulesLinked(): Promise<void> } }).fray.rulesLinked();
});


describe("the @Rule enricher", () => {
  it("is registered with a global pattern, as v13's TextEditor requires", () => {
    const enrichers = CONFIG.TextEditor.enrichers.filter((e) => e.pattern.source.startsWith("@Rule"));
    expect(enrichers).toHaveLength(1);
    expect(enrichers[0]!.pattern.flags).toContain("g");
  });

  it("links a term to the page of the world's ruleset that explains it, with the section's anchor", async () => {
    const html = await enrich("<p>Mind your @Rule[Yield] and @Rule[Parry]{parries}.</p>");
    const links = [...html.querySelectorAll<HTMLAnchorElement>("a.content-link.fray-rule")];
    expect(links.map((a) => a.textContent)).toEqual(["Yield", "parries"]);
    expect(links[0]!.dataset.uuid).toBe(pageUuid("cavaliers", "Yield, Wounds and actor types"));
    expect(links[1]!.dataset.uuid).toBe(pageUuid("cavaliers", "Attacks and defences"));
    expect("link" in links[0]!.dataset).toBe(true);
    expect(html.textContent).toBe("Mind your Yield and parries.");
  });

  it("prefers the world's ruleset, and a ruleset named in the link wins", async () => {
    await playRuleset(harness.game, "torchlight");
    let html = await enrich("@Rule[Initiative] @Rule[cavaliers: Initiative Points] @Rule[drama:Momentum]");
    const uuids = [...html.querySelectorAll<HTMLAnchorElement>("a.fray-rule")].map((a) => a.dataset.uuid);
    expect(uuids).toEqual([pageUuid("torchlight", "Initiative and the round"), pageUuid("cavaliers", "Initiative"), pageUuid("drama", "Momentum")]);
    expect(html.textContent).toBe("Initiative Initiative Points Momentum");
    // A term only another ruleset explains still links there.
    html = await enrich("@Rule[Momentum]");
    expect(html.querySelector<HTMLAnchorElement>("a.fray-rule")!.dataset.uuid).toBe(pageUuid("drama", "Momentum"));
  });

  it("matches a term whatever its case, spacing or hyphens", async () => {
    const html = await enrich("@Rule[yielded-out] @Rule[  YIELD   limit ]");
    expect([...html.querySelectorAll("a.fray-rule")]).toHaveLength(2);
  });

  it("shows an unknown term as its words with a tooltip saying so, never a broken link", async () => {
    const html = await enrich("<p>@Rule[Flumph] and @Rule[drama: Yield Limit]{limit}</p>");
    expect(html.querySelectorAll("a")).toHaveLength(0);
    const unknown = [...html.querySelectorAll<HTMLElement>(".fray-rule-unknown")];
    expect(unknown.map((s) => s.textContent)).toEqual(["Flumph", "limit"]);
    expect(unknown[0]!.dataset.tooltipText).toContain("Flumph");
    expect(unknown[0]!.dataset.tooltipText).not.toMatch(/FRAY\./);
  });

  it("issue 34 item 8: an unknown term holding markup is shown as text, its tooltip plain text (v13 draws data-tooltip as HTML), in every ruleset", async () => {
    for (const id of RULESET_IDS) {
      await playRuleset(harness.game, id);
      // Written as text in the editor, the markup reaches the enricher as a text node's characters.
      const html = await enrich("<p>@Rule[&lt;img src=x onerror=alert(1)&gt;] and @Rule[&lt;b&gt;x&lt;/b&gt;]{&lt;i&gt;y&lt;/i&gt;}</p>");
      expect(html.querySelectorAll("img, b, i, a")).toHaveLength(0);
      expect(html.querySelectorAll("[data-tooltip], [data-tooltip-html]")).toHaveLength(0);
      const unknown = [...html.querySelectorAll<HTMLElement>(".fray-rule-unknown")];
      expect(unknown.map((s) => s.textContent)).toEqual(["<img src=x onerror=alert(1)>", "<i>y</i>"]);
      expect(unknown[0]!.dataset.tooltipText).toContain("<img src=x onerror=alert(1)>");
    }
  });

  it("leaves markup that only looks like a link alone, and escapes nothing into HTML", async () => {
    const html = await enrich("<p>@Rule[] @Rule[<b>x</b>] @Rules</p>");
    expect(html.querySelectorAll("a")).toHaveLength(0);
    expect(html.querySelector("b")?.textContent).toBe("x");
  });

  it("a click on the link opens the rules journal at its page and section", async () => {
    const html = await enrich("@Rule[Parry]");
    document.body.append(html);
    html.querySelector<HTMLAnchorElement>("a.fray-rule")!.click();
    await harness.flush();
    const sheet = document.querySelector(".journal-sheet")!;
    expect(sheet.querySelector("article header h1")?.textContent).toBe("Attacks and defences");
    expect(sheet.querySelector("article")?.textContent).toContain("Riposte");
    html.remove();
    sheet.remove();
  });

  it("never throws when the pack cannot be read: the term stays as words", async () => {
    const { forgetRulesIndex } = await import("../../src/foundry/rules-journal/pack.js");
    const packs = harness.game as unknown as { packs: Map<string, unknown> };
    const saved = packs.packs.get("fray.rules");
    packs.packs.delete("fray.rules");
    forgetRulesIndex();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const html = await enrich("@Rule[Yield]");
      expect(html.querySelector(".fray-rule-unknown")?.textContent).toBe("Yield");
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      packs.packs.set("fray.rules", saved);
      forgetRulesIndex();
    }
  });
});

describe("statuses point to their rules page", () => {
  it("every status Fray adds has a reference to a page of the rules compendium that exists", async () => {
    const { FRAY_STATUS, CORE_STATUS } = await import("../../src/foundry/statuses/index.js");
    const ids = [...Object.values(FRAY_STATUS), ...Object.values(CORE_STATUS)].map((s) => s.id);
    for (const id of ids) {
      const status = CONFIG.statusEffects.find((s) => s.id === id) as { reference?: string; description?: string } | undefined;
      expect(status?.reference, id).toMatch(/^Compendium\.fray\.rules\.JournalEntry\.\w{16}\.JournalEntryPage\.\w{16}$/);
      expect(fromUuidSync(status!.reference! as `JournalEntry.${string}`), id).not.toBeNull();
      expect(status!.description).toContain(`@UUID[${status!.reference}`);
    }
  });

  it("a status the world's ruleset explains points at that ruleset's page (cavaliers' Dying, not torchlight's)", () => {
    const dying = CONFIG.statusEffects.find((s) => s.id === "fray-dying") as { reference?: string };
    expect(dying.reference).toBe(pageUuid("cavaliers", "Yield, Wounds and actor types"));
    const goaded = CONFIG.statusEffects.find((s) => s.id === "fray-goaded") as { reference?: string };
    expect(goaded.reference).toBe(pageUuid("torchlight", "Maneuvers"));
  });

  it("the effect a status creates keeps the link in its description", async () => {
    const actor = (await Actor.create({ name: "Ada", type: "cavaliersCharacter" })) as Actor.Implementation;
    await actor.toggleStatusEffect("fray-dying", { active: true });
    const effect = actor.effects.find((e) => e.statuses.has("fray-dying"));
    expect(effect?.description).toContain(pageUuid("cavaliers", "Yield, Wounds and actor types"));
    const html = await enrich(effect!.description);
    expect(html.querySelector("a.content-link")?.textContent).toBe("Yield, Wounds and actor types");
  });

  it("the token HUD's status icons get a tooltip with the rules page, and others are left alone", async () => {
    const hud = document.createElement("div");
    hud.innerHTML = `<div class="palette status-effects"><img class="effect-control" data-status-id="fray-dying" data-tooltip-text="Dying"><img class="effect-control" data-status-id="a-module-status" data-tooltip-text="Other"></div>`;
    // fvtt-types 13.345 types the hook's arguments as the full TokenHUD; the handler reads only the element.
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("renderTokenHUD", {}, hud, {});
    const [dying, other] = [...hud.querySelectorAll<HTMLElement>(".effect-control")];
    const tooltip = document.createElement("div");
    tooltip.innerHTML = dying!.dataset.tooltipHtml ?? "";
    expect(tooltip.querySelector("strong")?.textContent).toBe("Dying");
    expect(tooltip.querySelector<HTMLAnchorElement>("a[data-link]")?.dataset.uuid).toBe(pageUuid("cavaliers", "Yield, Wounds and actor types"));
    expect(tooltip.textContent).not.toMatch(/FRAY\./);
    expect(other!.dataset.tooltipHtml).toBeUndefined();
  });
});

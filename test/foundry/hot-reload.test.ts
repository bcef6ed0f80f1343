/**
 * The dev client's hot reload (src/foundry/dev/hot-reload.ts), which `npm run dev` loads into
 * Foundry's page: a stylesheet is fetched again, a template recompiled in place, a language file
 * merged, open applications re-rendered, and the `hotReload` hook can veto, as Foundry's own does.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HotReloadData } from "../../src/foundry/dev/hot-reload.js";
import { bootWorld } from "./world.js";

let applyHotReload: (data: HotReloadData) => void;
const renders: string[] = [];
const g = globalThis as unknown as {
  foundry: { applications: { instances?: Map<string, { render(): unknown }> } };
  Handlebars: { partials: Record<string, unknown> };
  Hooks: { once(name: string, fn: () => boolean): number };
};

const { harness } = bootWorld("cavaliers");
beforeAll(async () => {
  ({ applyHotReload } = await import("../../src/foundry/dev/hot-reload.js"));
  // Foundry's registry of open ApplicationV2 instances, which the harness does not keep.
  g.foundry.applications.instances = new Map([["app", { render: () => void renders.push("app") }]]);
});
beforeEach(() => {
  renders.length = 0;
  document.head.innerHTML = "";
});

const base = { packageType: "system", packageId: "fray" } as const;

describe("hot reload in the page", () => {
  it("points the system's stylesheet link and @import at a fresh URL, and no other", () => {
    document.head.innerHTML = `<link rel="stylesheet" href="/systems/fray/styles/fray.css"><link rel="stylesheet" href="/css/foundry.css"><style>@import "/systems/fray/styles/fray.css" layer(system);</style>`;
    applyHotReload({ ...base, extension: "css", path: "systems/fray/styles/fray.css" });
    const [fray, core] = [...document.querySelectorAll("link")];
    expect(fray!.getAttribute("href")).toMatch(/^\/systems\/fray\/styles\/fray\.css\?\d+$/);
    expect(core!.getAttribute("href")).toBe("/css/foundry.css");
    expect(document.querySelector("style")!.textContent).toMatch(/@import "\/systems\/fray\/styles\/fray\.css\?\d+" layer\(system\);/);
  });

  it("recompiles a template under its path and re-renders open applications", () => {
    const path = "systems/fray/templates/parts/pool.hbs";
    applyHotReload({ ...base, extension: "hbs", path, content: "<b>{{value}}</b>" });
    const template = g.Handlebars.partials[path] as (context: object) => string;
    expect(template({ value: 7 })).toBe("<b>7</b>");
    expect(renders).toEqual(["app"]);
  });

  it("merges the system's language file into the translations, but not another file", () => {
    applyHotReload({ ...base, extension: "json", path: "lang/en.json", content: JSON.stringify({ FRAY: { Common: { None: "Nothing at all" } } }) });
    expect(harness.game.i18n.localize("FRAY.Common.None")).toBe("Nothing at all");
    expect(harness.game.i18n.localize("FRAY.Common.Add")).toBe("Add");
    applyHotReload({ ...base, extension: "json", path: "lang/fr.json", content: JSON.stringify({ FRAY: { Common: { Add: "Ajouter" } } }) });
    expect(harness.game.i18n.localize("FRAY.Common.Add")).toBe("Add");
  });

  it("does nothing when a hotReload hook says no", () => {
    const path = "systems/fray/templates/parts/vetoed.hbs";
    g.Hooks.once("hotReload", () => false);
    applyHotReload({ ...base, extension: "hbs", path, content: "x" });
    expect(g.Handlebars.partials[path]).toBeUndefined();
    expect(renders).toEqual([]);
  });
});

/**
 * Item descriptions (src/foundry/data/fields.ts description(), the item sheet's part
 * templates/parts/item-description.hbs, migration step 3): every item type has an HTML description,
 * old plain text is kept as paragraphs, and the sheet shows it enriched, in v13's editor for those
 * who may edit it.
 */
import { describe, expect, it } from "vitest";
import { bootWorld, playRuleset } from "./world.js";

const { harness } = bootWorld("cavaliers");

/** The sheet, rendered as a user opens it (fvtt-types 13.345 types render's options as the v1 boolean). */
async function openSheet(item: Item.Implementation): Promise<HTMLElement> {
  const app = await (item.sheet as unknown as { render(options: object): Promise<{ element: HTMLElement }> }).render({ force: true });
  await harness.flush();
  return app.element;
}

type Model = { migrateData(source: Record<string, unknown>): Record<string, unknown>; schema: { fields: Record<string, unknown> } };
const model = (type: string) => CONFIG.Item.dataModels[type as keyof typeof CONFIG.Item.dataModels] as unknown as Model;

describe("item descriptions", () => {
  it("every item type has an HTML description, blank for a new item", async () => {
    const types = Object.keys(CONFIG.Item.dataModels);
    expect(types.length).toBe(17);
    for (const type of types) {
      expect(model(type).schema.fields.description, type).toBeInstanceOf(foundry.data.fields.HTMLField);
    }
    const item = (await Item.create({ name: "Plain", type: "torchlightGear" })) as Item.Implementation;
    expect((item.system as unknown as { description: string }).description).toBe("");
  });

  it("a description kept as plain text becomes paragraphs of the same words, escaped, once", () => {
    const once = model("personalAction").migrateData({ free: false, description: "Help an ally.\nShe gains <1 die> & more.\n\nSecond block." });
    expect(once.description).toBe("<p>Help an ally.<br>She gains &lt;1 die&gt; &amp; more.</p><p>Second block.</p>");
    expect(model("personalAction").migrateData({ ...once }).description).toBe(once.description);
  });

  it("HTML, a blank description and an item without one are left as they are", () => {
    expect(model("personalFate").migrateData({ description: "<p>Already <em>HTML</em></p>" }).description).toBe("<p>Already <em>HTML</em></p>");
    expect(model("personalFate").migrateData({ description: "" }).description).toBe("");
    expect(model("cavaliersWeapon").migrateData({ itemDie: 8 })).not.toHaveProperty("description");
  });

  it("an item made with plain text keeps its words (as HTML) when it is loaded", async () => {
    const item = (await Item.create({ name: "Old", type: "personalBand", system: { order: 1, description: "Close enough to touch." } })) as Item.Implementation;
    expect((item.system as unknown as { description: string }).description).toBe("<p>Close enough to touch.</p>");
  });

  it("the sheet shows the description enriched, inside v13's prose-mirror editor for an owner", async () => {
    await playRuleset(harness.game, "cavaliers");
    const item = (await Item.create({ name: "Sword", type: "cavaliersWeapon", system: { description: "<p>A blade for a @Rule[Flumph].</p>" } })) as Item.Implementation;
    const element = await openSheet(item);
    const editor = element.querySelector("prose-mirror[name='system.description']")!;
    expect(editor).not.toBeNull();
    expect(editor.getAttribute("value")).toBe("<p>A blade for a @Rule[Flumph].</p>");
    expect(editor.hasAttribute("toggled")).toBe(true);
    // Enriched for reading: the unknown term shown as its words, not the raw syntax.
    expect(editor.querySelector(".fray-rule-unknown")?.textContent).toBe("Flumph");
    expect(editor.textContent).not.toContain("@Rule");
  });

  it("a player who may only look sees the enriched text and no editor", async () => {
    await playRuleset(harness.game, "cavaliers");
    // Observer (2) for everyone: the sheet opens read-only.
    const data: Record<string, unknown> = { name: "Shown", type: "cavaliersArmour", system: { description: "<p>Worn <strong>well</strong>.</p>" }, ownership: { default: 2 } };
    const item = (await Item.create(data as never)) as Item.Implementation;
    const player = harness.createUser({ name: "Pat", role: "PLAYER" });
    harness.switchUser(player);
    const element = await openSheet(item);
    expect(element.querySelector("prose-mirror")).toBeNull();
    expect(element.querySelector(".fray-description-text strong")?.textContent).toBe("well");
  });

  it.each(["cavaliers", "drama", "unhex", "personal", "torchlight"] as const)("issue 34 item 8 (%s): a player's @Rule holding markup, opened by the GM, shows as words with a plain-text tooltip: no element of hers, no data-tooltip", async (id) => {
    await playRuleset(harness.game, id);
    const gm = game.user!;
    const pat = harness.createUser({ name: "Pat", role: "PLAYER" });
    const hero = (await Actor.create({ name: "Hero", type: `${id}Character`, ownership: { default: 0, [pat.id]: 3 } } as never))!;
    harness.switchUser(pat);
    // Her own item: v13 lets her write its description, which the editor keeps as HTML with her markup as escaped text.
    const [item] = (await hero.createEmbeddedDocuments("Item", [{ name: "Blade", type: `${id}Weapon`, system: { description: "<p>@Rule[&lt;img src=x onerror=alert(1)&gt;]</p>" } }] as never)) as Item.Implementation[];
    harness.switchUser(gm as never);
    const element = await openSheet(item!);
    const description = element.querySelector("prose-mirror[name='system.description']")!;
    expect(description.querySelectorAll("img")).toHaveLength(0);
    expect(description.querySelectorAll("[data-tooltip], [data-tooltip-html]")).toHaveLength(0);
    const unknown = description.querySelector<HTMLElement>(".fray-rule-unknown")!;
    expect(unknown.textContent).toBe("<img src=x onerror=alert(1)>");
    expect(unknown.dataset.tooltipText).toContain("<img src=x onerror=alert(1)>");
  });
});

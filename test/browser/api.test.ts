/**
 * docs/api.md in Chromium, from the built bundle, as a player has it: every macro block under each
 * ruleset's heading, read from the page itself (so the doc and the test cannot drift), run as
 * Foundry runs a script macro in that ruleset's world, and seen doing what its sentence says (odds
 * or a resolved request posted as a plain message, a card posted for the player's character, a
 * sheet button rolled); and a module loaded as Foundry loads one (its script before "init") whose
 * handlers on the six card hooks fire in order with the documented arguments, while its attempts to
 * change what the GM applies (writing to the event, returning a forged change) change nothing.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/rules/ruleset.js";
import { browserAvailable, openFray, useFrayBrowser } from "./support/index.js";
import { docMacros } from "./support/api-macros.js";

const MACROS = docMacros(readFileSync("docs/api.md", "utf8"));

/** The player's character of each ruleset, with what its sheet macro needs. */
const HEROES: Record<RulesetId, { type: string; system?: object; items?: object[] }> = {
  cavaliers: { type: "cavaliersCharacter", system: { attributes: { verve: 8 } }, items: [{ name: "Etiquette", type: "cavaliersSpecialty", system: { skill: "Society", attribute: "verve", ranks: 3, action: "skill" } }] },
  drama: { type: "dramaCharacter", system: { attributes: { physical: 3, agility: 2 }, skill: 1, grit: { value: 4, max: 4 }, flesh: { value: 6, max: 6 }, dramaPoints: 1 } },
  unhex: { type: "unhexCharacter" },
  personal: { type: "personalCharacter", system: { resolve: { value: 10, max: 10 }, stamina: 1, control: 1, fatesIgnored: 1 } },
  torchlight: { type: "torchlightCharacter" },
};

interface Posted {
  kind: string | null;
  refs: string[];
  content: string;
}

/** The world: Ada, a player, and her character (assigned to her), made by the GM; then Ada is the one at the keyboard. */
async function playAs(page: Page, id: RulesetId): Promise<{ ada: string; hero: string }> {
  return page.evaluate(async ([hero]) => {
    const g = globalThis as unknown as { CONFIG: { Actor: { documentClass: { create(d: object): Promise<{ id: string; uuid: string }> } } } };
    const harness = window.harness!;
    const ada = harness.createUser({ name: "Ada", role: "PLAYER" }) as unknown as { id: string; update(d: object): Promise<unknown> };
    const actor = await g.CONFIG.Actor.documentClass.create({ name: "Ines", ownership: { default: 0, [ada.id]: 3 }, ...hero });
    await ada.update({ character: actor.id });
    harness.switchUser(ada.id);
    return { ada: ada.id, hero: actor.uuid };
  }, [HEROES[id]] as const);
}

/**
 * Runs a macro's command as v13's Macro#executeScript does (client/documents/macro.mjs): in an
 * async function of speaker, actor, token and character, wrapped in a block; `character` is the
 * user's assigned Actor. `skip` holds the skip-dialog key while it runs. Answers the chat messages
 * it added once every card step has settled, and the warnings shown.
 */
async function runMacro(page: Page, command: string, skip: boolean): Promise<{ posted: Posted[]; warnings: string[]; windows: string[] }> {
  return page.evaluate(
    async ([command, skip]) => {
      type Message = { content: string; system?: { toObject?(): { kind?: string; refs?: Record<string, { actor?: string }> } } };
      const g = globalThis as unknown as {
        game: { user: { character: string | null }; actors: { get(id: string): unknown }; messages: { contents: Message[] }; keyboard: { press(c: string): void; release(c: string): void } };
        CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } };
      };
      const harness = window.harness!;
      const before = g.game.messages.contents.length;
      const open = new Set(document.querySelectorAll(".application"));
      const warned = harness.notifications.length;
      const character = g.game.user.character ? g.game.actors.get(g.game.user.character) : null;
      const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
      const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", `{${command}\n}`);
      if (skip) g.game.keyboard.press("ShiftLeft");
      // A dialog some actions wait on (the courage test) keeps the macro running until it is answered: stop waiting once one is open.
      const running = fn({ alias: "Ines" }, null, null, character, {});
      const windowOpened = new Promise<void>((resolve) => {
        const seen = () => [...document.querySelectorAll(".application")].some((el) => !open.has(el));
        const poll = () => (seen() ? resolve() : setTimeout(poll, 20));
        poll();
      });
      try {
        await (skip ? running : Promise.race([running, windowOpened]));
      } finally {
        g.game.keyboard.release("ShiftLeft");
      }
      for (let i = 0; i < 5; i++) {
        await g.CONFIG.fray.cards.cardsIdle();
        await harness.flush();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const posted = g.game.messages.contents.slice(before).map((message) => {
        const card = message.system?.toObject?.();
        return { kind: card?.kind ?? null, refs: Object.values(card?.refs ?? {}).map((ref) => ref.actor ?? ""), content: message.content ?? "" };
      });
      const warnings = harness.notifications.slice(warned).filter((n) => n.type !== "info").map((n) => String(n.message));
      const windows = [...document.querySelectorAll<HTMLElement>(".application")].filter((el) => !open.has(el)).map((el) => el.querySelector(".window-title")?.textContent?.trim() ?? el.className);
      return { posted, warnings, windows };
    },
    [command, skip] as const,
  );
}

describe("docs/api.md's macros", () => {
  it("has, under each ruleset's heading, a block asking the rules, one opening a card and one taking a sheet button", () => {
    expect([...MACROS.keys()].sort()).toEqual([...RULESET_IDS].sort());
    for (const id of RULESET_IDS) {
      const does = new Set(MACROS.get(id)!.map((macro) => macro.does));
      expect({ id, asks: does.has("odds") || does.has("resolve"), card: does.has("card"), sheet: does.has("sheet") }).toEqual({ id, asks: true, card: true, sheet: true });
    }
  });

  it("reads blocks only under their own heading, and names a block that says it does something unknown", () => {
    const page = "### A (`a`)\n\n```js odds\none\n```\n\n### B (`b`)\n\n```js card\ntwo\n```\n\n## Hooks\n\n```js card\nthree\n```\n";
    expect(Object.fromEntries(docMacros(page))).toEqual({ a: [{ does: "odds", says: "### A (`a`)", command: "one\n" }], b: [{ does: "card", says: "### B (`b`)", command: "two\n" }] });
    expect(() => docMacros("### A (`a`)\n\n```js dance\nx\n```\n")).toThrow(/under a says it does "dance"/);
  });
});

describe.skipIf(!browserAvailable())("docs/api.md's macros and a module's card hooks, as a player in Chromium", () => {
  const fray = useFrayBrowser();

  it.each(RULESET_IDS)("%s: each documented macro, run by a player, does what the page says", async (id) => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, `${fray.server.url}?world.fray.ruleset=${id}`);
    const { hero } = await playAs(page, id);
    for (const macro of MACROS.get(id)!) {
      if (macro.does === "sheet") {
        // The sentence says whether a dialog opens first (then the skip key rolls at once) or the card is posted outright.
        const dialog = /dialog opens/.test(macro.says);
        expect(dialog || /no dialog/.test(macro.says), `say whether a dialog opens: ${macro.says}`).toBe(true);
        if (dialog) {
          const waiting = await runMacro(page, macro.command, false);
          expect({ posted: waiting.posted, warnings: waiting.warnings, windows: waiting.windows.length }, `${id}: ${macro.command}`).toEqual({ posted: [], warnings: [], windows: 1 });
          await page.locator(".application [data-action='close']").last().click();
        }
      }
      const { posted, warnings } = await runMacro(page, macro.command, macro.does === "sheet" && /dialog opens/.test(macro.says));
      const said = `${id} ${macro.does} macro:\n${macro.command}\nwarned: ${warnings.join(" | ")}`;
      expect(warnings, said).toEqual([]);
      expect(posted, said).toHaveLength(1);
      const [message] = posted;
      if (macro.does === "odds" || macro.does === "resolve") {
        // The rules' answer in a plain message: no card, no hole where a field was renamed.
        expect(message!.kind, said).toBeNull();
        expect(message!.content, said).not.toMatch(/undefined|NaN|\[object Object\]/);
        if (macro.does === "odds") expect(message!.content, said).toMatch(/\d+(\.\d+)?%/);
        else expect(message!.content, said).toMatch(/\w+/);
      } else {
        // A card of this ruleset for the player's character, which the active GM posted.
        expect(message!.kind, said).toMatch(new RegExp(`^${id}\\.`));
        expect(message!.refs, said).toContain(hero);
      }
    }
    await page.close();
  });
});

/**
 * A module as a module author writes one (docs/api.md, "Hooks"), loaded before "init" as Foundry
 * loads an active module's script: it keeps what each card hook hands it, and tries at every step to
 * change what the GM applies: it writes to the event (the rest's planned change, the outcome, the
 * request) and returns a forged change.
 */
const TEST_MODULE = `
const log = [];
window.frayTestModule = { log, readyAtInit: null };
Hooks.once("init", () => { window.frayTestModule.readyAtInit = typeof game.fray?.openCard === "function"; });
const deeplyFrozen = (value) => value === null || typeof value !== "object" || (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));
const attempt = (write) => { try { write(); return "wrote"; } catch (error) { return error instanceof TypeError ? "refused" : String(error); } };
const forge = (event) => [
  attempt(() => { event.card.request.hacked = true; }),
  attempt(() => { event.card.state = "applied"; }),
  ...(event.outcome ? [attempt(() => { event.outcome.effects = []; })] : []),
  ...(event.changes ?? []).map((change) => attempt(() => { change.fields["system.fatesIgnored"] = 7; })),
  ...(event.applied ?? []).map((change) => attempt(() => { change.after = 7; })),
];
for (const hook of ["fray.preResolveCard", "fray.resolveCard", "fray.preApplyCard", "fray.applyCard", "fray.preUndoCard", "fray.undoCard"]) {
  Hooks.on(hook, (event) => {
    log.push({ hook, keys: Object.keys(event).sort(), event: JSON.parse(JSON.stringify(event)), frozen: deeplyFrozen(event), writes: forge(event) });
    return { ...event, changes: [{ uuid: event.card.refs.character?.actor, name: "forged", fields: { "system.fatesIgnored": 7 }, statuses: {} }], outcome: null };
  });
}
`;

describe.skipIf(!browserAvailable())("a module's hooks on Fray's cards, in Chromium", () => {
  const fray = useFrayBrowser();

  it("a module loaded before init sees all six card hooks in order with the documented arguments, and cannot change what the GM applies", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route((url) => url.pathname === "/modules/fray-hook-log/hook-log.mjs", (route) => route.fulfill({ contentType: "text/javascript", body: TEST_MODULE }));
    await openFray(page, `${fray.server.url}?world.fray.ruleset=personal&module=/modules/fray-hook-log/hook-log.mjs`);
    expect(await page.evaluate(() => (window as unknown as { frayTestModule: { readyAtInit: boolean } }).frayTestModule.readyAtInit)).toBe(true);
    const { ada, hero } = await playAs(page, "personal");
    const rest = MACROS.get("personal")!.find((macro) => macro.does === "card")!;
    const { posted, warnings } = await runMacro(page, rest.command, false);
    expect(warnings).toEqual([]);
    expect(posted.map((p) => p.kind)).toEqual(["personal.rest"]);

    type Logged = { hook: string; keys: string[]; frozen: boolean; writes: string[]; event: Record<string, unknown> & { card: { state: string; request: object; applied: unknown[] }; changes?: { fields: Record<string, unknown> }[]; applied?: { key: string; before: unknown; after: unknown }[] } };
    const logged = () => page.evaluate(() => (window as unknown as { frayTestModule: { log: Logged[] } }).frayTestModule.log.splice(0));
    const fatesIgnored = () => page.evaluate((uuid) => ((globalThis as unknown as { fromUuidSync(u: string): { system: { fatesIgnored: number } } }).fromUuidSync(uuid).system.fatesIgnored), hero);
    const opened = await logged();
    expect(opened.map((entry) => entry.hook)).toEqual(["fray.preResolveCard", "fray.resolveCard", "fray.preApplyCard", "fray.applyCard"]);
    const base = ["action", "card", "kind", "message", "outcome", "ruleset", "step", "user"];
    expect(opened.map((entry) => entry.keys)).toEqual([base, base, [...base, "changes"].sort(), [...base, "applied"].sort()]);
    for (const entry of opened) {
      expect(entry.event).toMatchObject({ step: "open", user: ada, message: null, kind: "personal.rest", ruleset: "personal", action: "rest" });
      // Every write the module tried threw: the event it was handed is frozen to the leaf.
      expect({ hook: entry.hook, frozen: entry.frozen, tried: entry.writes.length > 1, writes: entry.writes.filter((w) => w !== "refused") }).toEqual({ hook: entry.hook, frozen: true, tried: true, writes: [] });
    }
    const [preResolve, resolved, preApply, applied] = opened;
    expect(preResolve!.event.outcome).toBeNull();
    expect(resolved!.event.outcome).not.toBeNull();
    expect(preApply!.event.changes).toEqual([{ uuid: hero, name: "Ines", fields: { "system.fatesIgnored": 0 }, statuses: {} }]);
    expect(applied!.event.applied).toEqual([expect.objectContaining({ uuid: hero, key: "system.fatesIgnored", before: 1, after: 0 })]);
    // What the rules decided was applied: not the module's 7, nor its forged change, nor its hacked request.
    expect(await fatesIgnored()).toBe(0);
    const card = await page.evaluate(() => {
      const messages = (globalThis as unknown as { game: { messages: { contents: { system: { toObject(): Record<string, unknown> } }[] } } }).game.messages.contents;
      return messages.at(-1)!.system.toObject() as { state: string; request: object; applied: unknown[] };
    });
    expect(card.state).toBe("applied");
    expect(card.request).not.toHaveProperty("hacked");
    expect(card.applied).toEqual(applied!.event.applied);

    // Ada takes it back from the card, as she would in the chat log.
    await page.evaluate(async () => {
      const messages = (globalThis as unknown as { game: { messages: { contents: { renderHTML(): Promise<HTMLElement> }[] } } }).game.messages.contents;
      const column = document.createElement("ol");
      column.id = "chat-log";
      column.append(await messages.at(-1)!.renderHTML());
      document.body.append(column);
    });
    await page.locator("#chat-log [data-fray-action='undo']").click();
    await page.evaluate(async () => {
      await (globalThis as unknown as { CONFIG: { fray: { cards: { cardsIdle(): Promise<void> } } } }).CONFIG.fray.cards.cardsIdle();
      await window.harness!.flush();
    });
    const undone = await logged();
    expect(undone.map((entry) => entry.hook)).toEqual(["fray.preUndoCard", "fray.undoCard"]);
    expect(undone.map((entry) => entry.keys)).toEqual([[...base, "applied"].sort(), [...base, "applied"].sort()]);
    for (const entry of undone) {
      expect(entry.event).toMatchObject({ step: "undo", user: ada, kind: "personal.rest", ruleset: "personal", action: "rest", applied: applied!.event.applied });
      expect(entry.event.message).toEqual(expect.any(String));
      expect({ frozen: entry.frozen, tried: entry.writes.length > 1, writes: entry.writes.filter((w) => w !== "refused") }).toEqual({ frozen: true, tried: true, writes: [] });
    }
    expect(undone[1]!.event.card.state).toBe("undone");
    // Undo put back the value Apply found, whatever the module wrote or returned.
    expect(await fatesIgnored()).toBe(1);
    await page.close();
  });
});

describe.skipIf(!browserAvailable())("the skip-dialog key on a prompt, in Chromium", () => {
  const fray = useFrayBrowser();

  it("held, a player's Cavaliers Initiative rolls at once with the prompt's default (her best specialty, not surprised); not held, it asks", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openFray(page, `${fray.server.url}?world.fray.ruleset=cavaliers`);
    const { hero } = await playAs(page, "cavaliers");
    const rolled = await page.evaluate(async (uuid) => {
      type Combatant = { id: string; initiative: number | null };
      const g = globalThis as unknown as {
        fromUuidSync(u: string): { id: string; name: string; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
        game: { users: { contents: { id: string; isGM: boolean }[] }; keyboard: { press(c: string): void; release(c: string): void } };
        CONFIG: { Combat: { documentClass: { create(d: object): Promise<{ combatants: { contents: Combatant[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<Combatant[]>; rollInitiative(ids: string[]): Promise<unknown> }> } }; fray: { cards: { cardsIdle(): Promise<void> } } };
      };
      const harness = window.harness!;
      harness.switchUser(g.game.users.contents.find((u) => u.isGM)!.id);
      const actor = g.fromUuidSync(uuid);
      await actor.createEmbeddedDocuments("Item", [{ name: "Timing", type: "cavaliersSpecialty", system: { skill: "Initiative", attribute: "verve", ranks: 2, action: "timing" } }]);
      const combat = await g.CONFIG.Combat.documentClass.create({ active: true });
      const [combatant] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, name: actor.name }]);
      harness.switchUser("Ada");
      // Not held: the prompt waits for her.
      const asking = combat.rollInitiative([combatant!.id]);
      for (let i = 0; i < 10 && !harness.dialogs.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const asked = harness.dialogs.map((d) => d.kind);
      harness.dialogs[0]?.dismiss();
      await asking;
      const before = combatant!.initiative;
      g.game.keyboard.press("ShiftLeft");
      try {
        // A prompt that opened after all would wait for ever: give up on it after a while and say so.
        await Promise.race([combat.rollInitiative([combatant!.id]), new Promise((resolve) => setTimeout(resolve, 5000))]);
      } finally {
        g.game.keyboard.release("ShiftLeft");
      }
      await g.CONFIG.fray.cards.cardsIdle();
      await harness.flush();
      // The roll's line in chat names the specialty it was rolled with (initiative.ts, flavorOf).
      const flavors = (globalThis as unknown as { game: { messages: { contents: { flavor: string }[] } } }).game.messages.contents.map((m) => m.flavor);
      return { asked, before, after: combat.combatants.contents[0]!.initiative, open: harness.dialogs.length, notes: harness.notifications.map((n) => n.message), flavors };
    }, hero);
    expect(rolled).toMatchObject({ asked: ["wait"], before: null, open: 0 });
    expect(rolled.after, JSON.stringify(rolled.notes)).toEqual(expect.any(Number));
    // Timing, her only specialty with ranks, is the prompt's preselected answer (the third of its options).
    expect(rolled.flavors).toEqual([expect.stringMatching(/^Ines: Initiative \(Timing\)/)]);
    await page.close();
  });
});

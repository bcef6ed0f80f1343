/**
 * Fray's tracker row (templates/combat/tracker.hbs) is a copy of Foundry v13's, since v13's tracker
 * part renders every row in one template with no place to add to a row. This pins the copy: it must
 * keep every class, action, label and context field of v13's row (test/fixtures/v13-tracker-row.ts,
 * written from build 350 and checked against fvtt-types' TurnContext when it compiles), and whatever
 * else it uses must be Fray's own.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { V13_TRACKER_ROW, V13_TURN_KEYS, V13_TURN_KEYS_COMPLETE } from "../fixtures/v13-tracker-row.js";
import { bootWorld } from "./world.js";

const template = readFileSync("templates/combat/tracker.hbs", "utf8");

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;

/**
 * Every context path the template reads, named from where it is read: `@root.x` from the root,
 * `turn.x` inside the row (the inline partial, rendered for each turn), `x[].y` inside an `each`
 * over x. A mustache with parameters or a block names a helper, not a field.
 */
function contextPaths(source: string): Set<string> {
  const found = new Set<string>();
  const name = (path: Path, scope: string) => {
    const original = path.original;
    if (original.startsWith("@root.")) return original;
    if (original === "this") return scope.replace(/\.$/, "");
    return `${scope}${original}`;
  };
  const walk = (node: Node | undefined | null, scope: string): void => {
    if (!node) return;
    switch (node.type) {
      case "Program":
        for (const statement of (node as hbs.AST.Program).body) walk(statement, scope);
        return;
      case "DecoratorBlock":
        walk((node as hbs.AST.DecoratorBlock).program, "turn.");
        return;
      case "BlockStatement": {
        const block = node as hbs.AST.BlockStatement;
        for (const param of block.params) walk(param, scope);
        const helper = (block.path as Path).original;
        const over = helper === "each" && block.params[0]?.type === "PathExpression" ? name(block.params[0] as Path, scope) : null;
        walk(block.program, over ? `${over}[].` : scope);
        walk(block.inverse, scope);
        return;
      }
      case "MustacheStatement":
      case "SubExpression": {
        const call = node as hbs.AST.MustacheStatement | hbs.AST.SubExpression;
        if (!call.params.length && !call.hash) {
          walk(call.path, scope);
          return;
        }
        for (const param of call.params) walk(param, scope);
        for (const pair of call.hash?.pairs ?? []) walk(pair.value, scope);
        return;
      }
      case "PathExpression":
        found.add(name(node as Path, scope));
        return;
      default:
        return;
    }
  };
  walk(Handlebars.parse(source), "");
  return found;
}

/** Class names in class="…", with the mustaches taken out (a class added under a flag counts). */
const classesOf = (source: string) => new Set([...source.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.replace(/\{\{[^}]*\}\}/g, " ").split(/\s+/).filter(Boolean)));
const actionsOf = (source: string) => new Set([...source.matchAll(/data-action="([^"{}]+)"/g)].map((match) => match[1]!));
const labelsOf = (source: string) => new Set([...source.matchAll(/localize "([^"]+)"/g)].map((match) => match[1]!));
const missing = (wanted: readonly string[], have: Set<string>) => wanted.filter((entry) => !have.has(entry));

bootWorld("cavaliers");

describe("Fray's tracker row keeps v13's", () => {
  it("the fixture names every TurnContext field fvtt-types declares (checked when it compiles)", () => {
    expect(V13_TURN_KEYS_COMPLETE).toBe(true);
    for (const field of V13_TRACKER_ROW.turnFields) expect(V13_TURN_KEYS as readonly string[]).toContain(field.split(/[.[]/)[0]);
  });

  it("every class, action and label of v13's row", () => {
    expect(missing(V13_TRACKER_ROW.classes, classesOf(template))).toEqual([]);
    expect(missing(V13_TRACKER_ROW.actions, actionsOf(template))).toEqual([]);
    expect(missing(V13_TRACKER_ROW.localize, labelsOf(template))).toEqual([]);
  });

  it("every context field v13's row reads, from the turn and from the root", () => {
    const paths = contextPaths(template);
    expect(missing(V13_TRACKER_ROW.turnFields.map((field) => `turn.${field}`), paths)).toEqual([]);
    expect(missing(V13_TRACKER_ROW.rootFields.map((field) => `@root.${field}`), paths)).toEqual([]);
  });

  const renderRow = (turn: Record<string, unknown>, root: Record<string, unknown>) => {
    const rendered = Handlebars.create();
    rendered.registerHelper({ localize: (key: string) => key, and: (...args: unknown[]) => args.slice(0, -1).every(Boolean), or: (...args: unknown[]) => args.slice(0, -1).some(Boolean), not: (value: unknown) => !value, eq: (a: unknown, b: unknown) => a === b });
    document.body.innerHTML = rendered.compile(template)({ turns: [{ id: "c1", name: "Aldo", img: "a.webp", css: "active", isOwner: true, canPing: true, effects: { icons: [], tooltip: "" }, ...turn }], ...root });
    return document.body.querySelector<HTMLElement>(".token-initiative")!;
  };

  it("what CombatTracker's own code looks for in the rows", () => {
    renderRow({ initiative: 12 }, { user: { isGM: true }, hasDecimals: false });
    for (const selector of V13_TRACKER_ROW.coreSelectors) expect(document.body.querySelector(selector), selector).not.toBeNull();
  });

  it("the initiative as v13 shows it where no ruleset rules: a field (read-only for a player), text with decimals, the roll until one is set", () => {
    expect(renderRow({ initiative: 12 }, { user: { isGM: true } }).querySelector("input.initiative-input")?.hasAttribute("readonly")).toBe(false);
    expect(renderRow({ initiative: 12, isOwner: false }, { user: { isGM: false } }).querySelector("input.initiative-input")?.hasAttribute("readonly")).toBe(true);
    expect(renderRow({ initiative: "12.50" }, { user: { isGM: true }, hasDecimals: true }).querySelector("input")).toBeNull();
    const unrolled = renderRow({ initiative: null }, { user: { isGM: true } });
    expect([unrolled.querySelector("input"), unrolled.querySelectorAll("[data-action=rollInitiative]").length]).toEqual([null, 1]);
    // Under a ruleset the roster's initiative is text for everyone, the GM too.
    expect(renderRow({ initiative: 0, fray: { facts: [], buttons: [] } }, { user: { isGM: true } }).textContent?.trim()).toBe("0");
    expect(document.body.querySelector("input")).toBeNull();
  });
});

/** Where Fray's row departs from v13's on purpose, each with its reason. */
const DEPARTURES: { classes: Record<string, string> } = {
  classes: { initiative: "the roster's initiative under a ruleset is text; its span is named (v13's decimal span has none) for styles and tests" },
};

describe("and adds only its own", () => {
  it("classes named fray-…, actions of FrayCombatTracker, labels of Fray", async () => {
    const { FrayCombatTracker } = await import("../../src/foundry/combat/tracker.js");
    const own = Object.keys((FrayCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, unknown> } }).DEFAULT_OPTIONS.actions);
    expect([...classesOf(template)].filter((name) => !(V13_TRACKER_ROW.classes as readonly string[]).includes(name) && !name.startsWith("fray-") && !(name in DEPARTURES.classes))).toEqual([]);
    expect([...actionsOf(template)].filter((action) => !(V13_TRACKER_ROW.actions as readonly string[]).includes(action) && !own.includes(action))).toEqual([]);
    expect([...labelsOf(template)].filter((key) => !(V13_TRACKER_ROW.localize as readonly string[]).includes(key) && !key.startsWith("FRAY."))).toEqual([]);
  });

  it("context fields: the turn's `fray` view and the root's `frayPhases`, beside v13's own", () => {
    const v13 = new Set([...V13_TRACKER_ROW.turnFields.map((field) => `turn.${field}`), ...V13_TRACKER_ROW.rootFields.map((field) => `@root.${field}`), "turns"]);
    const extra = [...contextPaths(template)].filter((path) => !v13.has(path));
    expect(extra.filter((path) => !path.startsWith("turn.fray") && !path.startsWith("frayPhases"))).toEqual([]);
  });

  it("the stand-in's CombatTracker (the model of v13's) handles every action of v13's row", () => {
    const { CombatTracker } = (globalThis as unknown as { foundry: { applications: { sidebar: { tabs: { CombatTracker: { DEFAULT_OPTIONS: { actions: Record<string, unknown> } } } } } } }).foundry.applications.sidebar.tabs;
    expect(missing(V13_TRACKER_ROW.actions, new Set(Object.keys(CombatTracker.DEFAULT_OPTIONS.actions)))).toEqual([]);
  });
});

/**
 * docs/api.md's macros that ask the rules (`js odds` and `js resolve` blocks under each ruleset's
 * heading), run as Foundry runs a script macro (its command in an async function): each posts one
 * chat message and throws nothing. A macro the API could not answer (a renamed field, a request the
 * rules refuse) fails here; test/browser/api.test.ts runs every block, cards and sheet buttons too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queueFaces } from "../../playground/foundry/dice.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { docMacros } from "../browser/support/api-macros.js";
import { bootWorld } from "./world.js";

const { harness } = bootWorld("cavaliers", { dom: false });

/** The blocks asking the rules, by ruleset. */
const MACROS = new Map([...docMacros(readFileSync("docs/api.md", "utf8"))].map(([id, blocks]) => [id, blocks.filter((b) => b.does === "odds" || b.does === "resolve").map((b) => b.command)]));


describe("docs/api.md", () => {
  it("has a macro asking the rules for each ruleset", () => {
    expect([...MACROS].filter(([, commands]) => commands.length).map(([id]) => id).sort()).toEqual([...RULESET_IDS].sort());
  });

  it.each(RULESET_IDS)("the %s macro asking the rules runs and posts its answer to chat", async (id) => {
    for (const command of MACROS.get(id)!) {
      harness.reset();
      queueFaces(9);
      const run = new Function(`return (async () => {\n${command}\n})();`) as () => Promise<unknown>;
      await run();
      const posted = [...harness.game.messages.values()] as unknown as Array<{ content: string }>;
      expect(posted).toHaveLength(1);
      expect(posted[0]!.content.length).toBeGreaterThan(20);
      expect(posted[0]!.content).not.toMatch(/undefined|NaN/);
    }
  });
});

/**
 * docs/api.md's macros, run as Foundry runs a script macro (its command in an async function): one
 * for each ruleset, each posting one chat message and throwing nothing. A macro the API could not
 * answer (a renamed field, a request the rules refuse) fails here.
 */
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FoundryHarness } from "../../playground/foundry/index.js";
import { clearQueuedFaces, queueFaces } from "../../playground/foundry/dice.js";
import { installFoundryFromDisk } from "../../playground/foundry/node.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import { bootFray } from "./rulesets.js";

let harness: FoundryHarness;

/** Every ```js macro <ruleset> block of the page, by ruleset. */
const MACROS = new Map([...readFileSync("docs/api.md", "utf8").matchAll(/```js macro (\w+)\n([\s\S]*?)```/g)].map((match) => [match[1]!, match[2]!]));

beforeAll(async () => {
  harness = installFoundryFromDisk();
  await import("../../src/foundry/fray.js");
  await bootFray(harness);
});
beforeEach(() => {
  harness.reset();
  clearQueuedFaces();
});

describe("docs/api.md", () => {
  it("has one macro for each ruleset", () => {
    expect([...MACROS.keys()].sort()).toEqual([...RULESET_IDS].sort());
  });

  it.each(RULESET_IDS)("the %s macro runs and posts its answer to chat", async (id) => {
    queueFaces(9);
    const run = new Function(`return (async () => {\n${MACROS.get(id)}\n})();`) as () => Promise<unknown>;
    await run();
    const posted = [...harness.game.messages.values()] as unknown as Array<{ content: string }>;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content.length).toBeGreaterThan(20);
    expect(posted[0]!.content).not.toMatch(/undefined|NaN/);
  });
});

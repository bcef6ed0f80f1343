/**
 * A world whose ruleset's chunk fails while Foundry is still starting. v13 starts the chunk's fetch
 * in `init`, loads the translations after it (Game#initialize awaits Localization#initialize) and
 * makes `ui.notifications` only after `setup` (Game#initializeUI); the harness boots in that order.
 * A failure told at once would reach no one, in a key no one can read: it is told at `ready`.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { FoundryHarness } from "../../playground/foundry/index.js";
import { installFoundryFromDisk } from "../../playground/foundry/node.js";
import { RULESET_IDS } from "../../src/rules/ruleset.js";
import type { FoundryRuleset } from "../../src/foundry/rulesets/types.js";

let harness: FoundryHarness;
/** What ui.notifications held (or that it did not exist yet) when the failure was first known. */
let atFailure: { notifications: boolean; translated: boolean } | null = null;

beforeAll(async () => {
  harness = installFoundryFromDisk();
  await import("../../src/foundry/fray.js");
  const loading = await import("../../src/foundry/rulesets/loading.js");
  // The chunk's import() fails at once, as a file missing from the server does.
  loading.provideRulesetLoaders(
    Object.fromEntries(
      RULESET_IDS.map((id) => [
        id,
        async (): Promise<FoundryRuleset> => {
          await Promise.resolve();
          const i18n = harness.game.i18n as unknown as { has(key: string): boolean };
          atFailure = { notifications: !!(globalThis as { ui?: { notifications?: unknown } }).ui?.notifications, translated: i18n.has("FRAY.Setting.ruleset.LoadFailed") };
          throw new Error("Failed to fetch dynamically imported module");
        },
      ]),
    ),
  );
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  await harness.boot();
});

describe("a ruleset's chunk that fails during init", () => {
  it("failed before Foundry could show anything: no ui.notifications, no translations yet", () => {
    expect(atFailure).toEqual({ notifications: false, translated: false });
  });

  it("is told at ready, translated, once", () => {
    const errors = harness.notifications.filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("Fray could not load the rules of The Queen's Cavaliers (Failed to fetch dynamically imported module)");
    expect(errors[0]!.message).not.toMatch(/FRAY\./);
  });
});

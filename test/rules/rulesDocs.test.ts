import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/rules/index.js";

// Issue 3: docs/rules/<ruleset>.md marks each house default with the setting and the request field
// that change it. Each option must appear in a paragraph that says "House default" and names both.
describe("docs/rules/<ruleset>.md", () => {
  it.each(RULESETS.flatMap((ruleset) => Object.keys(ruleset.options).map((option) => [ruleset.id, option] as const)))(
    "%s marks %s as a House default with its setting key and request field",
    (ruleset, option) => {
      const paragraphs = readFileSync(`docs/rules/${ruleset}.md`, "utf8").split(/\n\s*\n/);
      const marked = paragraphs.some(
        (paragraph) => /house\s+default/i.test(paragraph) && paragraph.includes(`fray.${ruleset}.${option}`) && paragraph.includes(`options.${option}`),
      );
      expect(marked).toBe(true);
    },
  );
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/rules/index.js";

// Issue 3: docs/rules/<ruleset>.md marks each house default with the setting and the request field
// that change it. Since issue 38 the page is also the players' rules compendium, so players read the
// house rule by its setting's name, in a "house rule" table; the setting key and the request field are
// for developers, named in a passage the compendium leaves out (<!-- developers --> ... <!-- /developers -->).
const LANG = JSON.parse(readFileSync("lang/en.json", "utf8")) as { FRAY: { Setting: Record<string, Record<string, { Name?: string }>> } };
const developerPassages = (text: string) => [...text.matchAll(/<!-- developers -->([\s\S]*?)<!-- \/developers -->/g)].map((m) => m[1]!);

describe("docs/rules/<ruleset>.md", () => {
  it.each(RULESETS.flatMap((ruleset) => Object.keys(ruleset.options).map((option) => [ruleset.id, option] as const)))(
    "%s marks %s as a house rule by its setting's name, with its setting key and request field for developers",
    (ruleset, option) => {
      const text = readFileSync(`docs/rules/${ruleset}.md`, "utf8");
      const name = LANG.FRAY.Setting[ruleset]?.[option]?.Name;
      expect(name, `lang/en.json names the setting fray.${ruleset}.${option}`).toBeTruthy();
      // A family of settings (Shield Bash Grit: by shield size) may be named once as "*Shield Bash Grit: …*".
      const spellings = [`*${name}*`, ...(name!.includes(":") ? [`*${name!.split(":")[0]}: …*`] : [])];
      // Markdown may wrap a name across lines: white space is read as one space.
      const marked = text.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, " ")).some((paragraph) => /house (default|rule)/i.test(paragraph) && spellings.some((spelling) => paragraph.includes(spelling)));
      expect(marked, `a house default or house rule passage names ${spellings.join(" or ")}`).toBe(true);
      const named = developerPassages(text).some((passage) => passage.includes(`fray.${ruleset}.<name>`) && passage.includes("options.<name>") && passage.includes(`\`${option}\``));
      expect(named, `a developers' passage names \`${option}\` as fray.${ruleset}.<name> and options.<name>`).toBe(true);
    },
  );
});

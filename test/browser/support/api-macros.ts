/**
 * docs/api.md's macro blocks, by ruleset (test/browser/api.test.ts runs them all, test/foundry/api-docs.test.ts
 * the ones asking the rules): every ```js <does> block under each `### Title (`ruleset`)` heading.
 */

/** What a block does, from the word after `js` in its fence (docs/api.md, "Macros for each ruleset"). */
export type Does = "odds" | "resolve" | "card" | "sheet";
export interface DocMacro {
  does: Does;
  /** The paragraph above the block: what it says the block does. */
  says: string;
  command: string;
}

export function docMacros(markdown: string): Map<string, DocMacro[]> {
  const sections = new Map<string, DocMacro[]>();
  const headings = [...markdown.matchAll(/^### .*\(`(\w+)`\)\s*$/gm)];
  headings.forEach((heading, i) => {
    const end = headings[i + 1]?.index ?? markdown.indexOf("\n## ", heading.index);
    const body = markdown.slice(heading.index, end === -1 ? undefined : end);
    const blocks = [...body.matchAll(/^```js (\w+)\n([\s\S]*?)^```$/gm)].map((match) => {
      if (!["odds", "resolve", "card", "sheet"].includes(match[1]!)) throw new Error(`docs/api.md: a block under ${heading[1]} says it does "${match[1]}"`);
      const says = body.slice(0, match.index).trimEnd().split(/\n\s*\n/).at(-1)!.replace(/\s+/g, " ");
      return { does: match[1] as Does, says, command: match[2]! };
    });
    sections.set(heading[1]!, blocks);
  });
  return sections;
}

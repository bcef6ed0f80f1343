/**
 * Every example in docs/cli.md is run here. An example is a ```sh block whose command starts
 * with `fray`, optionally feeding a heredoc as standard input, followed by the block that shows
 * what it prints: ```json (or ```text) for standard output, ```text exit=N for an error.
 */
export interface Example {
  heading: string;
  argv: string[];
  stdin: string;
  expected: string;
  exit: number;
}

export function parseExamples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)];
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    const [, info, body] = block as unknown as [string, string, string];
    if (info.trim() !== "sh" || !body.startsWith("fray ")) return;
    const answer = blocks[index + 1];
    if (!answer) throw new Error(`example "${body.split("\n")[0]}" has no output block`);
    const [, answerInfo, answerBody] = answer as unknown as [string, string, string];
    const exit = Number(/exit=(\d+)/.exec(answerInfo)?.[1] ?? 0);
    const [commandLine, ...rest] = body.split("\n");
    const heredoc = /<<'?(\w+)'?\s*$/.exec(commandLine as string);
    const argv = (commandLine as string).replace(/<<'?\w+'?\s*$/, "").trim().split(/\s+/).slice(1);
    let stdin = "";
    if (heredoc) {
      const end = rest.indexOf(heredoc[1] as string);
      stdin = rest.slice(0, end).join("\n");
    }
    const before = markdown.slice(0, block.index);
    const heading = [...before.matchAll(/^#+ (.*)$/gm)].at(-1)?.[1] ?? "";
    examples.push({ heading, argv, stdin, expected: answerBody, exit });
  });
  return examples;
}

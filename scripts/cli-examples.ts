/**
 * The runnable examples of docs/cli.md: a ```sh block whose command starts with `fray`, optionally
 * feeding a heredoc as standard input, followed by the block showing what it prints (```json or
 * ```text for standard output, ```text exit=N for an error). The tests (test/cli/docs.test.ts), the
 * bench and scripts/update-cli-docs.ts all read the examples through this one parser.
 */
export interface CliExample {
  heading: string;
  argv: string[];
  stdin: string;
  expected: string;
  exit: number;
  /** Where the answer block's body starts and ends in the markdown, to rewrite it. */
  answerStart: number;
  answerEnd: number;
}

export function parseCliExamples(markdown: string): CliExample[] {
  const blocks = [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)];
  const examples: CliExample[] = [];
  blocks.forEach((block, index) => {
    const info = block[1] ?? "";
    const body = block[2] ?? "";
    if (info.trim() !== "sh" || !body.startsWith("fray ")) return;
    const answer = blocks[index + 1];
    if (!answer) throw new Error(`example "${body.split("\n")[0]}" has no output block`);
    const exit = Number(/exit=(\d+)/.exec(answer[1] ?? "")?.[1] ?? 0);
    const [commandLine = "", ...rest] = body.split("\n");
    const heredoc = /<<'?(\w+)'?\s*$/.exec(commandLine);
    const argv = commandLine.replace(/<<'?\w+'?\s*$/, "").trim().split(/\s+/).slice(1);
    const stdin = heredoc ? rest.slice(0, rest.indexOf(heredoc[1] ?? "")).join("\n") : "";
    const heading = [...markdown.slice(0, block.index).matchAll(/^#+ (.*)$/gm)].at(-1)?.[1] ?? "";
    const answerStart = (answer.index ?? 0) + answer[0].indexOf("\n") + 1;
    const expected = answer[2] ?? "";
    examples.push({ heading, argv, stdin, expected, exit, answerStart, answerEnd: answerStart + expected.length });
  });
  return examples;
}

/**
 * The runnable examples of docs/cli.md: a ```sh block whose command starts with `fray`, optionally
 * feeding a heredoc as standard input, followed by the block showing what it prints (```json or
 * ```text for standard output, ```text exit=N for an error). Same reading as test/cli/docs.test.ts,
 * kept here so scripts can use it without importing a test file (which needs the vitest runner).
 */
export interface CliExample {
  heading: string;
  argv: string[];
  stdin: string;
  expected: string;
  exit: number;
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
    examples.push({ heading, argv, stdin, expected: answer[2] ?? "", exit });
  });
  return examples;
}

/**
 * The shell blocks of docs/cli.md. Every ```sh block is something a reader types, and
 * test/cli/shell-docs.test.ts runs each as written. A block followed directly by an output block
 * (```json or ```text for standard output, ```text exit=N for an error) is an *example*: one `fray`
 * command, optionally fed a heredoc as standard input, and exactly what it prints. The tests
 * (test/cli/docs.test.ts), the bench and scripts/update-cli-docs.ts read the examples through
 * parseCliExamples; a block with no output block only has to run cleanly.
 */
export interface ShellBlock {
  heading: string;
  /** The block's text, as a shell runs it. */
  script: string;
  /** The output block right after it, if there is one. */
  answer?: { expected: string; exit: number; start: number; end: number };
}

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

const OUTPUT_INFO = /^(json|text)( exit=\d+)?$/;

export function parseShellBlocks(markdown: string): ShellBlock[] {
  const blocks = [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)];
  const shell: ShellBlock[] = [];
  blocks.forEach((block, index) => {
    if ((block[1] ?? "").trim() !== "sh") return;
    const heading = [...markdown.slice(0, block.index).matchAll(/^#+ (.*)$/gm)].at(-1)?.[1] ?? "";
    const script = block[2] ?? "";
    const next = blocks[index + 1];
    const end = block.index + block[0].length;
    const adjacent = next && /^\s*$/.test(markdown.slice(end, next.index)) && OUTPUT_INFO.test((next[1] ?? "").trim());
    if (!next || !adjacent) {
      shell.push({ heading, script });
      return;
    }
    const start = next.index + next[0].indexOf("\n") + 1;
    const expected = next[2] ?? "";
    const exit = Number(/exit=(\d+)/.exec(next[1] ?? "")?.[1] ?? 0);
    shell.push({ heading, script, answer: { expected, exit, start, end: start + expected.length } });
  });
  return shell;
}

/** The examples: shell blocks with their output, each one `fray` command and the heredoc it reads. */
export function parseCliExamples(markdown: string): CliExample[] {
  return parseShellBlocks(markdown).flatMap(({ heading, script, answer }) => {
    if (!answer) return [];
    const [commandLine = "", ...rest] = script.split("\n");
    const heredoc = /<<'?(\w+)'?\s*$/.exec(commandLine);
    const stdin = heredoc ? rest.slice(0, rest.indexOf(heredoc[1] ?? "")).join("\n") : "";
    const after = heredoc ? rest.slice(rest.indexOf(heredoc[1] ?? "") + 1) : rest;
    if (!commandLine.startsWith("fray ") || /[<>|;&]/.test(commandLine.replace(/<<'?\w+'?\s*$/, "")) || after.some((line) => line.trim())) {
      throw new Error(`docs/cli.md, "${heading}": a block with an output block must be one \`fray\` command, with at most a heredoc (${commandLine})`);
    }
    const argv = commandLine.replace(/<<'?\w+'?\s*$/, "").trim().split(/\s+/).slice(1);
    return [{ heading, argv, stdin, expected: answer.expected, exit: answer.exit, answerStart: answer.start, answerEnd: answer.end }];
  });
}

/**
 * Rewrites the output blocks of docs/cli.md with what each example prints now. Run it after a
 * deliberate change to the rules (`npm run docs:cli`), read the diff, and commit it; the docs test
 * fails whenever an output block and the program disagree.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { runCli } from "../src/cli/run.js";
import { parseCliExamples } from "./cli-examples.js";

const path = "docs/cli.md";
let markdown = readFileSync(path, "utf8");
const examples = parseCliExamples(markdown);
let changed = 0;
// From the end, so earlier offsets stay valid while later blocks are rewritten.
for (const example of [...examples].reverse()) {
  const result = runCli(example.argv, () => example.stdin);
  if (result.code !== example.exit) throw new Error(`${example.heading}: fray ${example.argv.join(" ")} exits ${result.code}, the docs say ${example.exit}`);
  const printed = example.exit === 0 ? result.stdout : result.stderr;
  if (printed === example.expected) continue;
  markdown = markdown.slice(0, example.answerStart) + printed + markdown.slice(example.answerEnd);
  changed += 1;
}
writeFileSync(path, markdown);
console.log(`docs/cli.md: ${changed} of ${examples.length} outputs rewritten`);

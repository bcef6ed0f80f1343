import { message } from "./messages.js";
import type { Options } from "./options.js";
import { COMMANDS, type CommandName, FLAGS, type FlagName, type FlagSpec, flagUsage, isCommand, usageLine } from "./usage.js";
import { RequestError } from "./validate.js";

/** `fray help`, `fray --help`, `fray help <command>`, `fray <command> --help`: usage on standard output. */

type Topic = CommandName | "help";

const WIDTH = 100;

type CliKey = Parameters<typeof message>[0];

/** Each topic's one-line summary (in the list of commands) and its paragraph (in its own help). */
const TEXT: Record<Topic, { summary: CliKey; about: CliKey }> = {
  rulesets: { summary: "CommandRulesets", about: "AboutRulesets" },
  resolve: { summary: "CommandResolve", about: "AboutResolve" },
  odds: { summary: "CommandOdds", about: "AboutOdds" },
  duel: { summary: "CommandDuel", about: "AboutDuel" },
  fight: { summary: "CommandFight", about: "AboutFight" },
  help: { summary: "CommandHelp", about: "AboutHelp" },
};

const OPTION = {
  file: "OptionFile",
  runs: "OptionRuns",
  rounds: "OptionRounds",
  seed: "OptionSeed",
  table: "OptionTable",
} as const satisfies Record<FlagName, CliKey>;

const TOPICS: readonly Topic[] = [...(Object.keys(COMMANDS) as CommandName[]), "help"];

/** "rulesets, resolve, odds, duel, fight or help", for the messages that list the commands. */
export function commandList(): string {
  return `${TOPICS.slice(0, -1).join(", ")} or ${TOPICS.at(-1)}`;
}

const number = (n: number) => n.toLocaleString("en-US");

/** A paragraph cut at spaces into lines of at most WIDTH characters, each after `indent`. */
export function wrap(text: string, indent = ""): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > WIDTH - indent.length) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** Rows of `  left  right`, the right column aligned (its texts are short: one line each). */
function columns(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

function optionText(name: FlagName): string {
  const { range }: FlagSpec = FLAGS[name];
  return message(OPTION[name], range ? { min: number(range.min), max: number(range.max), fallback: number(range.fallback) } : {});
}

function generalHelp(): string {
  const rows = TOPICS.flatMap((topic) => [`  ${usageLine(topic)}`, ...wrap(message(TEXT[topic].summary), "      ")]);
  return [
    message("HelpUsage"),
    "",
    ...wrap(message("HelpIntro")),
    "",
    message("HelpCommands"),
    ...rows,
    "",
    ...wrap(message("HelpExit")),
    "",
    ...wrap(message("HelpMore")),
  ].join("\n");
}

function commandHelp(topic: Topic): string {
  const flags: readonly FlagName[] = topic === "help" ? [] : COMMANDS[topic];
  const rows = [...flags.map((name) => [flagUsage(name).slice(1, -1), optionText(name)] as const), ["-h, --help", message("OptionHelp")] as const];
  return [`${message("HelpUsageOf")} ${usageLine(topic)}`, "", ...wrap(message(TEXT[topic].about)), "", message("HelpOptions"), ...columns(rows)].join("\n");
}

/** The help the command line asks for, or a RequestError for a topic that is not a command. */
export function help(options: Options): string {
  const [command, topic, extra] = options.positional;
  if (command === "help" && extra !== undefined) throw new RequestError(message("HelpExtra", { argument: extra }));
  const asked = command === "help" ? topic : command;
  if (asked === undefined) return `${generalHelp()}\n`;
  if (asked !== "help" && !isCommand(asked)) throw new RequestError(message("UnknownCommand", { command: asked, commands: commandList() }));
  return `${commandHelp(asked)}\n`;
}

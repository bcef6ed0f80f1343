import { message } from "./messages.js";
import { FLAGS, type FlagSpec, HELP_FLAG, type NumberFlag } from "./usage.js";
import { RequestError } from "./validate.js";

/** A command line split into its words: the command and any other positionals, and `--name value` flags. */
export interface Options {
  positional: string[];
  flags: Map<string, string>;
}

/** Flags that take no value: present means "true" (`fray odds --table`, `--help`). */
const SWITCHES: readonly string[] = [HELP_FLAG, ...Object.entries(FLAGS).filter(([, spec]: [string, FlagSpec]) => !spec.value).map(([name]) => name)];

export function parseOptions(argv: readonly string[]): Options {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    // `-h` is the one short flag, as most commands take it.
    const arg = argv[i] === "-h" ? `--${HELP_FLAG}` : (argv[i] as string);
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf("=");
    const name = equals < 0 ? arg.slice(2) : arg.slice(2, equals);
    const isSwitch = SWITCHES.includes(name) && equals < 0;
    const value = isSwitch ? "true" : equals < 0 ? argv[i + 1] : arg.slice(equals + 1);
    if (value === undefined) throw new RequestError(message("BadOption", { option: `--${name}`, expected: "a value" }));
    if (equals < 0 && !isSwitch) i += 1;
    if (flags.has(name)) throw new RequestError(message("RepeatedOption", { option: `--${name}` }));
    flags.set(name, value);
  }
  return { positional, flags };
}

/**
 * Refuses any flag but `names`, and any word after the command: a stray argument is more likely a
 * mistake (a file name without --file, a misspelt flag) than something to ignore.
 */
export function allowOnly(options: Options, names: readonly string[]): void {
  const [command, extra] = options.positional;
  if (extra !== undefined) throw new RequestError(message("ExtraArgument", { argument: extra, command: command ?? "" }));
  for (const name of options.flags.keys()) {
    if (!names.includes(name)) throw new RequestError(message("BadOption", { option: `--${name}`, expected: `one of ${names.map((n) => `--${n}`).join(", ") || "no options"}` }));
  }
}

/** A whole-number flag within its range (the cap, which the refusal names), or its default when absent (usage.ts). */
export function integerFlag(options: Options, name: NumberFlag): number {
  const { min, max, fallback } = FLAGS[name].range;
  const raw = options.flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min) throw new RequestError(message("BadOption", { option: `--${name}`, expected: `an integer from ${min} to ${max}` }));
  if (value > max) throw new RequestError(message("OverCap", { option: `--${name}`, cap: max, value: raw }));
  return value;
}

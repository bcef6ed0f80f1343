import { Type } from "@sinclair/typebox";
import { ODDS_CUT, type Odds } from "../core/odds/odds.js";
import { ownValue } from "../core/ownKey.js";
import { type InputReader, readJson } from "./input.js";
import { message } from "./messages.js";
import { type OddsLabels, oddsLabels } from "./oddsLabels.js";
import { allowOnly, type Options } from "./options.js";
import { pickRuleset, refusalsAsRequestErrors } from "./rulesets.js";
import { COMMANDS } from "./usage.js";
import { RequestError, validate } from "./validate.js";

/**
 * `fray odds`: the same request as `fray resolve`, without faces, answered with the exact odds of
 * what it can do. JSON by default (chances to 10 significant digits, so harmless float noise does not
 * change the output); `--table` prints them for reading.
 */

const Envelope = Type.Object({ ruleset: Type.String(), action: Type.String() });

const round = (p: number) => Number(p.toPrecision(10));

function rounded(odds: Odds): Odds {
  const map = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, round(v)]));
  return {
    chances: map(odds.chances),
    distributions: Object.fromEntries(Object.entries(odds.distributions).map(([k, pmf]) => [k, pmf.map(([v, p]) => [v, round(p)] as [number, number])])),
    expected: map(odds.expected),
    cut: round(odds.cut),
  };
}

const TINY = 0.00005;

function percent(p: number): string {
  if (p > 0 && p < TINY) return "<0.01%";
  return `${(p * 100).toFixed(2)}%`;
}

/** A distribution's rows, each tail of values under 0.01% folded into one row ("18–41"). */
function distributionRows(pmf: Odds["distributions"][string]): Array<[string, string]> {
  let first = 0;
  let last = pmf.length - 1;
  while (first < last && (pmf[first]?.[1] ?? 0) < TINY) first += 1;
  while (last > first && (pmf[last]?.[1] ?? 0) < TINY) last -= 1;
  const fold = (from: number, to: number): Array<[string, string]> => (from > to ? [] : [[`${pmf[from]?.[0]}–${pmf[to]?.[0]}`, "<0.01%"]]);
  return [...fold(0, first - 1), ...pmf.slice(first, last + 1).map(([value, p]): [string, string] => [String(value), percent(p)]), ...fold(last + 1, pmf.length - 1)];
}

/** The odds in words: each name's label with the request's fighters in it, and a number that exists only under an event says so. */
function table(title: string, odds: Odds, labels: OddsLabels): string {
  const lines = [title, ""];
  const rows = (entries: Array<[string, string]>) => {
    const width = Math.max(0, ...entries.map(([name]) => name.length));
    for (const [name, value] of entries) lines.push(`  ${name.padEnd(width)}  ${value.padStart(8)}`);
  };
  const inOrder = <T>(record: Record<string, T>) => Object.entries(record).sort(([a], [b]) => labels.order(a) - labels.order(b));
  lines.push(message("OddsChances"));
  rows(inOrder(odds.chances).map(([name, p]) => [labels.label(name), percent(p)]));
  if (labels.note) lines.push(`  ${labels.note}`);
  const when = (name: string) => {
    const event = labels.when(name);
    return event === undefined ? undefined : { label: labels.label(event), chance: percent(odds.chances[event] ?? 0) };
  };
  lines.push("", message("OddsExpected"));
  rows(
    inOrder(odds.expected).map(([name, value]) => {
      const under = when(name);
      return [under ? message("OddsExpectedUnless", { name: labels.label(name), when: under.label }) : labels.label(name), value.toFixed(3)];
    }),
  );
  for (const [name, pmf] of inOrder(odds.distributions)) {
    if (pmf.length === 0) continue;
    const under = when(name);
    lines.push("", under ? message("OddsDistributionWhen", { name: labels.label(name), when: under.label, chance: under.chance }) : message("OddsDistribution", { name: labels.label(name) }));
    rows(distributionRows(pmf));
  }
  if (odds.cut > 0) lines.push("", message("OddsCut", { cut: ODDS_CUT, mass: odds.cut.toExponential(2) }));
  return `${lines.join("\n")}\n`;
}

export function odds(options: Options, read: InputReader): string {
  allowOnly(options, COMMANDS.odds);
  const raw = readJson(read, options.flags.get("file"));
  const envelope = validate<{ ruleset: string; action: string }>(Envelope, raw);
  const ruleset = pickRuleset(envelope.ruleset);
  const action = ownValue(ruleset.actions, envelope.action);
  const withOdds = Object.entries(ruleset.actions).filter(([, a]) => a.odds).map(([id]) => id);
  if (!action) throw new RequestError(message("UnknownAction", { choices: Object.keys(ruleset.actions).join(", "), ruleset: ruleset.id }));
  if (!action.odds) throw new RequestError(message("NoOdds", { ruleset: ruleset.id, action: envelope.action, choices: withOdds.join(", ") }));
  const { ruleset: _r, action: _a, ...body } = raw as Record<string, unknown>;
  if ("faces" in body) throw new RequestError(message("OddsNoFaces"));
  const request = validate(action.request, body);
  const exact = rounded(refusalsAsRequestErrors(() => (action.odds as NonNullable<typeof action.odds>).exact(request)));
  if (options.flags.has("table")) return table(message("OddsTitle", { ruleset: ruleset.id, action: envelope.action }), exact, oddsLabels(ruleset.id, envelope.action, body));
  const json = JSON.stringify({ ruleset: ruleset.id, action: envelope.action, cutAt: ODDS_CUT, ...exact }, null, 2);
  // A [value, probability] pair reads best on one line.
  return `${json.replace(/\[\n\s+(\S+),\n\s+(\S+)\n\s+\]/g, "[$1, $2]")}\n`;
}

/**
 * What the command-line fuzz test feeds `runCli`: hostile argv, arbitrary JSON, and near-valid
 * requests made by mutating the valid requests docs/cli.md shows for every ruleset and action
 * (wrong types, huge numbers, prototype keys, control characters, deep nesting, dropped fields).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parseCliExamples } from "../../scripts/cli-examples.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const examples = parseCliExamples(readFileSync("docs/cli.md", "utf8"));
const parsed = (kind: string) => examples.filter((e) => e.argv[0] === kind && e.exit === 0).map((e) => JSON.parse(e.stdin) as Json);
/** One valid request per resolve example, and the fighters of each duel example. */
export const VALID_REQUESTS = parsed("resolve");
export const VALID_DUELS = parsed("duel");

export const PROTOTYPE_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "isPrototypeOf"] as const;
const CONTROL = ["\n", "\r\n", "\r", "\t", "\u0000", "\u001b[31m", "\u007f", "\u0085", "\u2028", "\u2029", "\b", "\f", "\v"];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "x".repeat(5000), "\uFEFF", "\ud800", "{ruleset}", "%s", "\\n") },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 6 })).map(([a, c, b]) => `${a}${c}${b}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: "binary" }) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2, 3, 6, 12, 20, 99, 100, 101, 0.5, -0.5, 1e9, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e300, -1e300, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nested arrays or objects of the given depth, built without recursion. */
function nested(depth: number, asObject: boolean): Json {
  let value: Json = 1;
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
}

const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<Json>([], {}, [[]], [{}], { __proto__: null } as Json, JSON.parse('{"__proto__":{"a":1}}') as Json),
  fc.tuple(fc.integer({ min: 2, max: 2000 }), fc.boolean()).map(([depth, asObject]) => nested(depth, asObject)),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  fc.array(hostileNumber, { maxLength: 8 }),
  fc.array(hostileString, { maxLength: 4 }),
);

/** Where a mutation lands: the path to a value inside the request (not inside deep nesting a mutation added). */
function paths(value: Json, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(prefix);
  if (prefix.length >= 10) return out;
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value !== null && typeof value === "object") for (const key of Object.keys(value)) paths(value[key] as Json, [...prefix, key], out);
  return out;
}

function isLeaf(value: Json, path: ReadonlyArray<string | number>): boolean {
  let here: Json | undefined = value;
  for (const step of path) here = here !== null && typeof here === "object" ? (here as Record<string, Json>)[step] : undefined;
  return typeof here === "string" || typeof here === "number";
}

type Mutation =
  | { kind: "replace"; value: Json }
  /** Keeps the kind of value, so it usually passes the schema and reaches the rules. */
  | { kind: "similar"; text: string; number: number }
  | { kind: "delete" }
  | { kind: "add-key"; key: string; value: Json }
  | { kind: "repeat"; times: number }
  | { kind: "wrap" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(hostileString, hostileNumber).map(([text, number]) => ({ kind: "similar" as const, text, number })) },
  { weight: 5, arbitrary: hostileValue.map((value) => ({ kind: "replace" as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: "delete" as const }) },
  { weight: 3, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString), hostileValue).map(([key, value]) => ({ kind: "add-key" as const, key, value })) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 60 }).map((times) => ({ kind: "repeat" as const, times })) },
  { weight: 1, arbitrary: fc.constant({ kind: "wrap" as const }) },
);

/** Applies one mutation at one path of a deep copy (own keys only, so "__proto__" stays a key). */
function mutate(request: Json, path: ReadonlyArray<string | number>, change: Mutation): Json {
  if (path.length === 0) {
    if (change.kind === "replace") return change.value;
    if (change.kind === "similar") return typeof request === "string" ? change.text : typeof request === "number" ? change.number : request;
    if (change.kind === "wrap") return [request];
    if (change.kind === "add-key" && request !== null && typeof request === "object" && !Array.isArray(request)) return withKey(request, change.key, change.value);
    return request;
  }
  const [head, ...rest] = path;
  if (Array.isArray(request)) {
    const copy = [...request];
    const index = head as number;
    if (rest.length === 0 && change.kind === "delete") copy.splice(index, 1);
    else if (rest.length === 0 && change.kind === "repeat") copy.splice(index, 1, ...Array.from({ length: change.times }, () => request[index] as Json));
    else copy[index] = mutate(request[index] as Json, rest, change);
    return copy;
  }
  if (request !== null && typeof request === "object") {
    const key = head as string;
    const copy = withKey(request, key, mutate(request[key] as Json, rest, change));
    if (rest.length === 0 && change.kind === "delete") delete copy[key];
    return copy;
  }
  return request;
}

function withKey(object: { [key: string]: Json }, key: string, value: Json): { [key: string]: Json } {
  const copy: { [key: string]: Json } = {};
  for (const k of Object.keys(object)) Object.defineProperty(copy, k, { value: object[k], enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A valid request with one to three mutations, as JSON text. */
export const nearValidRequest: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...VALID_REQUESTS, ...VALID_DUELS), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }))
  .map(([valid, changes]) => {
    let request = valid;
    for (const [at, change] of changes) {
      // A change of value within its kind lands on a leaf (a string or a number), where it can reach the rules.
      const all = paths(request).filter((path) => change.kind !== "similar" || isLeaf(request, path));
      request = mutate(request, all[at % all.length] ?? [], change);
    }
    return JSON.stringify(request);
  });

/** Text that is not a request at all, or barely: arbitrary JSON, raw bytes, BOMs, deep brackets. */
export const arbitraryInput: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.constantFrom("", "\uFEFF", "\uFEFF{}", "\uFEFF\uFEFF{}", "null", "[]", '{"ruleset":null}', '{"ruleset":"cavaliers","action":"attack"}x'),
  fc.integer({ min: 1, max: 200_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.tuple(fc.constantFrom("cavaliers", "drama", "unhex", "personal", "torchlight", ...PROTOTYPE_KEYS), fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString)).map(([ruleset, action]) => JSON.stringify({ ruleset, action })),
);

const flagValue = fc.oneof(
  fc.integer({ min: -3, max: 30 }).map(String),
  fc.constantFrom("", "0", "1", "007", "1e3", "0x10", "1.5", " 5", "-0", "10001", "100000", "9007199254740992", "1000000000", "4294967295", "4294967296", "Infinity", "NaN"),
  hostileString,
);

const argvItem = fc.oneof(
  fc.constantFrom("resolve", "duel", "rulesets", "--file", "--seed", "--runs", "--rounds", "--", "-", "--=", "--seed=", "--file=x", "--help"),
  fc.tuple(fc.constantFrom("--seed", "--runs", "--rounds", "--file", "--bogus", "--constructor", "--__proto__"), flagValue).map(([flag, value]) => `${flag}=${value}`),
  flagValue,
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `--${key}`),
);

/** An argv that starts with a command (usually) and carries hostile flags and positionals. */
export const arbitraryArgv: fc.Arbitrary<string[]> = fc.oneof(
  fc.array(argvItem, { maxLength: 6 }),
  fc.tuple(fc.constantFrom("resolve", "duel", "rulesets"), fc.array(argvItem, { maxLength: 5 })).map(([command, rest]) => [command, ...rest]),
);

/**
 * The single mutations a random sample may miss: every string leaf of every valid request set to each
 * prototype key and to a line break, every number leaf to a few huge or negative values.
 */
export function leafMutations(): Array<{ request: Json; path: string; input: string }> {
  const strings: Json[] = ["constructor", "__proto__", "toString", "hasOwnProperty", "a\nb"];
  const numbers: Json[] = [-1, 2 ** 53, 1e300];
  const out: Array<{ request: Json; path: string; input: string }> = [];
  for (const request of [...VALID_REQUESTS, ...VALID_DUELS]) {
    for (const path of paths(request)) {
      let leaf: Json | undefined = request;
      for (const step of path) leaf = (leaf as Record<string, Json>)[step];
      const values = typeof leaf === "string" ? strings : typeof leaf === "number" ? numbers : [];
      for (const value of values) out.push({ request, path: path.join("."), input: JSON.stringify(mutate(request, path, { kind: "replace", value })) });
    }
  }
  return out;
}


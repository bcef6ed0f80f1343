/**
 * What `npm run mutate` mutates: one target per pure layer of the rules. `core` is src/core; each
 * ruleset is src/rules/<id>; `odds` is the exact odds (src/core/odds/**, src/rules/odds.ts and each
 * src/rules/<id>/odds.ts), apart because its tests compare with a Monte Carlo and are most of the
 * unit tests' time, which the other targets' static mutants would pay in full.
 * A target can also be narrowed to a folder or a file inside one (`src/core/dice`,
 * `src/rules/cavaliers/tables.ts`, `src/rules/drama/odds.ts`): see `resolveTarget`.
 */
export const TARGETS = {
  core: ["src/core/**/*.ts", "!src/core/odds/**", "!src/core/fight/**"],
  cavaliers: ruleset("cavaliers"),
  drama: ruleset("drama"),
  unhex: ruleset("unhex"),
  personal: ruleset("personal"),
  torchlight: ruleset("torchlight"),
  odds: ["src/core/odds/**/*.ts", "src/rules/odds.ts", "src/rules/*/odds.ts"],
  // Side-against-side fights (src/core/fight, src/rules/<id>/fight.ts), apart for the same reason as
  // the odds: each fight test plays hundreds of fights through every rule, so a ruleset's mutant
  // would pay for them all; here they run only against the fights' own code.
  fight: ["src/core/fight/**/*.ts", "src/rules/*/fight.ts"],
  // The command line's own code, against test/cli in process (main.ts and readBounded.ts are its I/O,
  // tested only through processes, which never see a mutant). Named only: not part of a bare `npm run mutate`.
  cli: ["src/cli/**/*.ts", "!src/cli/main.ts", "!src/cli/readBounded.ts"],
};

/** The targets a bare `npm run mutate` runs: the rules' own. */
export const DEFAULT_TARGETS = Object.keys(TARGETS).filter((name) => name !== "cli");

/** Whether a path (a file or a folder) is part of the odds target. */
function isOdds(path) {
  return isApart(path, "odds");
}

/** Whether a path (a file or a folder) is part of the fight target. */
function isFight(path) {
  return isApart(path, "fight");
}

/** Whether a path is in src/core/<name>, or is src/rules/<name>.ts or src/rules/<id>/<name>.ts. */
function isApart(path, name) {
  return new RegExp(`^src/core/${name}(?=/|$)`).test(path) || new RegExp(`^src/rules/(?:[a-z]+/)?${name}\\.ts$`).test(path);
}

function ruleset(id) {
  return [`src/rules/${id}/**/*.ts`, `!src/rules/${id}/odds.ts`, `!src/rules/${id}/fight.ts`];
}

/**
 * A target's name, or a path inside one, as the files to mutate. A path keeps its target's tests
 * (`tests`) and exclusions, and gets its own report folder (`report`), so its incremental file never
 * overwrites the whole target's. Returns undefined for a name or path no target covers.
 * @param {string} arg
 * @returns {{ tests: string, mutate: string[], report: string } | undefined}
 */
export function resolveTarget(arg) {
  if (arg in TARGETS) return { tests: arg, mutate: TARGETS[arg], report: arg };
  const path = arg.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
  for (const [apart, tests] of [[isOdds, "odds"], [isFight, "fight"]]) {
    if (!apart(path)) continue;
    const files = path.endsWith(".ts") ? path : `${path}/**/*.ts`;
    return { tests, mutate: [files], report: path.replace(/^src\//, "").replace(/\.ts$/, "").replace(/\//g, "-") };
  }
  const match = /^src\/(?:(cli)|core|rules\/([a-z]+))(?=\/|$)/.exec(path);
  const tests = match ? (match[1] ?? match[2] ?? "core") : undefined;
  if (!tests || !(tests in TARGETS)) return undefined;
  const files = path.endsWith(".ts") ? path : `${path}/**/*.ts`;
  const exclusions = TARGETS[tests].filter((glob) => glob.startsWith("!"));
  return { tests, mutate: [files, ...exclusions], report: path.replace(/^src\//, "").replace(/\.ts$/, "").replace(/\//g, "-") };
}

/**
 * What `npm run mutate` mutates: one target per pure layer of the rules. `core` is src/core; each
 * ruleset is src/rules/<id>. Every TypeScript file under a target is mutated, except:
 * - the odds files (src/core/odds/**, src/rules/<id>/odds.ts): they arrive with the odds work, and
 *   their tests with them; phase 2 of the mutation issue brings them in.
 * A target can also be narrowed to a folder or a file inside one (`src/core/dice`,
 * `src/rules/cavaliers/tables.ts`): see `resolveTarget`.
 */
export const TARGETS = {
  core: ["src/core/**/*.ts", "!src/core/odds/**"],
  cavaliers: ruleset("cavaliers"),
  drama: ruleset("drama"),
  unhex: ruleset("unhex"),
  personal: ruleset("personal"),
  torchlight: ruleset("torchlight"),
};

function ruleset(id) {
  return [`src/rules/${id}/**/*.ts`, `!src/rules/${id}/odds.ts`];
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
  const match = /^src\/(?:core(?=\/|$)|rules\/([a-z]+)(?=\/|$))/.exec(path);
  const tests = match ? (match[1] ?? "core") : undefined;
  if (!tests || !(tests in TARGETS)) return undefined;
  const files = path.endsWith(".ts") ? path : `${path}/**/*.ts`;
  const exclusions = TARGETS[tests].filter((glob) => glob.startsWith("!"));
  return { tests, mutate: [files, ...exclusions], report: path.replace(/^src\//, "").replace(/\.ts$/, "").replace(/\//g, "-") };
}

/**
 * What `npm run mutate` mutates: one target per pure layer of the rules. `core` is src/core; each
 * ruleset is src/rules/<id>. Every TypeScript file under a target is mutated, except:
 * - the odds files (src/core/odds/**, src/rules/<id>/odds.ts): they arrive with the odds work, and
 *   their tests with them; phase 2 of the mutation issue brings them in.
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

/**
 * The import rules of Fray's layers (docs/architecture.md, "Layers and registries"), checked by
 * dependency-cruiser in `npm run lint`. There is no baseline of tolerated exceptions: a rule that
 * fails names the import to remove. test/dependency-rules.test.ts shows each rule can fail.
 *
 * Type-only imports and `import()` count like any other: a circle through them still ties the
 * files together for a reader and for the bundler's chunks.
 */
const RULESETS = "(cavaliers|drama|unhex|personal|torchlight)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circle of any kind (value, type or import()) in src/ or playground/.",
      from: { path: "^(src|playground)/" },
      to: { circular: true },
    },
    {
      name: "core-is-the-bottom",
      severity: "error",
      comment: "src/core is the shared resolver: it imports nothing of the rules, the command line or Foundry.",
      from: { path: "^src/core/" },
      to: { path: "^src/(rules|cli|foundry)/" },
    },
    {
      name: "rules-below-foundry-and-cli",
      severity: "error",
      comment: "src/rules is pure: it imports src/core and itself, never the command line or Foundry.",
      from: { path: "^src/rules/" },
      to: { path: "^src/(cli|foundry)/" },
    },
    {
      name: "cli-and-foundry-apart",
      severity: "error",
      comment: "The command line and the Foundry layer stand side by side on the rules: neither imports the other.",
      from: { path: "^src/(cli|foundry)/" },
      to: { path: "^src/(cli|foundry)/", pathNot: "^src/$1/" },
    },
    {
      name: "pure-layers-no-node",
      severity: "error",
      comment: "src/core and src/rules do no I/O: no Node built-in (the Foundry globals they may not use either are test/layers.test.ts's to find).",
      from: { path: "^src/(core|rules)/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "rules-rulesets-apart",
      severity: "error",
      comment: "A ruleset's rules never import another ruleset's.",
      from: { path: `^src/rules/${RULESETS}/` },
      to: { path: `^src/rules/${RULESETS}/`, pathNot: "^src/rules/$1/" },
    },
    {
      name: "foundry-rulesets-apart",
      severity: "error",
      comment: "A ruleset's Foundry code never imports another ruleset's.",
      from: { path: `^src/foundry/rulesets/${RULESETS}/` },
      to: { path: `^src/foundry/rulesets/${RULESETS}/`, pathNot: "^src/foundry/rulesets/$1/" },
    },
    {
      name: "shared-foundry-names-no-ruleset",
      severity: "error",
      comment:
        "Shared Foundry machinery (cards, combat, actor, api, statuses, settings, areas, migrations, sheets...) never imports a ruleset's folder: rulesets register into the shared registries, and src/foundry/fray.ts is the one place that names them.",
      from: { path: "^src/foundry/", pathNot: [`^src/foundry/rulesets/${RULESETS}/`, "^src/foundry/fray\\.ts$"] },
      to: { path: `^src/foundry/rulesets/${RULESETS}/` },
    },
    {
      name: "shared-rules-names-no-ruleset",
      severity: "error",
      comment: "Shared rules code names no ruleset, except the one list of them (src/rules/index.ts, src/rules/rulesetOptions.ts).",
      from: { path: "^src/rules/[^/]+\\.ts$", pathNot: "^src/rules/(index|rulesetOptions)\\.ts$" },
      to: { path: `^src/rules/${RULESETS}/` },
    },
    {
      name: "playground-runs-the-build",
      severity: "error",
      comment: "The playground plays the built system (dist/), as Foundry would: it imports nothing of src/.",
      from: { path: "^playground/" },
      to: { path: "^src/" },
    },
    {
      name: "browser-tests-run-the-build",
      severity: "error",
      comment: "Browser tests drive the built bundle in Chromium: they import nothing of src/foundry.",
      from: { path: "^test/browser/" },
      to: { path: "^src/foundry/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.stryker-tmp)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".mjs", ".js", ".d.ts"], conditionNames: ["import", "require", "node", "default"] },
    moduleSystems: ["es6", "cjs"],
  },
};

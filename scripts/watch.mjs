#!/usr/bin/env node
/**
 * `npm run watch`: one full build (scripts/build.mjs), then vite rebuilds dist/ on every change to
 * src/, styles/, templates/, lang/, system.json or LICENSE (the vite build's own plugins compile the
 * styles and copy the static files again). Link dist/ into Foundry's Data/systems/fray and Foundry's
 * own hot reload (system.json flags.hotReload) refreshes styles, templates and lang/ in the open
 * page; a code change needs a browser reload. Packs, the command line and the zip are rebuilt only
 * by a full `npm run build`. A rebuilt ruleset chunk gets a new hashed name; the old file stays in
 * dist/ (nothing imports it) until the next full build empties the folder.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, BuildError, ROOT } from "./build.mjs";

export async function watch() {
  await build();
  const vite = await import("vite");
  const watcher = await vite.build({ root: ROOT, configFile: join(ROOT, "vite.config.ts"), logLevel: "info", build: { watch: {} } });
  console.log("watch: rebuilding dist/ on change (Ctrl+C to stop)");
  return watcher;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  watch().catch((error) => {
    if (error instanceof BuildError) console.error(`\nbuild FAILED: ${error.message}\n`);
    else console.error("\nwatch FAILED:", error);
    process.exitCode = 1;
  });
}

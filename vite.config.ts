import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "vite";
import { releaseFromEnv } from "./scripts/release-manifest.mjs";
import { devConfig, devOptionsFromEnv } from "./scripts/vite/dev-server.js";
import { frayStaticFiles } from "./scripts/vite/static-files.js";
import { frayStyles } from "./scripts/vite/styles.js";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const OUT_DIR = resolve(ROOT, "dist");

/**
 * `vite build` (through `npm run build` or `npm run watch`): the system folder's code and assets.
 * src/foundry/fray.ts becomes the ES module dist/fray.mjs and each ruleset a chunk it imports when
 * needed, with source maps; Foundry code is never
 * bundled, since the entry only references Foundry's globals. Plugins add styles/fray.css (sass) and
 * copy the static files (rollup-plugin-copy). scripts/build.mjs runs this build and what no plugin
 * does (packs, the command line, the zip, the checks); run `npm run build`, not `vite build` alone.
 *
 * `vite` (through `npm run dev`): a dev server in front of a running Foundry; see scripts/vite/dev-server.ts.
 */
/** rulesets/<id>-<hash>.mjs for a ruleset's own chunk, chunks/<name>-<hash>.mjs for code several share. */
function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const ruleset = /src\/foundry\/rulesets\/([^/]+)\/index\.ts$/.exec(chunk.facadeModuleId?.replace(/\\/g, "/") ?? "")?.[1];
  return ruleset ? `rulesets/${ruleset}-[hash].mjs` : "chunks/[name]-[hash].mjs";
}

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * Fewer files to fetch: every module the entry loads anyway (statically reachable from it) goes in
 * one chunk, and what several rulesets share in another, rather than one small chunk per module
 * set. A ruleset's own modules are left to its chunk.
 */
function sharedChunkName(id: string, graph: ModuleGraph): string | null {
  const seen = new Set<string>();
  const fromEntry = (module: string): boolean => {
    if (seen.has(module)) return false;
    seen.add(module);
    const info = graph.getModuleInfo(module);
    return !!info && (info.isEntry || info.importers.some(fromEntry));
  };
  // The entry module itself stays fray.mjs, which system.json names.
  if (graph.getModuleInfo(id)?.isEntry) return null;
  if (fromEntry(id)) return "fray-core";
  return /src\/(foundry\/rulesets|rules)\/[^/]+\//.test(id.replace(/\\/g, "/")) ? null : "rulesets-shared";
}

function buildConfig(): UserConfig {
  return {
    root: ROOT,
    // Relative, so a URL the build writes (the odds' worker) resolves against the module that names it, wherever Foundry serves the system from.
    base: "./",
    publicDir: false,
    logLevel: "warn",
    plugins: [frayStyles(ROOT), ...frayStaticFiles(ROOT, OUT_DIR, releaseFromEnv())],
    // The tracker's odds run their fights in a Web Worker (src/foundry/combat/odds/worker.ts): an ES
    // module of its own under workers/, with every ruleset's rules in it, fetched only when a GM asks.
    worker: {
      format: "es",
      rolldownOptions: { checks: { bundlerTimings: false }, output: { entryFileNames: "workers/[name]-[hash].mjs", chunkFileNames: "workers/[name]-[hash].mjs" } },
    },
    build: {
      outDir: OUT_DIR,
      emptyOutDir: false,
      target: "es2022",
      sourcemap: true,
      // Minified to keep the download small (the source map keeps debugging readable); class and
      // function names are kept, since Foundry ids sheets by their class's name.
      minify: true,
      reportCompressedSize: false,
      lib: {
        entry: resolve(ROOT, "src/foundry/fray.ts"),
        formats: ["es"],
        fileName: () => "fray.mjs",
      },
      rolldownOptions: {
        // The build prints nothing but problems (test/build.test.ts holds it to that). How long a plugin
        // took (sass, under a loaded machine) is not one: speed is measured by `npm run bench`.
        checks: { bundlerTimings: false },
        // Each ruleset's code is a chunk fetched by `import()` only in a world that needs it
        // (src/foundry/rulesets/loading.ts); a chunk names its ruleset, and its hash changes with
        // its content, so a browser never pairs a new fray.mjs with a cached old chunk.
        output: { keepNames: true, chunkFileNames: chunkFileName, codeSplitting: { groups: [{ name: sharedChunkName, debugName: "fray-shared" }] } },
      },
    },
  };
}

export default defineConfig(({ command }) => (command === "serve" ? devConfig(ROOT, devOptionsFromEnv()) : buildConfig()));

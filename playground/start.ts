/**
 * `npm start`: builds the system when dist/ is older than its sources, then serves the playground
 * on 127.0.0.1 (PORT, default 30013; a free port when that one is taken) until Ctrl-C or SIGTERM,
 * prints its address and opens it in the browser where one can be opened (open-browser.ts).
 * Nothing is written outside the repository: the build writes dist/ and bin/, the page keeps its
 * state in the browser.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DIST, ROOT } from "./server.js";
import { startPlayground } from "./serve-playground.js";
import { openBrowser } from "./open-browser.js";

/** What `npm run build` reads: any of these newer than dist/fray.mjs makes dist/ stale. */
const SOURCES = ["src", "styles", "templates", "lang", "packs", "system.json", "vite.config.ts", "scripts/build.mjs", "package.json"];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Why dist/ must be built again, or null when it is up to date. */
export function staleReason(dist = DIST): string | null {
  const built = join(dist, "fray.mjs");
  if (!existsSync(built) || !existsSync(join(dist, "system.json"))) return "dist/ has not been built";
  const builtAt = statSync(built).mtimeMs;
  const newer = SOURCES.find((source) => newest(join(ROOT, source)) > builtAt);
  return newer ? `${newer} changed since the last build` : null;
}

async function main(): Promise<void> {
  const reason = staleReason();
  if (reason) {
    console.log(`Building Fray (${reason})…`);
    const result = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) {
      console.error("The build failed; the playground needs a built dist/. See the messages above.");
      process.exit(result.status ?? 1);
    }
  }
  const wanted = Number(process.env.PORT ?? 30013);
  const server = await startPlayground({ port: wanted }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.log(`Port ${wanted} is taken; using a free one.`);
    return startPlayground({ port: 0 });
  });
  console.log(`Fray playground: ${server.url}  (a stand-in for Foundry, not Foundry; Ctrl-C stops it)`);
  const opened = await openBrowser(server.url);
  console.log(opened ? "Opened in your browser." : "Open that address in a browser.");
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the playground.`);
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

await main();

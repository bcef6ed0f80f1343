/**
 * A static server on 127.0.0.1 (random port) for browser tests: the built system (dist/) at
 * /systems/fray/, the harness bundled for the browser at /harness.mjs, and a page at / that boots.
 */
import { createServer, type Server } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { build } from "esbuild";
import { REPO_ROOT } from "../../harness/node.js";

/** The built system: dist/ of the repo, or FRAY_DIST when set. */
export const DIST = process.env.FRAY_DIST ?? join(REPO_ROOT, "dist");
export const SYSTEM_ID = "fray";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".hbs": "text/plain; charset=utf-8",
  ".html.hbs": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
};

/** Font Awesome's free package, served where Foundry serves its copy (fonts/fontawesome/). */
const FONT_AWESOME = join(REPO_ROOT, "node_modules", "@fortawesome", "fontawesome-free");
/** The stand-in for core's base stylesheet (typography, theme variables, window frame, chat sidebar). */
const CORE_STAND_IN = join(REPO_ROOT, "test", "browser", "support", "core-stand-in.css");

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fray harness</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/fonts/fontawesome/css/all.min.css">
<link rel="stylesheet" href="/core/stand-in.css">
</head>
<body class="vtt game system-${SYSTEM_ID} theme-light">
<script type="module">
  import { bootSystem } from "/harness.mjs";
  // ?world.fray.ruleset=drama loads a world whose stored setting says so, as the server would hand it over.
  const stored = Object.fromEntries([...new URLSearchParams(location.search)].filter(([key]) => key.startsWith("world.")).map(([key, value]) => [key.slice(6), value]));
  window.frayBoot = bootSystem(${JSON.stringify(SYSTEM_ID)}, stored).then(() => undefined);
</script>
</body>
</html>`;

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="#777"/><circle cx="32" cy="24" r="12" fill="#bbb"/><rect x="14" y="40" width="36" height="16" rx="8" fill="#bbb"/></svg>`;

/** Any other of Foundry's icons: a tile with the first letters of its file name (d20.svg shows "d2"), so screenshots tell them apart. */
function namedIcon(path: string): string {
  const label = (path.split("/").pop() ?? "").replace(/\.svg$/, "").slice(0, 2).replace(/[^\w-]/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="#5a4632"/><text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="bold" text-anchor="middle" fill="#f4efe6">${label}</text></svg>`;
}

/** Bundle test/harness/browser.ts (and handlebars) into one ESM file. */
export async function bundleHarness(): Promise<string> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, "test/harness/browser.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    sourcemap: "inline",
    logLevel: "silent",
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no harness bundle");
  return file.text;
}

/**
 * A built pack's documents as JSON, read from its LevelDB folder in dist/ with the Foundry CLI, as the
 * Foundry server reads a pack and hands its documents to a client. Read once per server.
 */
function packReader(dist: string): (name: string) => Promise<string | null> {
  const read = new Map<string, Promise<string | null>>();
  return (name) => {
    if (!/^[\w-]+$/.test(name) || !existsSync(join(dist, "packs", name, "CURRENT"))) return Promise.resolve(null);
    let docs = read.get(name);
    if (!docs) {
      docs = (async () => {
        const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
        const { mkdtemp, readdir, rm } = await import("node:fs/promises");
        const { tmpdir } = await import("node:os");
        const out = await mkdtemp(join(tmpdir(), "fray-served-pack-"));
        try {
          // Opening a LevelDB writes to it (a new log and manifest): read a copy, so dist/ stays as built.
          const { cp } = await import("node:fs/promises");
          await cp(join(dist, "packs", name), join(out, "pack"), { recursive: true });
          await extractPack(join(out, "pack"), join(out, "docs"));
          const files = (await readdir(join(out, "docs"))).filter((file) => file.endsWith(".json")).sort();
          return JSON.stringify(await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(out, "docs", file), "utf8")) as unknown)));
        } finally {
          await rm(out, { recursive: true, force: true });
        }
      })();
      read.set(name, docs);
    }
    return docs;
  };
}

export interface FrayServer {
  url: string;
  close(): Promise<void>;
}

/** Start the server. Throws when dist/ has not been built. */
export async function startFrayServer({ dist: distDir = DIST }: { dist?: string } = {}): Promise<FrayServer> {
  const dist = resolve(distDir);
  if (!existsSync(join(dist, "fray.mjs")) || !existsSync(join(dist, "system.json"))) {
    throw new Error(`${dist} has no built system (fray.mjs, system.json): run \`npm run build\` first`);
  }
  const harness = await bundleHarness();
  const prefix = `/systems/${SYSTEM_ID}/`;
  const readPack = packReader(dist);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      if (path === "/" || path === "/index.html") return send(res, 200, TYPES[".html"] as string, PAGE);
      if (path === "/harness.mjs") return send(res, 200, TYPES[".mjs"] as string, harness);
      // /packs/<name>.json: a built pack's documents, for the harness's compendium stand-in (test/harness/journal.ts).
      const pack = /^\/packs\/([\w-]+)\.json$/.exec(path);
      if (pack) {
        const docs = await readPack(pack[1] as string);
        return docs === null ? send(res, 404, "text/plain", `No built pack ${pack[1]}`) : send(res, 200, TYPES[".json"] as string, docs);
      }
      // Foundry's own assets (icons/svg/mystery-man.svg, the default document images) stand in as a placeholder.
      if (path.startsWith("/icons/") && path.endsWith(".svg")) return send(res, 200, TYPES[".svg"] as string, path.endsWith("/mystery-man.svg") ? PLACEHOLDER_SVG : namedIcon(path));
      if (path === "/core/stand-in.css") return send(res, 200, TYPES[".css"] as string, await readFile(CORE_STAND_IN));
      if (path.startsWith("/fonts/fontawesome/")) {
        const file = normalize(join(FONT_AWESOME, path.slice("/fonts/fontawesome/".length)));
        if (file.startsWith(FONT_AWESOME) && existsSync(file)) return send(res, 200, TYPES[extname(file)] ?? "application/octet-stream", await readFile(file));
      }
      if (path.startsWith(prefix)) {
        const file = normalize(join(dist, path.slice(prefix.length)));
        if (file.startsWith(dist) && existsSync(file)) {
          try {
            return send(res, 200, TYPES[extname(file)] ?? "application/octet-stream", await readFile(file));
          } catch {
            // A directory or unreadable file: fall through to 404.
          }
        }
      }
      send(res, 404, "text/plain", `Not found: ${path}`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function send(res: import("node:http").ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

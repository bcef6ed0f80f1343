/**
 * The static server shared by the playground (`npm start`) and the browser tests: on 127.0.0.1, the
 * built system (dist/) at /systems/fray/, Foundry's own icons as placeholders, and whatever pages
 * and scripts the caller adds as routes. `bundleForBrowser` bundles a page's entry (the Foundry
 * stand-in with it) with esbuild: the tests and the playground both bundle through it. The page's
 * bundle and the built system's scripts are served with their async functions lowered, so the
 * stand-in can tell which user's client runs after each await (playground/foundry/zone.ts).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { dirname, extname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The built system: dist/ of the repo, or FRAY_DIST when set. */
export const DIST = process.env.FRAY_DIST ?? join(ROOT, "dist");
export const SYSTEM_ID = "fray";

export const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".hbs": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
};

/**
 * The stylesheets of Foundry's core every page that runs Fray links, in this order: Font Awesome
 * (the icons of sheets, cards and the tracker) and the stand-in for core's base stylesheet. The
 * browser tests' page and the playground's both link these, so what the tests see is what it shows.
 */
export const CORE_STYLESHEETS = ["/fonts/fontawesome/css/all.min.css", "/core/stand-in.css"] as const;

/** The `<link>` tags of CORE_STYLESHEETS, for a page's head. */
export function coreStylesheetLinks(): string {
  return CORE_STYLESHEETS.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n");
}

/** Font Awesome's free package, served where Foundry serves its copy (fonts/fontawesome/). */
const FONT_AWESOME = join(ROOT, "node_modules", "@fortawesome", "fontawesome-free");
/** The stand-in for core's base stylesheet (typography, theme variables, window frame, chat sidebar). */
const CORE_STAND_IN = join(ROOT, "test", "browser", "support", "core-stand-in.css");

/**
 * The documents of a built pack's LevelDB folder, read with the Foundry CLI. Opening a LevelDB writes
 * to it (a new log and manifest), so a copy is read and dist/ stays as built.
 */
export async function builtPackDocuments(packDir: string): Promise<unknown[]> {
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  const { cp, mkdtemp, readdir, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const out = await mkdtemp(join(tmpdir(), "fray-built-pack-"));
  try {
    await cp(packDir, join(out, "pack"), { recursive: true });
    await extractPack(join(out, "pack"), join(out, "docs"));
    const files = (await readdir(join(out, "docs"))).filter((file) => file.endsWith(".json")).sort();
    return await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(out, "docs", file), "utf8")) as unknown));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** A built pack's documents as JSON, as the Foundry server reads a pack and hands its documents to a client. Read once per server. */
function packReader(dist: string): (name: string) => Promise<string | null> {
  const read = new Map<string, Promise<string | null>>();
  return (name) => {
    if (!/^[\w-]+$/.test(name) || !existsSync(join(dist, "packs", name, "CURRENT"))) return Promise.resolve(null);
    let docs = read.get(name);
    if (!docs) {
      docs = builtPackDocuments(join(dist, "packs", name)).then((documents) => JSON.stringify(documents));
      read.set(name, docs);
    }
    return docs;
  };
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="#777"/><circle cx="32" cy="24" r="12" fill="#bbb"/><rect x="14" y="40" width="36" height="16" rx="8" fill="#bbb"/></svg>`;

/**
 * Foundry's own icons (icons/svg/*.svg) cannot ship here: each is drawn as a tile holding the Font
 * Awesome (free) glyph nearest in meaning, so item, status and initiative icons read as pictures;
 * a sword, which the free set lacks, is our own drawing. An icon not in the list shows the first
 * letters of its name.
 */
const ICON_GLYPHS: Record<string, string> = {
  anchor: "anchor", blind: "eye-slash", blood: "droplet", "card-hand": "hand", clockwork: "gear", combat: "hand-fist", cowled: "user-secret",
  d20: "dice-d20", "d20-highlight": "dice-d20", "d20-grey": "dice-d20", "d20-black": "dice-d20", daze: "face-dizzy", degen: "heart-crack",
  direction: "compass", "door-open-outline": "door-open", down: "circle-down", downgrade: "arrow-down", explosion: "explosion", eye: "eye",
  falling: "person-falling", fire: "fire", "hanging-sign": "sign-hanging", "ice-shield": "snowflake", invisible: "ghost", "item-bag": "bag-shopping",
  jump: "person-running", leg: "shoe-prints", light: "lightbulb", net: "table-cells", obelisk: "monument", padlock: "lock", paralysis: "hands-bound",
  poison: "skull-crossbones", regen: "heart-pulse", ruins: "building-columns", shield: "shield-halved", silenced: "volume-xmark", skull: "skull",
  sleep: "bed", statue: "monument", tankard: "beer-mug-empty", target: "crosshairs", terror: "face-grimace", unconscious: "bed", wingfoot: "person-running",
};
const SWORD = `<path fill="#f4efe6" d="M32 6l5 6v26h-10V12z"/><rect x="19" y="38" width="26" height="5" rx="2" fill="#f4efe6"/><rect x="29" y="43" width="6" height="10" fill="#f4efe6"/><circle cx="32" cy="56" r="3.5" fill="#f4efe6"/>`;
const tile = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="#5a4632"/>${inner}</svg>`;

function namedIcon(path: string): string {
  const name = (path.split("/").pop() ?? "").replace(/\.svg$/, "");
  if (name === "sword") return tile(SWORD);
  const glyph = ICON_GLYPHS[name];
  const file = glyph ? join(FONT_AWESOME, "svgs", "solid", `${glyph}.svg`) : "";
  if (file && existsSync(file)) {
    const svg = readFileSync(file, "utf8");
    const viewBox = svg.match(/viewBox="([^"]+)"/)?.[1] ?? "0 0 512 512";
    const paths = (svg.match(/<path[^>]*>/g) ?? []).map((p) => p.replace("<path", '<path fill="#f4efe6"')).join("");
    // The glyph's licence line (CC BY 4.0) travels with it.
    const licence = svg.match(/<!--[\s\S]*?-->/)?.[0] ?? "";
    return tile(`${licence}<svg x="12" y="12" width="40" height="40" viewBox="${viewBox}">${paths}</svg>`);
  }
  const label = name.slice(0, 2).replace(/[^\w-]/g, "");
  return tile(`<text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="bold" text-anchor="middle" fill="#f4efe6">${label}</text>`);
}

/**
 * Async functions lowered to generators stepped by Promise#then: the stand-in's browser context
 * (playground/foundry/zone.ts) carries the acting client through each await only by way of then,
 * which a native await skips. Everything the page runs as a client is built with this.
 */
const LOWERED_ASYNC: BuildOptions = {
  format: "esm",
  platform: "browser",
  target: "es2022",
  supported: { "async-await": false, "async-generator": false, "for-await": false },
  write: false,
  sourcemap: "inline",
  logLevel: "silent",
};

/** Bundle a browser entry (a .ts file importing the stand-in, handlebars and the rest) into one ES module, its async functions lowered. */
export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    ...LOWERED_ASYNC,
    entryPoints: [entry],
    bundle: true,
    // Class names stay as written: the stand-in names hooks after them (renderApplicationV2), as Foundry does.
    keepNames: true,
  });
  const file = result.outputFiles?.[0];
  if (!file) throw new Error(`esbuild produced no bundle for ${entry}`);
  return file.text;
}

/**
 * A script of the built system as the page runs it: its async functions lowered (LOWERED_ASYNC),
 * its imports and names as built, its source map still leading to src/. dist/ itself is untouched.
 * Kept per file while the file is unchanged.
 */
const loweredScripts = new Map<string, { modified: number; text: Promise<string> }>();
async function loweredScript(file: string): Promise<string> {
  const modified = (await stat(file)).mtimeMs;
  const known = loweredScripts.get(file);
  if (known?.modified === modified) return known.text;
  const text = build({ ...LOWERED_ASYNC, entryPoints: [file], bundle: false }).then((result) => {
    const output = result.outputFiles?.[0];
    if (!output) throw new Error(`esbuild produced nothing for ${file}`);
    return output.text;
  });
  loweredScripts.set(file, { modified, text });
  return text;
}

/** A response a route gives: its content type and body. */
export interface Served {
  type: string;
  body: string | Buffer;
}

/** Routes by exact path; a route answering undefined falls through to 404. */
export type Routes = Record<string, () => Served | undefined | Promise<Served | undefined>>;

export interface ServeOptions {
  dist?: string;
  routes: Routes;
  /** Paths under a prefix ("/packs/") answered by a function of the rest of the path. */
  prefixes?: Record<string, (rest: string) => Served | undefined | Promise<Served | undefined>>;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface FrayServer {
  url: string;
  close(): Promise<void>;
}

/** Start the server. Throws when dist/ has not been built. */
export async function serveFray({ dist: distDir = DIST, routes, prefixes = {}, port = 0 }: ServeOptions): Promise<FrayServer> {
  const dist = resolve(distDir);
  if (!existsSync(join(dist, "fray.mjs")) || !existsSync(join(dist, "system.json"))) {
    throw new Error(`${dist} has no built system (fray.mjs, system.json): run \`npm run build\` first`);
  }
  const systemPrefix = `/systems/${SYSTEM_ID}/`;
  const readPack = packReader(dist);
  const answer = async (path: string): Promise<Served | undefined> => {
    const route = routes[path];
    if (route) return route();
    for (const [prefix, serve] of Object.entries(prefixes)) if (path.startsWith(prefix)) return serve(path.slice(prefix.length));
    // /packs/<name>.json: a built pack's documents, for the stand-in's compendiums (playground/foundry/journal.ts) and the playground's table.
    const pack = /^\/packs\/([\w-]+)\.json$/.exec(path);
    if (pack) {
      const docs = await readPack(pack[1] as string);
      return docs === null ? undefined : { type: TYPES[".json"] as string, body: docs };
    }
    if (path === "/core/stand-in.css") return { type: TYPES[".css"] as string, body: await readFile(CORE_STAND_IN) };
    if (path.startsWith("/fonts/fontawesome/")) return readUnder(FONT_AWESOME, path.slice("/fonts/fontawesome/".length));
    // Foundry's own assets (icons/svg/mystery-man.svg, the default document images) stand in as a placeholder.
    if (path.startsWith("/icons/") && path.endsWith(".svg")) return { type: TYPES[".svg"] as string, body: path.endsWith("/mystery-man.svg") ? PLACEHOLDER_SVG : namedIcon(path) };
    if (path.startsWith(systemPrefix)) {
      // A script is served lowered, from its own read (loweredScript); anything else as it is.
      const script = extname(path) === ".mjs" ? fileUnder(dist, path.slice(systemPrefix.length)) : undefined;
      return script ? { type: TYPES[".mjs"] as string, body: await loweredScript(script) } : readUnder(dist, path.slice(systemPrefix.length));
    }
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    // Only a page this machine opened by its own name: a page of any other site whose name a DNS
    // rebinding points at 127.0.0.1 sends its own Host, and is refused.
    if (!isLocalHost(req.headers.host)) return send(res, 421, "text/plain", "Misdirected request: this server answers only to 127.0.0.1, localhost or [::1]");
    void (async () => {
      let path = "/";
      try {
        path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
        const served = await answer(path);
        if (served) return send(res, 200, served.type, served.body);
        send(res, 404, "text/plain", `Not found: ${path}`);
      } catch (error) {
        send(res, 500, "text/plain", `Failed to serve ${path}: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      done();
    });
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((err) => (err ? fail(err) : done()));
      }),
  };
}

/** Whether a request's Host header names this machine: 127.0.0.1, localhost or [::1], with or without a port. */
export function isLocalHost(host: string | undefined): boolean {
  return /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i.test(host ?? "");
}

/**
 * The file a relative path names under `root`, never outside it; undefined when there is none. Inside
 * means the path from `root` to it does not climb out: a prefix test would take a sibling whose
 * name starts as the root's does (`dist-old/` beside `dist/`, reached by an encoded `..`).
 */
function fileUnder(root: string, relativePath: string): string | undefined {
  const file = normalize(join(root, relativePath));
  const inside = relative(root, file);
  return inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside) || !existsSync(file) ? undefined : file;
}

/** A file under `root` (fileUnder) as served, with its content type. */
export async function readUnder(root: string, relativePath: string): Promise<Served | undefined> {
  const file = fileUnder(root, relativePath);
  if (!file) return undefined;
  try {
    return { type: TYPES[extname(file)] ?? "application/octet-stream", body: await readFile(file) };
  } catch {
    // A directory or unreadable file: not served.
    return undefined;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

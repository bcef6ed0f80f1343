/**
 * The playground's routes on the shared server: the page at /, its script (the page and the
 * Foundry stand-in, bundled by esbuild) at /playground.mjs, and its styles (Foundry's core ones
 * first, the list the browser tests' page links); the shared server hands
 * it the built packs' documents (/packs/<name>.json), as Foundry's server hands a pack to a client.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { bundleForBrowser, coreStylesheetLinks, DIST, ROOT, serveFray, TYPES, type FrayServer, type Served } from "./server.js";

const HERE = join(ROOT, "playground");
/** Where index.html takes the core stylesheets' links. */
const CORE_STYLESHEETS_MARK = "<!-- core stylesheets -->";

export async function startPlayground({ port = 0, dist = DIST }: { port?: number; dist?: string } = {}): Promise<FrayServer> {
  const script = await bundleForBrowser(join(HERE, "page", "main.ts"));
  const file = (name: string, type: string) => async (): Promise<Served> => ({ type, body: await readFile(join(HERE, "page", name)) });
  // Foundry's core stylesheets (Font Awesome, the core stand-in) as the browser tests' page links them, before the playground's own.
  const page = async (): Promise<Served> => ({ type: TYPES[".html"] as string, body: (await readFile(join(HERE, "page", "index.html"), "utf8")).replace(CORE_STYLESHEETS_MARK, coreStylesheetLinks()) });
  return serveFray({
    dist,
    port,
    routes: { "/": page, "/index.html": page, "/playground.mjs": () => ({ type: TYPES[".mjs"] as string, body: script }), "/playground.css": file("playground.css", TYPES[".css"] as string),
      // The page links the install instructions; the README is the one copy of them.
      "/README.md": async () => ({ type: "text/plain; charset=utf-8", body: await readFile(join(ROOT, "README.md")) }),
    },
  });
}

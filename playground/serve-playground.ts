/**
 * The playground's routes on the shared server: the page at /, its script (the page and the
 * Foundry stand-in, bundled by esbuild) at /playground.mjs, and its styles; the shared server hands
 * it the built packs' documents (/packs/<name>.json), as Foundry's server hands a pack to a client.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { bundleForBrowser, DIST, ROOT, serveFray, TYPES, type FrayServer, type Served } from "./server.js";

const HERE = join(ROOT, "playground");

export async function startPlayground({ port = 0, dist = DIST }: { port?: number; dist?: string } = {}): Promise<FrayServer> {
  const script = await bundleForBrowser(join(HERE, "page", "main.ts"));
  const file = (name: string, type: string) => async (): Promise<Served> => ({ type, body: await readFile(join(HERE, "page", name)) });
  const page = file("index.html", TYPES[".html"] as string);
  return serveFray({
    dist,
    port,
    routes: { "/": page, "/index.html": page, "/playground.mjs": () => ({ type: TYPES[".mjs"] as string, body: script }), "/playground.css": file("playground.css", TYPES[".css"] as string),
      // The page links the install instructions; the README is the one copy of them.
      "/README.md": async () => ({ type: "text/plain; charset=utf-8", body: await readFile(join(ROOT, "README.md")) }),
    },
  });
}

/**
 * The playground's routes on the shared server: the page at /, its script (the page and the
 * Foundry stand-in, bundled by esbuild) at /playground.mjs, its styles, and each compendium pack's
 * source documents as one JSON array at /packs/<name>.json (dist/ holds the packs as LevelDB,
 * which a page cannot read; the sources are the same documents).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { bundleForBrowser, DIST, ROOT, serveFray, TYPES, type FrayServer, type Served } from "./server.js";

const HERE = join(ROOT, "playground");

/** A pack's source documents, or undefined for a name that is not a pack folder. */
export async function packDocuments(name: string): Promise<unknown[] | undefined> {
  if (!/^[a-z0-9-]+$/.test(name)) return undefined;
  const dir = join(ROOT, "packs", name);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith(".json")).sort();
  } catch {
    return undefined;
  }
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(join(dir, file), "utf8")) as unknown));
}

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
    prefixes: {
      "/packs/": async (rest) => {
        const documents = rest.endsWith(".json") ? await packDocuments(rest.slice(0, -5)) : undefined;
        return documents && { type: TYPES[".json"] as string, body: JSON.stringify(documents) };
      },
    },
  });
}

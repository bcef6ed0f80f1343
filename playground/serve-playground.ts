/**
 * The playground's routes on the shared server: the page at /, its script (the page and the
 * Foundry stand-in, bundled by esbuild) at /playground.mjs, and its styles (Foundry's core ones
 * first, the list the browser tests' page links); the shared server hands
 * it the built packs' documents (/packs/<name>.json), as Foundry's server hands a pack to a client.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import showdown from "showdown";
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
      // The page links the install instructions; the README is the one copy of them, shown as a page.
      "/install": async () => ({ type: TYPES[".html"] as string, body: installPage(await readFile(join(ROOT, "README.md"), "utf8")) }),
      "/README.md": async () => ({ type: "text/plain; charset=utf-8", body: await readFile(join(ROOT, "README.md")) }),
    },
  });
}

/** The README's "Install" section as a page of its own, readable in the browser, with a way back to the playground. */
export function installPage(readme: string): string {
  const section = readme.match(/^## Install\n[\s\S]*?(?=^## )/m)?.[0] ?? readme;
  const html = new showdown.Converter({ tables: true, ghCompatibleHeaderId: true }).makeHtml(section);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Install Fray in Foundry VTT</title><link rel="icon" href="data:,">
<style>body { max-width: 760px; margin: 2rem auto; padding: 0 1rem; font: 16px/1.55 system-ui, sans-serif; color: #23211d; background: #f7f3ea; }
pre { background: #1d1a17; color: #f4efe6; padding: 0.75rem; overflow: auto; border-radius: 4px; } code { font-size: 0.92em; } a { color: #7a3b12; }</style></head>
<body><p><a href="/">← Back to the playground</a></p>
${html}
<p>The whole README, with how to build and test Fray: <a href="/README.md">README.md</a>.</p></body></html>`;
}

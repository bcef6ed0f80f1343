/**
 * The browser tests' server (playground/server.ts, on 127.0.0.1, random port): the built system
 * (dist/) at /systems/fray/, built packs at /packs/<name>.json, Font Awesome and the core stand-in CSS, the harness bundled for the browser at /harness.mjs, and a bare page at
 * / that boots. The playground (playground/start.ts) serves its own page through the same code.
 */
import { join } from "node:path";
import { bundleForBrowser, coreStylesheetLinks, DIST, ROOT, serveFray, SYSTEM_ID, TYPES, type FrayServer } from "../../../playground/server.js";

export { DIST, SYSTEM_ID, type FrayServer };

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fray harness</title><link rel="icon" href="data:,">
${coreStylesheetLinks()}
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

/** Bundle playground/foundry/browser.ts (and handlebars) into one ESM file. */
export function bundleHarness(): Promise<string> {
  return bundleForBrowser(join(ROOT, "playground/foundry/browser.ts"));
}

/** Start the server. Throws when dist/ has not been built. */
export async function startFrayServer({ dist = DIST }: { dist?: string } = {}): Promise<FrayServer> {
  const harness = await bundleHarness();
  const page = () => ({ type: TYPES[".html"] as string, body: PAGE });
  return serveFray({
    dist,
    routes: { "/": page, "/index.html": page, "/harness.mjs": () => ({ type: TYPES[".mjs"] as string, body: harness }) },
  });
}

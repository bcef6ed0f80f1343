/**
 * Browser entry of the harness (bundled by test/browser/support/server.ts): boots a Foundry-like
 * page for the built system the way Foundry loads a system: its styles, then its esmodules, then
 * init → i18nInit → setup → ready. The handle is left on window.harness for the tests.
 */
import { installFoundry, type FoundryHarness } from "./index.js";
import { dragToken, placeToken, pressArrowKey } from "./tokens.js";
import { installPack, type PackMetadata } from "./journal.js";
import { state } from "./state.js";
import { zoneContext } from "./zone.js";

// Each client's code is this page's code: the acting user follows it through awaits (zone.ts), as AsyncLocalStorage does in Node.
state.clientContext = zoneContext();

export * from "./index.js";

declare global {
  interface Window {
    harness?: FoundryHarness;
    frayBoot?: Promise<void>;
    /** Draws a token on the viewed scene (Actor#getActiveTokens, User#targets), for tests that place tokens. */
    placeToken?: typeof placeToken;
    /** Drops a scene's token after a drag through the given places, as the canvas does (v13 cuts the move at Area borders). */
    dragToken?: typeof dragToken;
    /** Moves a scene's token one grid space by arrow key. */
    pressArrowKey?: typeof pressArrowKey;
  }
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(`/${path.replace(/^\//, "")}`);
  if (!response.ok) throw new Error(`Failed to fetch ${path}: ${response.status} ${response.statusText}`);
  return response.text();
}

function loadStyle(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Failed to load stylesheet ${href}`));
    document.head.append(link);
  });
}

/**
 * Install the harness for the system served at /systems/<id>/, load it and boot. `modules` are the
 * scripts of the world's active modules, imported after the system's as Foundry loads them, before "init".
 */
export async function bootSystem(systemId: string, worldSettings: Record<string, unknown> = {}, modules: readonly string[] = []): Promise<FoundryHarness> {
  const root = `systems/${systemId}`;
  const systemJson = JSON.parse(await fetchText(`${root}/system.json`)) as Record<string, unknown>;
  const languages = (systemJson.languages ?? []) as { lang: string; path: string }[];
  const langPath = languages.find((l) => l.lang === "en")?.path;
  const lang = langPath ? (JSON.parse(await fetchText(`${root}/${langPath}`)) as Record<string, unknown>) : {};
  const harness = installFoundry({ systemJson, lang, fetchText, worldSettings });
  window.harness = harness;
  window.placeToken = placeToken;
  window.dragToken = dragToken;
  window.pressArrowKey = pressArrowKey;
  for (const style of (systemJson.styles ?? []) as (string | { src: string })[]) await loadStyle(`/${root}/${typeof style === "string" ? style : style.src}`);
  // The system's journal packs, as the server hands a world's compendiums to the client (the others are not modelled).
  for (const pack of (systemJson.packs ?? []) as PackMetadata[]) {
    if (pack.type !== "JournalEntry") continue;
    installPack({ ...pack, packageName: systemId }, JSON.parse(await fetchText(`packs/${pack.name}.json`)) as Record<string, unknown>[]);
  }
  for (const module of (systemJson.esmodules ?? []) as string[]) await import(/* @vite-ignore */ `/${root}/${module}`);
  for (const module of modules) await import(/* @vite-ignore */ module);
  await harness.boot();
  return harness;
}

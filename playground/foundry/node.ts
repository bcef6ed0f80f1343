/**
 * Node-only: install the harness with system.json, lang/en.json and templates read from the repo
 * (or another root), and give Node a DOM (happy-dom) for sheets and forms.
 */
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Window } from "happy-dom";
import { AsyncLocalStorage } from "node:async_hooks";
import { installFoundry, type FoundryHarness, type InstallOptions } from "./index.js";
import { state } from "./state.js";

/** In Node, the running client follows its code through every await (see ClientContext in state.ts). */
const clients = new AsyncLocalStorage<unknown>();
state.clientContext = { run: (user, fn) => clients.run(user, fn), current: () => clients.getStore() };

export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** fetchText for "systems/<id>/<path>": reads <root>/<path>. */
export function diskFetchText(root: string, systemId: string): (path: string) => Promise<string> {
  const prefix = `systems/${systemId}/`;
  return async (path: string) => {
    const clean = path.replace(/^\//, "");
    if (!clean.startsWith(prefix)) throw new Error(`Harness fetchText: ${path} is not under ${prefix}`);
    const file = normalize(join(root, clean.slice(prefix.length)));
    if (!file.startsWith(root)) throw new Error(`Harness fetchText: ${path} escapes ${root}`);
    return readFile(file, "utf8");
  };
}

/** Install with the repo's system.json and en.json (root defaults to the repository). */
export function installFoundryFromDisk(options: { root?: string; user?: InstallOptions["user"] } = {}): FoundryHarness {
  const root = options.root ?? REPO_ROOT;
  const systemJson = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as Record<string, unknown>;
  const langPath = ((systemJson.languages as { lang: string; path: string }[] | undefined) ?? []).find((l) => l.lang === "en")?.path ?? "lang/en.json";
  const lang = JSON.parse(readFileSync(join(root, langPath), "utf8")) as Record<string, unknown>;
  return installFoundry({ systemJson, lang, fetchText: diskFetchText(root, String(systemJson.id)), user: options.user });
}

const DOM_GLOBALS = [
  "window", "document", "Node", "Element", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement",
  "HTMLTextAreaElement", "HTMLButtonElement", "HTMLTemplateElement", "DocumentFragment", "Event", "MouseEvent",
  "KeyboardEvent", "CustomEvent", "SubmitEvent",
] as const;

/** Put a happy-dom window's DOM on globalThis; returns a function that removes it again. */
export function installDom(): () => Promise<void> {
  const window = new Window({ url: "http://localhost/" });
  const previous = new Map<string, PropertyDescriptor | undefined>();
  for (const key of DOM_GLOBALS) {
    previous.set(key, Object.getOwnPropertyDescriptor(globalThis, key));
    const value = key === "window" ? window : (window as unknown as Record<string, unknown>)[key];
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
  return async () => {
    await window.happyDOM.close();
    for (const [key, descriptor] of previous) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete (globalThis as unknown as Record<string, unknown>)[key];
    }
  };
}

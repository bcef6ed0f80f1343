/// <reference types="vite/client" />
/**
 * Development only (imported by the dev server's fray.mjs, never by the release bundle): applies the
 * dev server's hot-reload events the way Foundry applies its own server's (Game#handleHotReload in
 * client/game.mjs): the `hotReload` hook may veto, then a stylesheet is fetched again, a template is
 * recompiled in place, or a language file is merged, and open applications re-render.
 */

export interface HotReloadData {
  packageType: "system";
  packageId: string;
  extension: "css" | "hbs" | "json";
  path: string;
  content?: string;
}

function rerenderApplications(): void {
  for (const app of foundry.applications.instances.values()) void app.render();
}

/** Point every <link> or @import of the stylesheet at a fresh URL, so the browser fetches it again. */
function reloadStylesheet(path: string): void {
  const fresh = `${path}?${Date.now()}`;
  for (const link of document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")) {
    if (new URL(link.href).pathname === `/${path}`) link.href = `/${fresh}`;
  }
  const imported = new RegExp(`@import (url\\()?"/?${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\?[^"]*)?"`, "g");
  for (const style of document.querySelectorAll("style")) {
    const text = style.textContent ?? "";
    if (imported.test(text)) style.textContent = text.replace(imported, (_match, url?: string) => `@import ${url ?? ""}"/${fresh}"`);
  }
}

function reloadTemplate({ path, content }: HotReloadData): void {
  if (content === undefined) return;
  // Foundry caches each loaded template as a partial under its path; replacing it is the reload.
  Handlebars.registerPartial(path, Handlebars.compile(content));
  rerenderApplications();
}

function reloadLanguage({ path, content }: HotReloadData): void {
  const i18n = game.i18n;
  if (content === undefined || !i18n) return;
  // A Set in v13 (the manifest's SetField), so read through Array.from.
  const language = Array.from(game.system?.languages ?? []).find((entry) => entry.path === path && entry.lang === i18n.lang);
  if (!language) return;
  foundry.utils.mergeObject(i18n.translations, JSON.parse(content) as object);
  rerenderApplications();
}

export function applyHotReload(data: HotReloadData): void {
  // Foundry's own hotReload hook, with its payload, so modules listening to it hear Fray's reloads too.
  if (Hooks.call("hotReload", data as never) === false) return;
  try {
    if (data.extension === "css") reloadStylesheet(data.path);
    else if (data.extension === "hbs") reloadTemplate(data);
    else reloadLanguage(data);
  } catch (error) {
    console.error(`Fray | hot reload of ${data.path} failed`, error);
  }
}

import.meta.hot?.on("fray:hot-reload", applyHotReload);

import { readFile } from "node:fs/promises";
import { relative, sep } from "node:path";
import type { Plugin, UserConfig, ViteDevServer } from "vite";
import { compileStyles, STYLE_OUTPUT } from "./styles.js";

export const SYSTEM_ID = "fray";
/** Where Foundry serves the system, and so where the dev server answers for it. */
export const SYSTEM_BASE = `/systems/${SYSTEM_ID}/`;
/** The custom HMR event the dev client (src/foundry/dev/hot-reload.ts) listens to. */
export const HOT_RELOAD_EVENT = "fray:hot-reload";

export interface DevOptions {
  /** The running Foundry that everything outside /systems/fray/ is proxied to. */
  foundryUrl: string;
  port: number;
}

/** FOUNDRY_URL (default http://localhost:30000) and FRAY_DEV_PORT (default 30001). */
export function devOptionsFromEnv(env: Record<string, string | undefined> = process.env): DevOptions {
  const foundryUrl = env.FOUNDRY_URL ?? "http://localhost:30000";
  try {
    new URL(foundryUrl);
  } catch {
    throw new Error(`FOUNDRY_URL "${foundryUrl}" is not a URL such as http://localhost:30000`);
  }
  const port = Number(env.FRAY_DEV_PORT ?? 30001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`FRAY_DEV_PORT "${env.FRAY_DEV_PORT}" is not a port number`);
  return { foundryUrl, port };
}

/**
 * `npm run dev`: vite in front of a running Foundry. Requests under /systems/fray/ are answered
 * from the sources (TypeScript through vite, SCSS compiled on request, templates, lang/ and
 * system.json as they are); everything else, the socket.io websocket included, goes to Foundry.
 */
export function devConfig(root: string, { foundryUrl, port }: DevOptions): UserConfig {
  return {
    root,
    base: SYSTEM_BASE,
    publicDir: false,
    clearScreen: false,
    server: {
      port,
      strictPort: true,
      proxy: { [`^(?!${SYSTEM_BASE})`]: { target: foundryUrl, ws: true } },
      watch: { ignored: ["**/dist/**", "**/bin/**", "**/test-results/**", "**/.bench/**"] },
    },
    // Pre-bundled up front: discovering them on the first request would reload Foundry's page.
    optimizeDeps: { entries: [], include: ["@sinclair/typebox", "@sinclair/typebox/value"] },
    plugins: [frayDevServer(root)],
  };
}

/** The module Foundry loads as fray.mjs in development: vite's HMR client, the dev reloader, then the real entry. */
export function devEntryModule(): string {
  return [`import "${SYSTEM_BASE}@vite/client";`, `import "${SYSTEM_BASE}src/foundry/dev/hot-reload.ts";`, `import "${SYSTEM_BASE}src/foundry/fray.ts";`, ""].join("\n");
}

export interface HotReloadPayload {
  packageType: "system";
  packageId: typeof SYSTEM_ID;
  extension: "css" | "hbs" | "json";
  /** As Foundry names the file: templates by their served path, languages by their system.json path. */
  path: string;
  content?: string;
}

/** What a changed source file means for the running client, or null when the page need not hear of it. */
export async function hotReloadFor(root: string, file: string, read: () => string | Promise<string>): Promise<HotReloadPayload | null> {
  const path = relative(root, file).split(sep).join("/");
  const base = { packageType: "system", packageId: SYSTEM_ID } as const;
  if (path.startsWith("styles/") && path.endsWith(".scss")) return { ...base, extension: "css", path: `systems/${SYSTEM_ID}/${STYLE_OUTPUT}` };
  if (path.startsWith("templates/") && path.endsWith(".hbs")) return { ...base, extension: "hbs", path: `systems/${SYSTEM_ID}/${path}`, content: await read() };
  if (path.startsWith("lang/") && path.endsWith(".json")) return { ...base, extension: "json", path, content: await read() };
  return null;
}

function frayDevServer(root: string): Plugin {
  return {
    name: "fray-dev-server",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        if (path === `${SYSTEM_BASE}fray.mjs`) {
          res.setHeader("content-type", "text/javascript; charset=utf-8");
          res.end(devEntryModule());
          return;
        }
        if (path === `${SYSTEM_BASE}${STYLE_OUTPUT}`) {
          compileStyles(root).then(
            ({ css }) => {
              res.setHeader("content-type", "text/css; charset=utf-8");
              res.setHeader("cache-control", "no-store");
              res.end(css);
            },
            (error: Error) => {
              // A broken partial shows in the terminal and in the browser's network tab, not as a blank page.
              server.config.logger.error(`fray: styles failed to compile: ${error.message}`);
              res.statusCode = 500;
              res.end(`/* ${error.message.replace(/\*\//g, "* /")} */`);
            },
          );
          return;
        }
        next();
      });
    },
    async hotUpdate({ file, read, server }) {
      if (this.environment.name !== "client") return;
      const payload = await hotReloadFor(root, file, read);
      if (!payload) return;
      server.ws.send({ type: "custom", event: HOT_RELOAD_EVENT, data: payload });
      return [];
    },
  };
}

/** Read a file the dev server serves as it is (for tests and the reloader's content). */
export const readSource = (path: string) => readFile(path, "utf8");

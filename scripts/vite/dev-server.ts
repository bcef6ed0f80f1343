import { readFile } from "node:fs/promises";
import { ServerResponse } from "node:http";
import { relative, sep } from "node:path";
import type { HttpProxy, Logger, Plugin, ProxyOptions, UserConfig, ViteDevServer } from "vite";
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
  const foundry = new FoundryWatch(foundryUrl);
  return {
    root,
    base: SYSTEM_BASE,
    publicDir: false,
    clearScreen: false,
    server: {
      port,
      strictPort: true,
      proxy: { [`^(?!${SYSTEM_BASE})`]: { target: foundryUrl, ws: true, configure: (proxy) => foundry.watch(proxy) } satisfies ProxyOptions },
      watch: { ignored: ["**/dist/**", "**/bin/**", "**/test-results/**", "**/.bench/**"] },
    },
    // Pre-bundled up front: discovering them on the first request would reload Foundry's page.
    optimizeDeps: { entries: [], include: ["@sinclair/typebox", "@sinclair/typebox/value"] },
    plugins: [frayDevServer(root, foundry)],
  };
}

/** The page to open: the dev server's own root, where Foundry's pages come through it. */
export function openAddress(url: string): string {
  return url.endsWith(SYSTEM_BASE) ? url.slice(0, -SYSTEM_BASE.length + 1) : url;
}

/** The one line said when no Foundry answers: where the dev server looked and how to point it elsewhere. */
export function noFoundryLine(foundryUrl: string, reason: string): string {
  return `fray: no Foundry answers at ${foundryUrl} (${reason}); start Foundry there, or point the dev server at yours: FOUNDRY_URL=http://<host>:<port> npm run dev`;
}

/** The page a browser gets instead of Foundry's while none answers. */
const noFoundryPage = (line: string) => `${line.replace(/^fray: /, "Fray's dev server: ")}\n`;

/** An error's code (ECONNREFUSED, ENOTFOUND...), fetch's wrapped cause included, or its message. */
function reasonOf(error: unknown): string {
  const code = (value: unknown) => (value && typeof value === "object" && "code" in value && typeof value.code === "string" ? value.code : undefined);
  const cause = error && typeof error === "object" && "cause" in error ? error.cause : undefined;
  return code(error) ?? code(cause) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Whether Foundry answers behind the dev server. Without one, vite logs every failed request with its
 * stack; instead the dev server says so in one line, once until Foundry has answered again, and the
 * browser gets that line as a 502 page. Errors of any other kind are left to vite.
 */
class FoundryWatch {
  /** The errors already reported, which vite's own proxy logging then keeps quiet about. */
  private readonly handled = new WeakSet<object>();
  private reported = false;
  private logger: Logger | undefined;

  constructor(readonly url: string) {}

  private report(reason: string): string {
    const line = noFoundryLine(this.url, reason);
    if (!this.reported) {
      if (this.logger) this.logger.warn(line);
      else console.warn(line);
    }
    this.reported = true;
    return line;
  }

  /** Vite's proxy: this listener runs before vite's own, so it answers first and marks what it handled. */
  watch(proxy: HttpProxy.ProxyServer): void {
    proxy.on("proxyRes", () => {
      this.reported = false;
    });
    proxy.on("error", (error, _req, res) => {
      const code = reasonOf(error);
      if (!CONNECTION_ERRORS.has(code)) return;
      this.handled.add(error);
      const line = this.report(code);
      if (res instanceof ServerResponse && !res.headersSent && !res.writableEnded) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end(noFoundryPage(line));
      }
    });
  }

  /** The server's logger, taught to skip vite's stack for an error already said in one line. */
  useLogger(logger: Logger): void {
    this.logger = logger;
    const error = logger.error.bind(logger);
    logger.error = (message, options) => {
      if (options?.error && this.handled.has(options.error)) return;
      error(message, options);
    };
  }

  /** Asks Foundry once, when the dev server starts, so a missing one is said before any page is opened. */
  async probe(): Promise<void> {
    try {
      await fetch(this.url, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(5_000) });
    } catch (error) {
      this.report(reasonOf(error));
    }
  }
}

/** Failures to reach Foundry at all, as opposed to a request going wrong on the way. */
const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "ECONNRESET"]);

/** The addresses the dev server prints: the page to open, not the system's folder, and the Foundry behind it. */
function printAddresses(server: ViteDevServer, foundryUrl: string): void {
  const info = (line: string) => server.config.logger.info(line);
  const urls = server.resolvedUrls;
  if (!urls) return;
  for (const url of urls.local) info(`  ➜  Open:    ${openAddress(url)}`);
  for (const url of urls.network) info(`  ➜  Network: ${openAddress(url)}`);
  info(`  ➜  Foundry: ${foundryUrl} (set FOUNDRY_URL to use another)`);
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

function frayDevServer(root: string, foundry: FoundryWatch): Plugin {
  return {
    name: "fray-dev-server",
    apply: "serve",
    configureServer(server: ViteDevServer) {
      foundry.useLogger(server.config.logger);
      server.printUrls = () => printAddresses(server, foundry.url);
      server.httpServer?.once("listening", () => void foundry.probe());
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

import { createServer as createHttpServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { devOptionsFromEnv, HOT_RELOAD_EVENT, SYSTEM_BASE } from "../scripts/vite/dev-server.js";

/**
 * `npm run dev` without Foundry: the real vite.config.ts in serve mode, in front of a stub server
 * standing in for Foundry on another port. The dev server must answer /systems/fray/ from the
 * sources and hand everything else, websocket upgrades included, to the stub.
 */
const ROOT = join(import.meta.dirname, "..");

interface Stub {
  server: Server;
  sockets: Socket[];
  url: string;
  requests: string[];
  upgrades: string[];
}

async function startStub(): Promise<Stub> {
  const requests: string[] = [];
  const upgrades: string[] = [];
  const sockets: Socket[] = [];
  const server = createHttpServer((req, res) => {
    requests.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`stub foundry ${req.url}`);
  });
  // A websocket stand-in: accept the upgrade and echo every byte back.
  server.on("upgrade", (req: IncomingMessage, socket: Socket) => {
    upgrades.push(req.url ?? "");
    sockets.push(socket);
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: stub\r\n\r\n");
    socket.on("data", (data) => socket.write(data));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, sockets, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, upgrades };
}

let stub: Stub;
let vite: ViteDevServer;
let base: string;

beforeAll(async () => {
  stub = await startStub();
  vi.stubEnv("FOUNDRY_URL", stub.url);
  vi.stubEnv("FRAY_DEV_PORT", "0");
  vite = await createServer({ configFile: join(ROOT, "vite.config.ts"), logLevel: "silent", server: { host: "127.0.0.1" } });
  await vite.listen();
  base = `http://127.0.0.1:${(vite.httpServer?.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  // Proxied keep-alive connections and the upgraded socket would hold both servers open.
  stub?.server.closeAllConnections();
  for (const socket of stub?.sockets ?? []) socket.destroy();
  await vite?.close();
  await new Promise<void>((resolve) => (stub ? stub.server.close(() => resolve()) : resolve()));
}, 30_000);

const source = (path: string) => readFileSync(join(ROOT, path), "utf8");

describe("the dev server answers the system's files from the sources", () => {
  it("system.json, lang/en.json and a template as they are on disk", async () => {
    for (const path of ["system.json", "lang/en.json", "templates/actor/cavaliers.hbs"]) {
      const response = await fetch(`${base}${SYSTEM_BASE}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(source(path));
    }
    expect(stub.requests).toEqual([]);
  });

  it("fray.mjs loads vite's client, the hot reloader and the TypeScript entry", async () => {
    const response = await fetch(`${base}${SYSTEM_BASE}fray.mjs`);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const code = await response.text();
    expect(code).toContain(`${SYSTEM_BASE}@vite/client`);
    expect(code).toContain(`${SYSTEM_BASE}src/foundry/dev/hot-reload.ts`);
    expect(code).toContain(`${SYSTEM_BASE}src/foundry/fray.ts`);
  });

  it("the entry is served as JavaScript compiled from TypeScript", async () => {
    const response = await fetch(`${base}${SYSTEM_BASE}src/foundry/fray.ts`);
    expect(response.status).toBe(200);
    const code = await response.text();
    expect(code).toContain(`Hooks.once("init"`);
    // Type annotations are gone, and imports point back at the dev server.
    expect(code).not.toMatch(/function registerRulesets\(\): void/);
    expect(code).toMatch(new RegExp(`from "${SYSTEM_BASE}src/foundry/`));
  });

  it("styles/fray.css is compiled from styles/fray.scss on request", async () => {
    const response = await fetch(`${base}${SYSTEM_BASE}styles/fray.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/css/);
    const css = await response.text();
    expect(css).toMatch(/^@layer /m);
    expect(css).toContain(".fray");
    expect(css).not.toContain("@use");
  });
});

describe("everything else goes to Foundry", () => {
  it("plain requests are proxied, path and query kept", async () => {
    const response = await fetch(`${base}/game?view=1`);
    expect(await response.text()).toBe("stub foundry /game?view=1");
    const asset = await fetch(`${base}/systems/dnd5e/system.json`);
    expect(await asset.text()).toBe("stub foundry /systems/dnd5e/system.json");
    expect(stub.requests).toEqual(["/game?view=1", "/systems/dnd5e/system.json"]);
  });

  it("a websocket upgrade for socket.io reaches Foundry and carries data both ways", async () => {
    const port = new URL(base).port;
    const echoed = await new Promise<string>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port,
        path: "/socket.io/?EIO=4&transport=websocket",
        headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13" },
      });
      req.on("upgrade", (res, socket) => {
        expect(res.statusCode).toBe(101);
        socket.once("data", (data: Buffer) => {
          resolve(data.toString());
          socket.destroy();
        });
        socket.write("ping through the proxy");
      });
      req.on("response", (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
      req.on("error", reject);
      req.end();
    });
    expect(echoed).toBe("ping through the proxy");
    expect(stub.upgrades).toEqual(["/socket.io/?EIO=4&transport=websocket"]);
  });
});

describe("hot reload", () => {
  it("a changed template, language file or stylesheet is announced to the page with what changed", async () => {
    const sent: unknown[] = [];
    const spy = vi.spyOn(vite.ws, "send").mockImplementation((payload: unknown) => void sent.push(payload));
    try {
      for (const path of ["templates/actor/cavaliers.hbs", "lang/en.json", "styles/_tokens.scss"]) vite.watcher.emit("change", join(ROOT, path));
      await vi.waitFor(() => expect(sent).toHaveLength(3), { timeout: 10_000 });
    } finally {
      spy.mockRestore();
    }
    const events = sent as { type: string; event: string; data: { extension: string; path: string; content?: string } }[];
    expect(events.every((e) => e.type === "custom" && e.event === HOT_RELOAD_EVENT)).toBe(true);
    const byExtension = Object.fromEntries(events.map((e) => [e.data.extension, e.data]));
    expect(byExtension.hbs).toMatchObject({ path: "systems/fray/templates/actor/cavaliers.hbs", content: source("templates/actor/cavaliers.hbs") });
    expect(byExtension.json).toMatchObject({ path: "lang/en.json", content: source("lang/en.json") });
    expect(byExtension.css).toMatchObject({ path: "systems/fray/styles/fray.css" });
  });
});

describe("dev options", () => {
  it("default to Foundry on localhost:30000 and the dev server on 30001", () => {
    expect(devOptionsFromEnv({})).toEqual({ foundryUrl: "http://localhost:30000", port: 30001 });
  });

  it("refuse a FOUNDRY_URL or port that cannot work, saying which", () => {
    expect(() => devOptionsFromEnv({ FOUNDRY_URL: "localhost:30000/" })).not.toThrow();
    expect(() => devOptionsFromEnv({ FOUNDRY_URL: "not a url" })).toThrow(/FOUNDRY_URL "not a url"/);
    expect(() => devOptionsFromEnv({ FRAY_DEV_PORT: "70000" })).toThrow(/FRAY_DEV_PORT "70000"/);
  });
});

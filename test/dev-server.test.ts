import { spawn } from "node:child_process";
import { createServer as createHttpServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { devOptionsFromEnv, HOT_RELOAD_EVENT, openAddress, SYSTEM_BASE } from "../scripts/vite/dev-server.js";

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
  probes: string[];
  upgrades: string[];
}

async function startStub(): Promise<Stub> {
  const requests: string[] = [];
  const probes: string[] = [];
  const upgrades: string[] = [];
  const sockets: Socket[] = [];
  const server = createHttpServer((req, res) => {
    // The dev server's one look at Foundry when it starts (scripts/vite/dev-server.ts, probe).
    if (req.method === "HEAD") probes.push(req.url ?? "");
    else requests.push(req.url ?? "");
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
  return { server, sockets, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, probes, upgrades };
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

describe("a Foundry that answers", () => {
  it("is looked at once when the dev server starts", async () => {
    await vi.waitFor(() => expect(stub.probes).toEqual(["/"]), { timeout: 10_000 });
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

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("`npm run dev` as a newcomer starts it (issue 26)", () => {
  it("the page to open is the dev server's root, not the system's folder", () => {
    expect(openAddress("http://localhost:30001/systems/fray/")).toBe("http://localhost:30001/");
    expect(openAddress("http://192.168.1.5:30001/systems/fray/")).toBe("http://192.168.1.5:30001/");
  });

  it("prints the address to open and, with no Foundry behind it, one line saying where it looked and how to point it elsewhere", async () => {
    const foundryUrl = `http://127.0.0.1:${await closedPort()}`;
    // What `npm run dev` runs: vite's own command line, with this checkout's vite.config.ts.
    const child = spawn(process.execPath, [join(ROOT, "node_modules", "vite", "bin", "vite.js")], {
      cwd: ROOT,
      env: { ...process.env, FOUNDRY_URL: foundryUrl, FRAY_DEV_PORT: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let printed = "";
    child.stdout.on("data", (data: Buffer) => (printed += data.toString()));
    child.stderr.on("data", (data: Buffer) => (printed += data.toString()));
    try {
      await vi.waitFor(() => expect(printed).toMatch(/Open: +http:\/\/\S+\n/), { timeout: 60_000, interval: 100 });
      const open = /Open: +(\S+)/.exec(printed)?.[1] ?? "";
      expect(open).toMatch(/^http:\/\/localhost:\d+\/$/);
      await vi.waitFor(() => expect(printed).toContain("no Foundry answers"), { timeout: 30_000, interval: 100 });
      // Pages asked for while no Foundry answers: each gets the same line as a 502, and the log no more.
      for (const path of ["", "game", "join?x=1"]) {
        const response = await fetch(`${open}${path}`);
        expect(response.status, path).toBe(502);
        expect(await response.text(), path).toContain(`no Foundry answers at ${foundryUrl}`);
      }
      // The system's own files still come from the sources.
      expect((await fetch(`${open}systems/fray/system.json`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      child.kill();
    }
    const lines = printed.split("\n");
    expect(lines.filter((line) => line.includes("no Foundry answers"))).toEqual([
      `fray: no Foundry answers at ${foundryUrl} (ECONNREFUSED); start Foundry there, or point the dev server at yours: FOUNDRY_URL=http://<host>:<port> npm run dev`,
    ]);
    expect(lines).toContain(`  ➜  Foundry: ${foundryUrl} (set FOUNDRY_URL to use another)`);
    expect(printed).not.toContain(SYSTEM_BASE);
    expect(printed).not.toMatch(/proxy error|ECONNREFUSED 127|^\s+at /m);
  }, 120_000);
});

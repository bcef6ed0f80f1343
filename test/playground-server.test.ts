/**
 * The playground's static server (playground/server.ts), against a page that is not the
 * playground's (issue 34 item 9): it serves nothing outside the folders it serves, even a sibling
 * whose name starts as dist's (`dist-old/`) reached by an encoded `..`, and it answers only a
 * request addressed to this machine by name (127.0.0.1, localhost, [::1]), so a site whose name a
 * DNS rebinding points at 127.0.0.1 reads nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLocalHost, readUnder, serveFray, type FrayServer } from "../playground/server.js";

let folder: string;
let dist: string;
let server: FrayServer;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "fray-server-"));
  dist = join(folder, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "fray.mjs"), "export {};");
  writeFileSync(join(dist, "system.json"), "{}");
  mkdirSync(join(folder, "dist-old"));
  writeFileSync(join(folder, "dist-old", "secret.txt"), "not to be served");
  writeFileSync(join(folder, "secret.txt"), "not to be served either");
  server = await serveFray({ dist, routes: {} });
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A GET with the Host header a browser would send for the address it was given. */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("readUnder keeps to its folder", () => {
  it("serves a file inside it, and nothing of a sibling whose name starts as its own, nor of its parent", async () => {
    expect((await readUnder(dist, "system.json"))?.body.toString()).toBe("{}");
    expect(await readUnder(dist, "../dist-old/secret.txt")).toBeUndefined();
    expect(await readUnder(dist, "../secret.txt")).toBeUndefined();
    expect(await readUnder(dist, "..")).toBeUndefined();
    expect(await readUnder(dist, "")).toBeUndefined();
  });

  it("over HTTP: an encoded `..` into dist-old/ is not found", async () => {
    const port = new URL(server.url).port;
    expect(await get("/systems/fray/system.json", `127.0.0.1:${port}`)).toEqual({ status: 200, body: "{}" });
    for (const path of ["/systems/fray/..%2fdist-old%2fsecret.txt", "/systems/fray/..%2F..%2Fdist-old/secret.txt", "/systems/fray/%2e%2e%2fsecret.txt"]) {
      const answer = await get(path, `127.0.0.1:${port}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain("not to be served");
    }
  });
});

describe("the server answers only to this machine's names", () => {
  it.each(["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])("%s, with or without its port, is answered", async (name) => {
    const port = new URL(server.url).port;
    expect((await get("/systems/fray/system.json", `${name}:${port}`)).status).toBe(200);
    expect((await get("/systems/fray/system.json", name)).status).toBe(200);
  });

  it.each(["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "127.0.0.2", "[::2]", "localhost:80@evil.example"])("Host %j is refused (421) and reads nothing", async (host) => {
    const answer = await get("/systems/fray/system.json", host);
    expect(answer.status).toBe(421);
    expect(answer.body).not.toBe("{}");
  });

  it("the rule itself", () => {
    expect(isLocalHost(undefined)).toBe(false);
    expect(isLocalHost("")).toBe(false);
    expect(isLocalHost("localhost:8080")).toBe(true);
    expect(isLocalHost("localhost:8080:1")).toBe(false);
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.js";
import { startFrayServer, type FrayServer } from "./server.js";

/** One server over dist/ and one Chromium for a describe block, started before its tests and closed after. */
export function useFrayBrowser(): { readonly server: FrayServer; readonly browser: Browser } {
  const handle: { server?: FrayServer; browser?: Browser } = {};
  beforeAll(async () => {
    handle.server = await startFrayServer();
    handle.browser = await launchBrowser();
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.server?.close();
  });
  return {
    get server() {
      if (!handle.server) throw new Error("the Fray server has not started");
      return handle.server;
    },
    get browser() {
      if (!handle.browser) throw new Error("Chromium has not started");
      return handle.browser;
    },
  };
}

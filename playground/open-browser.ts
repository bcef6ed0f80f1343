/**
 * `npm start` opens the playground in the person's browser where one can be opened: the desktop's
 * own opener (open on macOS, start on Windows, xdg-open on a Linux desktop). Where none can be (a CI
 * run, a server without a display, FRAY_NO_BROWSER set), nothing is tried; the address is printed
 * either way.
 */
import { spawn } from "node:child_process";

/** The command that opens `url` on this machine, or null where no browser can be opened. */
export function browserCommand(url: string, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): { command: string; args: string[] } | null {
  if (env.CI || env.FRAY_NO_BROWSER) return null;
  if (platform === "darwin") return { command: "open", args: [url] };
  // start's first quoted argument is a window title; the empty one keeps the address from being taken for it.
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: "xdg-open", args: [url] };
}

/** Opens `url` in the browser, without waiting for it; resolves whether an opener was started. */
export function openBrowser(url: string): Promise<boolean> {
  const opener = browserCommand(url);
  if (!opener) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(opener.command, opener.args, { stdio: "ignore", detached: true, windowsHide: true, windowsVerbatimArguments: true });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}

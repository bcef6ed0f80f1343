/**
 * `npm start` opens the playground in the browser where one can be opened, and only there
 * (playground/open-browser.ts); it prints the address either way (playground/start.ts).
 */
import { describe, expect, it } from "vitest";
import { browserCommand } from "../playground/open-browser.js";

const URL = "http://127.0.0.1:30013/";

describe("npm start's browser", () => {
  it("opens with the desktop's own opener on macOS, Windows and a Linux desktop", () => {
    expect(browserCommand(URL, "darwin", {})).toEqual({ command: "open", args: [URL] });
    expect(browserCommand(URL, "win32", {})).toEqual({ command: "cmd", args: ["/c", "start", '""', URL] });
    expect(browserCommand(URL, "linux", { DISPLAY: ":0" })).toEqual({ command: "xdg-open", args: [URL] });
    expect(browserCommand(URL, "linux", { WAYLAND_DISPLAY: "wayland-0" })).toEqual({ command: "xdg-open", args: [URL] });
  });

  it("tries nothing where no browser can be opened: no display, a CI run, or FRAY_NO_BROWSER", () => {
    expect(browserCommand(URL, "linux", {})).toBeNull();
    expect(browserCommand(URL, "darwin", { CI: "true" })).toBeNull();
    expect(browserCommand(URL, "linux", { DISPLAY: ":0", FRAY_NO_BROWSER: "1" })).toBeNull();
  });
});

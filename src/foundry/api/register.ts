import { createApi } from "./index.js";
import { onHotbarDrop } from "./hotbar.js";
import { registerKeybindings } from "./keybindings.js";

/** At "init": `game.fray`, the skip-dialog keybinding and the hotbar drops of sheet actions and items. */
export function registerApi(): void {
  // Called at "init", when game is an InitGame (config.d.ts gives it `fray`).
  (game as InitGame).fray = createApi();
  registerKeybindings();
  Hooks.on("hotbarDrop", onHotbarDrop);
}

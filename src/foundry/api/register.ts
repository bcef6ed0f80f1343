import { createApi } from "./index.js";
import { addActorContextOptions } from "./directory.js";
import { onHotbarDrop } from "./hotbar.js";
import { registerKeybindings } from "./keybindings.js";

/** At "init": `game.fray`, the skip-dialog keybinding, the hotbar drops of sheet actions and items, and the Actors directory's Roll Initiative. */
export function registerApi(): void {
  // Called at "init", when game is an InitGame (config.d.ts gives it `fray`).
  (game as InitGame).fray = createApi();
  registerKeybindings();
  Hooks.on("hotbarDrop", onHotbarDrop);
  // v13 calls get<DocumentName>ContextOptions; fvtt-types 13.345 declares the hook with jQuery entries.
  Hooks.on("getActorContextOptions" as never, addActorContextOptions as never);
}

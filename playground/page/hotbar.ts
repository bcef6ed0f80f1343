/**
 * Foundry's hotbar on the playground page: a row of ten slots under the scene, the first page of the
 * User#hotbar of whoever plays now. What a drop does is v13's Hotbar#onDragDrop
 * (client/applications/ui/hotbar.mjs): the "hotbarDrop" hook first (Fray makes its roll macros
 * there and says false), then a dropped Macro takes the slot. A click runs the slot's macro
 * (Hotbar#onExecute, Macro#execute); Shift held down is the skip-dialog key, as anywhere. Not
 * modelled: an empty slot's click (a new macro's sheet), a document's sheet-toggle macro, paging,
 * locking and dragging a macro between slots.
 */
import { dropOnHotbar, hotbarOf, type Macro } from "../foundry/macros.js";
import { Hooks } from "../foundry/hooks.js";
import { state } from "../foundry/state.js";
import type { User } from "../foundry/documents.js";
import type { AnyObject } from "../foundry/utils.js";

const SLOTS = 10;
const localize = (key: string) => (state.game.i18n as { localize(k: string): string }).localize(key);
const macroIn = (slot: number): Macro | null => {
  const id = hotbarOf(state.game.user as User)[slot];
  return id ? ((state.game.macros as Map<string, Macro>).get(id) ?? null) : null;
};

/** Draws the hotbar of the user playing now (made the first time, under the scene); `refresh` redraws the page after a drop or a macro's run. */
export function drawHotbar(refresh: () => Promise<void>): void {
  let bar = document.querySelector<HTMLElement>("#hotbar");
  if (!bar) bar = makeHotbar(refresh);
  const slots = [...Array(SLOTS).keys()].map((i) => {
    const slot = i + 1;
    const macro = macroIn(slot);
    const li = document.createElement("li");
    li.className = `slot ${macro ? "full" : "open"}`;
    li.dataset.slot = String(slot);
    li.setAttribute("role", "button");
    li.setAttribute("aria-label", macro?.name ?? localize("HOTBAR.EMPTY"));
    if (macro) {
      li.title = macro.name as string;
      const img = document.createElement("img");
      img.className = "slot-icon";
      img.src = macro.img;
      img.alt = "";
      li.append(img);
    }
    const key = document.createElement("span");
    key.className = "key";
    key.textContent = String(slot % 10);
    li.append(key);
    return li;
  });
  bar.querySelector("#action-bar")!.replaceChildren(...slots);
}

function makeHotbar(refresh: () => Promise<void>): HTMLElement {
  const bar = document.createElement("aside");
  bar.id = "hotbar";
  bar.setAttribute("aria-roledescription", localize("HOTBAR.LABEL"));
  const slots = document.createElement("menu");
  slots.id = "action-bar";
  bar.append(slots);
  document.querySelector("#pg-scene-drawing")!.after(bar);
  // User#assignHotbarMacro updates the User: its hook redraws the bar, as v13's Hotbar renders on it.
  Hooks.on("updateUser", () => drawHotbar(refresh));
  const slotOf = (event: Event) => (event.target as HTMLElement).closest<HTMLElement>(".slot");
  slots.addEventListener("click", async (event) => {
    const slot = slotOf(event);
    await (slot ? macroIn(Number(slot.dataset.slot)) : null)?.execute();
    await refresh();
  });
  slots.addEventListener("dragover", (event) => {
    if (slotOf(event)) event.preventDefault();
  });
  slots.addEventListener("drop", async (event) => {
    const slot = slotOf(event);
    if (!slot) return;
    event.preventDefault();
    let data: AnyObject = {};
    try {
      data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "") as AnyObject;
    } catch {
      return;
    }
    if (dropOnHotbar(data, Number(slot.dataset.slot)) !== false && data.type === "Macro") {
      const macro = (state.game.macros as Map<string, Macro>).get(String(data.uuid ?? "").replace(/^Macro\./, ""));
      if (macro) await (state.game.user as unknown as { assignHotbarMacro(m: Macro, s: number): Promise<unknown> }).assignHotbarMacro(macro, Number(slot.dataset.slot));
    }
    await refresh();
  });
  return bar;
}

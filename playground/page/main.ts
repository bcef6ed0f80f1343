/**
 * The playground page: boots Fray's built system on the Foundry stand-in for the chosen ruleset,
 * sets its table up (playground/page/world.ts) and draws what a Foundry client shows around Fray's
 * own windows: the scene, the chat log, the combat tracker and the actors directory, for whichever
 * user the "Play as" switcher names. A new ruleset or Reset loads the page again, as Foundry reloads
 * a world: nothing outlives the page but the chosen ruleset (localStorage).
 */
import { bootSystem, chatMessageMenu, shownEntries, type ChatMenuEntry } from "../foundry/browser.js";
import { state } from "../foundry/state.js";
import { dragToken } from "../foundry/tokens.js";
import { drawHotbar } from "./hotbar.js";
import { SceneView } from "./scene-view.js";
import { RULESET_NAMES, RULESETS, SCENARIOS, type RulesetId } from "./scenarios.js";
import { setUpTable, type Doc, type Table } from "./world.js";

/** The tracker's menus (protected in v13's CombatTracker; the page draws them as its ContextMenu would). */
interface TrackerMenus {
  _getEntryContextOptions(): ChatMenuEntry[];
  _getCombatContextOptions(): ChatMenuEntry[];
}

declare global {
  interface Window {
    /** The table the page set up, for the playground's browser test. */
    playground?: Table & { viewer: string; refresh(): Promise<void> };
  }
}

const STORED = "fray.playground.ruleset";
const STORED_THEME = "fray.playground.theme";
const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector) as T;

function chosenRuleset(): RulesetId {
  const wanted = new URLSearchParams(location.search).get("ruleset") ?? localStorage.getItem(STORED) ?? "cavaliers";
  return (RULESETS as readonly string[]).includes(wanted) ? (wanted as RulesetId) : "cavaliers";
}

interface Globals {
  game: {
    user: { id: string; name: string; isGM: boolean; targets: Set<{ id: string; name: string }> };
    users: { get(id: string): { name: string } | undefined };
    i18n: { localize(key: string): string };
    actors: { contents: Doc[] };
    messages: { contents: { id: string; visible: boolean; renderHTML(): Promise<HTMLElement> }[] };
  };
  CONFIG: { statusEffects: { id: string; name: string; img?: string; reference?: string; description?: string }[]; fray: { loadRuleset(id: string): Promise<unknown>; cards?: { cardsIdle(): Promise<void> }; torchlight?: { openCombatGrid(): Promise<{ element: HTMLElement }> } } };
  ui: { combat: { render(options: object): Promise<{ element: HTMLElement }> } };
  Hooks: { on(name: string, fn: (...args: never[]) => void): number };
  foundry: { applications: { ux: { TextEditor: { enrichHTML(content: string): Promise<string> } } } };
}
/** The rules compendium's journals, as the stand-in hands them over. */
interface RulesJournal {
  name: string;
  sort: number;
  sheet: { render(force: boolean): Promise<{ element: HTMLElement | null }> };
}
const g = globalThis as unknown as Globals;

/**
 * Whose screens each window is on (by element id): other users' windows are hidden, as on another
 * computer. One application here stands in for each client's own copy of it (a sheet, the Combat
 * Grid), so a window is on the screen of every user who opened it, drawn for the one playing now.
 */
const windowOwners = new Map<string, Set<string>>();
/** The application of each window, to draw it again for the user playing now. */
const windowApps = new Map<string, { rendered: boolean; render(options?: object): Promise<unknown> }>();
/** How many of the stand-in's notifications the page has shown. */
let shownNotifications = 0;
/** The redraw waiting to run (hooks come in bursts: one for each user's client). */
let pending: ReturnType<typeof setTimeout> | undefined;

async function start(): Promise<void> {
  const ruleset = chosenRuleset();
  localStorage.setItem(STORED, ruleset);
  const picker = $<HTMLSelectElement>("#pg-ruleset");
  picker.replaceChildren(...RULESETS.map((id) => new Option(RULESET_NAMES[id], id, false, id === ruleset)));
  picker.addEventListener("change", () => {
    localStorage.setItem(STORED, picker.value);
    location.search = `?ruleset=${picker.value}`;
  });
  $("#pg-reset").addEventListener("click", () => (location.search = `?ruleset=${ruleset}`));
  const help = $("#pg-help");
  const toggle = $("#pg-help-toggle");
  const showHelp = (shown: boolean) => {
    help.hidden = !shown;
    toggle.setAttribute("aria-expanded", String(shown));
  };
  toggle.addEventListener("click", () => showHelp(help.hidden));
  $("#pg-new-here [data-help]").addEventListener("click", () => showHelp(true));
  // The steps are the page's own words (the scenario's), written as markup there.
  $("#pg-first-round-title").textContent = `A first round of ${RULESET_NAMES[ruleset]}`;
  $("#pg-first-round").innerHTML = SCENARIOS[ruleset].firstRound.map((step) => `<li>${step}</li>`).join("");
  for (const tab of document.querySelectorAll<HTMLButtonElement>("#pg-tabs button")) tab.addEventListener("click", () => showTab(tab.dataset.tab as string));
  // Foundry's interface theme (Configure Settings → Core → Interface theme): the body's theme class.
  const theme = $<HTMLSelectElement>("#pg-theme");
  const applyTheme = (value: string) => {
    document.body.classList.toggle("theme-dark", value === "dark");
    document.body.classList.toggle("theme-light", value !== "dark");
    localStorage.setItem(STORED_THEME, value);
  };
  theme.value = localStorage.getItem(STORED_THEME) === "dark" ? "dark" : "light";
  applyTheme(theme.value);
  theme.addEventListener("change", () => applyTheme(theme.value));
  document.addEventListener("pointerdown", moveWindow);

  const harness = await bootSystem("fray", { "fray.ruleset": ruleset });
  // Fray's prompts (DialogV2) are windows here, answered by clicks, as in Foundry.
  harness.drawDialogs(true);
  // Foundry's KeyboardManager: the keys held now, which the skip-dialog key reads when a button is clicked.
  const keyboard = (g.game as unknown as { keyboard: { downKeys: Set<string> } }).keyboard;
  window.addEventListener("keydown", (event) => keyboard.downKeys.add(event.code));
  window.addEventListener("keyup", (event) => keyboard.downKeys.delete(event.code));
  window.addEventListener("blur", () => keyboard.downKeys.clear());
  // Foundry loads the world's ruleset at init without waiting; the table is set once it is here.
  await g.CONFIG.fray.loadRuleset(ruleset);
  const table = await setUpTable(ruleset);
  let viewer = table.users.gm;
  const playground = Object.assign(table, { viewer, refresh });
  window.playground = playground;
  $("#pg-scene-title").textContent = SCENARIOS[ruleset].title;
  // A message's context menu, as v13's chat log draws it on a right-click: Fray's Copy as request and Undo are there.
  $("#chat-log").addEventListener("contextmenu", (event) => {
    const li = (event.target as HTMLElement).closest<HTMLElement>("li[data-message-id]");
    if (!li) return;
    event.preventDefault();
    openMenu(chatMessageMenu(li), li, event.clientX, event.clientY);
  });
  // The tracker's two menus, as v13's CombatTracker#_onFirstRender makes them: a combatant's on a right-click of
  // her row (_getEntryContextOptions), the combat's (the GM's) on a click of the header's ellipsis (_getCombatContextOptions).
  $("#pg-tracker").addEventListener("contextmenu", (event) => {
    const li = (event.target as HTMLElement).closest<HTMLElement>("li.combatant[data-combatant-id]");
    if (!li) return;
    event.preventDefault();
    openMenu(shownEntries((g.ui.combat as unknown as TrackerMenus)._getEntryContextOptions(), li), li, event.clientX, event.clientY);
  });
  $("#pg-tracker").addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>(".encounter-context-menu");
    if (button) openMenu(shownEntries((g.ui.combat as unknown as TrackerMenus)._getCombatContextOptions(), button), button, event.clientX, event.clientY);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!(event.target as HTMLElement).closest("#context-menu, .encounter-context-menu")) document.querySelector("#context-menu")?.remove();
  });

  /** A menu of `entries` for `li`, each picked by a click as the user playing now (ContextMenu#render, client/applications/ux/context-menu.mjs). */
  function openMenu(entries: ChatMenuEntry[], li: HTMLElement, x: number, y: number): void {
    document.querySelector("#context-menu")?.remove();
    if (!entries.length) return;
    const menu = document.createElement("nav");
    menu.id = "context-menu";
    const items = document.createElement("menu");
    items.className = "context-items";
    for (const entry of entries) {
      const item = document.createElement("li");
      item.className = "context-item";
      item.innerHTML = entry.icon;
      item.append(` ${g.game.i18n.localize(entry.name)}`);
      item.addEventListener("click", async () => {
        menu.remove();
        await entry.callback(li);
        await refresh();
      });
      items.append(item);
    }
    menu.append(items);
    menu.style.left = `${Math.min(x, innerWidth - 220)}px`;
    menu.style.top = `${Math.min(y, innerHeight - 40 * entries.length)}px`;
    document.body.append(menu);
  }

  const who = $<HTMLSelectElement>("#pg-user");
  who.replaceChildren(new Option("Gamemaster", table.users.gm), new Option("Ada (player)", table.users.ada), new Option("Bob (player)", table.users.bob));
  who.addEventListener("change", () => {
    viewer = playground.viewer = who.value;
    harness.switchUser(viewer);
    // Nothing drawn for the previous user stays live: her windows hide, and the new user's are drawn again as hers.
    showWindowsOf(viewer);
    for (const [id, app] of windowApps) if (app.rendered && windowOwners.get(id)?.has(viewer)) void app.render();
    void refresh();
  });

  /** Puts a window on a user's screen (the client whose code opened it: a click's user, or the GM's own client). */
  const openFor = (id: string, user: string) => {
    const owners = windowOwners.get(id) ?? new Set<string>();
    owners.add(user);
    windowOwners.set(id, owners);
  };
  // An application a client renders on purpose (a click, a macro) opens on that client's screen.
  // A forced render also brings the window to the front, as v13's ApplicationV2#render does (bringToFront after `force`):
  // a sheet's Combat Grid button shows the grid above the sheet.
  g.Hooks.on("renderApplicationV2", (app: { id: string; rendered: boolean; render(options?: object): Promise<unknown> }, element: HTMLElement, _context: unknown, options: { force?: boolean }) => {
    windowApps.set(app.id, app);
    if (options.force) {
      openFor(app.id, g.game.user.id);
      if (element.dataset.pgPlaced) raise(element);
    }
    // One application stands in for every client's copy: another client's code drew it (her hooks
    // after a write), so the window on the screen of the user playing now is drawn again for her.
    if (g.game.user.id !== viewer && windowOwners.get(app.id)?.has(viewer)) void state.clientContext.run(undefined, () => app.render());
    showWindowsOf(viewer);
  });
  // Fray's prompts (DialogV2) name the client that opened them.
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains("application") && node.id && !windowOwners.has(node.id)) openFor(node.id, node.dataset.clientUser ?? g.game.user.id);
    showWindowsOf(viewer);
  }).observe(document.body, { childList: true });
  // A window shared with others closes only on this user's screen; the last to close it closes it.
  document.addEventListener(
    "click",
    (event) => {
      const control = (event.target as HTMLElement).closest?.("[data-action='close']");
      const window = control?.closest<HTMLElement>("body > .application");
      const owners = window ? windowOwners.get(window.id) : undefined;
      if (!window || !owners || owners.size <= 1) return;
      owners.delete(viewer);
      event.stopPropagation();
      showWindowsOf(viewer);
    },
    { capture: true },
  );
  document.body.addEventListener("mousedown", (event) => {
    const window = (event.target as HTMLElement).closest?.("body > .application");
    if (window instanceof HTMLElement) raise(window);
  });

  for (const hook of ["createChatMessage", "updateChatMessage", "deleteChatMessage", "updateCombat", "createCombatant", "updateCombatant", "deleteCombatant", "updateActor", "updateToken", "createActiveEffect", "deleteActiveEffect"]) g.Hooks.on(hook, () => scheduleRefresh());
  // The scene: a click targets a token as the user playing now; she drags the tokens she owns (the GM any), as on Foundry's canvas.
  const sceneView = new SceneView($("#pg-scene-drawing"), table.scene, {
    canDrag: (token) => g.game.user.isGM || token.testUserPermission(g.game.user, "OWNER"),
    targeted: (token) => {
      const drawn = table.tokens.get(token.id);
      return !!drawn && g.game.user.targets.has(drawn as never);
    },
    target: (token, additive) => {
      const drawn = table.tokens.get(token.id);
      if (!drawn) return;
      drawn.setTarget(!g.game.user.targets.has(drawn as never), { releaseOthers: !additive });
      drawScene();
    },
    drop: async (token, place) => {
      // Token#_onDragLeftDrop: one movement to the drop, which the stand-in cuts at Area borders and continues.
      // The drop is her client's work to its end, however soon the page is switched to someone else.
      await state.clientContext.run(g.game.user, () => dragToken(token as never, place));
      scheduleRefresh();
    },
  });

  if (SCENARIOS[ruleset].combatGrid) {
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = "Open the Combat Grid";
    open.addEventListener("click", () => void g.CONFIG.fray.torchlight?.openCombatGrid());
    $("#pg-combat-extra").append(open);
    // Opened by the GM; a player opens her own from the tracker or this button.
    const grid = await g.CONFIG.fray.torchlight?.openCombatGrid();
    // The GM has put everyone on the grid before the players arrive.
    grid?.element.querySelector<HTMLElement>("[data-action='placeAll']")?.click();
  }
  await drawJournal();
  setInterval(showNotifications, 400);
  await refresh();

  function scheduleRefresh(): void {
    clearTimeout(pending);
    pending = setTimeout(() => void refresh(), 30);
  }

  /**
   * Draw the sidebar and the scene again for the user playing now, once Fray's cards and renders have
   * settled. The page's own drawing is no client's code, whichever client's hook asked for it: it runs
   * outside them all, where game.user is the one switched to.
   */
  function refresh(): Promise<void> {
    return state.clientContext.run(undefined, drawForViewer);
  }

  async function drawForViewer(): Promise<void> {
    // A click that opened a dialog waits for its answer: draw what is there after a moment rather than wait for it.
    const settled = (async () => {
      await g.CONFIG.fray.cards?.cardsIdle();
      await harness.flush();
    })();
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1500))]);
    harness.switchUser(viewer);
    await Promise.all([drawChat(), drawTracker()]);
    drawActors();
    drawScene();
    drawHotbar(refresh);
    showWindowsOf(viewer);
  }

  function drawScene(): void {
    sceneView.draw();
    const names = [...g.game.user.targets].map((t) => t.name);
    $("#pg-targets").textContent = names.length ? `${g.game.user.name} targets ${names.join(", ")}.` : `${g.game.user.name} targets no one: click a token to target it.`;
  }

  async function drawChat(): Promise<void> {
    const visible = g.game.messages.contents.filter((message) => message.visible).slice(-40);
    const items = await Promise.all(visible.map((message) => message.renderHTML()));
    const log = $("#chat-log");
    log.replaceChildren(...items);
    log.lastElementChild?.scrollIntoView({ block: "nearest" });
  }

  async function drawTracker(): Promise<void> {
    const app = await g.ui.combat.render({ force: true });
    const holder = $("#pg-tracker");
    if (app.element.parentElement !== holder) holder.replaceChildren(app.element);
  }

  function drawActors(): void {
    const user = g.game.user;
    const rows = g.game.actors.contents
      .filter((actor) => actor.testUserPermission(user, "OBSERVER"))
      .map((actor) => {
        const row = document.createElement("li");
        row.dataset.actorId = actor.id;
        const owners = Object.entries(actor.ownership).filter(([id, level]) => id !== "default" && level === 3).map(([id]) => g.game.users.get(id)?.name ?? id);
        const image = document.createElement("img");
        image.src = actor.img ?? "icons/svg/mystery-man.svg";
        image.alt = "";
        const name = document.createElement("span");
        name.innerHTML = `<b></b> <span class="pg-owner"></span>`;
        (name.firstElementChild as HTMLElement).textContent = actor.name;
        (name.lastElementChild as HTMLElement).textContent = owners.length ? `played by ${owners.join(", ")}` : "the GM's";
        const open = document.createElement("button");
        open.type = "button";
        open.dataset.pgOpen = actor.id;
        open.textContent = "Sheet";
        open.setAttribute("aria-label", `Open ${actor.name}'s sheet`);
        open.addEventListener("click", () => void openSheet(actor));
        row.append(image, name, open);
        return row;
      });
    $("#pg-actors").replaceChildren(...rows);
  }

  async function openSheet(actor: Doc): Promise<void> {
    const app = await actor.sheet.render({ force: true });
    await harness.flush();
    raise(app.element);
    showWindowsOf(viewer);
  }

  /** The Journal tab: the rules compendium's journals (the world's game first), and the statuses with the rules page each references. */
  async function drawJournal(): Promise<void> {
    const packs = (g.game as unknown as { packs: { get(id: string): { getDocuments(): Promise<RulesJournal[]> } | undefined } }).packs;
    const journals = [...((await packs.get("fray.rules")?.getDocuments()) ?? [])].sort((a, b) => a.sort - b.sort);
    const ours = journals.find((journal) => journal.name.startsWith(RULESET_NAMES[ruleset].replace(/^The /, "")) || RULESET_NAMES[ruleset].startsWith(journal.name.replace(/ in Fray$/, "")));
    $("#pg-journal").replaceChildren(
      ...[...(ours ? [ours] : []), ...journals.filter((journal) => journal !== ours)].map((journal) => {
        const row = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = journal.name;
        const open = document.createElement("button");
        open.type = "button";
        open.textContent = "Open";
        open.setAttribute("aria-label", `Open the rules of ${journal.name}`);
        open.addEventListener("click", () => void journal.sheet.render(true).then((sheet) => sheet.element && raise(sheet.element)));
        row.append(name, open);
        return row;
      }),
    );
    const statuses = await Promise.all(
      g.CONFIG.statusEffects
        .filter((status) => status.reference && status.description)
        .map(async (status) => {
          const row = document.createElement("li");
          const image = document.createElement("img");
          image.src = status.img ?? "";
          image.alt = "";
          const name = document.createElement("span");
          name.textContent = g.game.i18n.localize(status.name);
          const rule = document.createElement("span");
          rule.className = "pg-status-rule";
          rule.innerHTML = await g.foundry.applications.ux.TextEditor.enrichHTML(status.description ?? "");
          row.append(image, name, rule);
          return row;
        }),
    );
    $("#pg-statuses").replaceChildren(...statuses);
  }

  function showNotifications(): void {
    const records = harness.notifications;
    for (const record of records.slice(shownNotifications)) {
      const toast = document.createElement("div");
      toast.className = `pg-toast ${record.type}`;
      toast.setAttribute("role", record.type === "error" ? "alert" : "status");
      toast.textContent = record.message;
      $("#pg-toasts").append(toast);
      setTimeout(() => toast.remove(), 6000);
    }
    shownNotifications = records.length;
  }
}

function showTab(name: string): void {
  for (const tab of document.querySelectorAll<HTMLElement>("#pg-tabs button")) tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  for (const panel of document.querySelectorAll<HTMLElement>(".pg-tab")) panel.hidden = panel.dataset.tab !== name;
}

let topmost = 100;
/** Bring a window to the front, and stagger a new one so windows do not hide each other's titles. */
function raise(element: HTMLElement): void {
  if (!element.dataset.pgPlaced) {
    element.dataset.pgPlaced = "1";
    const open = document.querySelectorAll("body > .application[data-pg-placed]:not(.pg-elsewhere)").length;
    element.style.top = `calc(var(--pg-bar) + ${12 + ((open - 1) % 6) * 28}px)`;
  }
  element.style.zIndex = String(++topmost);
}

/** A window follows the pointer while its title bar is held, as Foundry's windows do; it stays below the bar and on the screen. */
function moveWindow(event: PointerEvent): void {
  const target = event.target as HTMLElement;
  const header = target.closest?.("body > .application > .window-header");
  if (!header || target.closest("button, a, input, select") || event.button !== 0) return;
  const window = header.parentElement as HTMLElement;
  raise(window);
  const box = window.getBoundingClientRect();
  const [dx, dy] = [event.clientX - box.left, event.clientY - box.top];
  const top = $("#pg-bar").getBoundingClientRect().bottom;
  const follow = (move: PointerEvent) => {
    window.style.left = `${Math.min(Math.max(move.clientX - dx, 0), innerWidth - 120)}px`;
    window.style.top = `${Math.min(Math.max(move.clientY - dy, top), innerHeight - 40)}px`;
  };
  const stop = () => {
    removeEventListener("pointermove", follow);
    removeEventListener("pointerup", stop);
  };
  addEventListener("pointermove", follow);
  addEventListener("pointerup", stop);
  event.preventDefault();
}

function showWindowsOf(user: string): void {
  for (const element of document.querySelectorAll<HTMLElement>("body > .application")) {
    if (!element.dataset.pgPlaced) raise(element);
    element.classList.toggle("pg-elsewhere", !(windowOwners.get(element.id)?.has(user) ?? true));
  }
}

// The browser tests wait on this, as on the harness page.
window.frayBoot = start();

/**
 * The combat tracker sidebar tab after Foundry v13 (client/applications/sidebar/tabs/combat-tracker.mjs):
 * header, one row per visible turn, footer; the row context Foundry prepares (effects from the
 * actor's temporary effects, the tracked resource, ping permission, initiative formatted), the
 * combatant controls, the initiative field's change handler, and the entries of the row's and the
 * combat's context menus (`_getEntryContextOptions`, `_getCombatContextOptions`: the playground page draws them, the Node harness none; the header has the GM's ellipsis that opens the combat's, as v13's header.hbs).
 * No hover.
 */
import Handlebars from "handlebars";
import { ApplicationV2, HandlebarsApplicationMixin, trackAction } from "./applications.js";
import type { Combat, Combatant } from "./documents.js";
import { state } from "./state.js";
import { viewedScene } from "./scene.js";
import type { AnyObject } from "./utils.js";

/** Stand-ins for Foundry's own header and footer parts (the real ones ship with Foundry). */
const CORE_PARTS: Record<string, string> = {
  "templates/sidebar/tabs/combat/header.hbs": `<header class="combat-tracker-header">{{#if combat}}<h4 class="encounter-title">{{localize "COMBAT.Round" round=combat.round}}</h4>{{#if user.isGM}}<button type="button" data-action="rollAll">{{localize "COMBAT.RollAll"}}</button><button type="button" class="encounter-context-menu fa-solid fa-ellipsis-vertical"></button>{{/if}}{{else}}<h4>{{localize "COMBAT.None"}}</h4>{{/if}}</header>`,
  "templates/sidebar/tabs/combat/footer.hbs": `<nav class="combat-controls">{{#if combat}}{{#if user.isGM}}{{#if combat.started}}<button type="button" data-action="previousTurn">{{localize "COMBAT.TurnPrev"}}</button><button type="button" data-action="nextTurn">{{localize "COMBAT.TurnNext"}}</button><button type="button" data-action="nextRound">{{localize "COMBAT.RoundNext"}}</button><button type="button" data-action="endCombat">{{localize "COMBAT.End"}}</button>{{else}}<button type="button" data-action="startCombat">{{localize "COMBAT.Begin"}}</button>{{/if}}{{else if control}}<button type="button" data-action="previousTurn">{{localize "COMBAT.TurnPrev"}}</button><button type="button" data-action="nextTurn">{{localize "COMBAT.TurnEnd"}}</button>{{/if}}{{/if}}</nav>`,
};

/** Registers the stand-in header and footer as partials (done at install). */
export function registerCorePartials(): void {
  for (const [path, text] of Object.entries(CORE_PARTS)) Handlebars.registerPartial(path, Handlebars.compile(text));
}

type HarnessCombatant = Combatant & {
  isOwner: boolean;
  visible: boolean;
  isDefeated: boolean;
  hidden: boolean;
  img: string | null;
  resource: unknown;
  permission: number;
  actor: (Combatant["actor"] & { temporaryEffects?: { img: string | null; name: string; statuses: Set<string> }[] }) | null;
};

/** A ContextMenu entry as v13 declares it (client/applications/ux/context-menu.mjs). */
export interface ContextEntry {
  name: string;
  icon: string;
  condition: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

const game = () => state.game as AnyObject & { user: { isGM: boolean }; combat: Combat | null; combats: { contents: Combat[] } };
const CONFIG = () => state.CONFIG as AnyObject & { Combat: { initiative: { decimals: number }; initiativeIcon: unknown }; specialStatusEffects: Record<string, string> };

/** The scene this client's canvas shows (scene.ts `viewedScene`; the harness draws none). */
function viewedSceneId(): string | null {
  return viewedScene()?.id ?? null;
}

/** Where the tracker's rows are pinged or panned to (the harness has no canvas): the last request, for tests. */
export const canvasRequests: { action: "ping" | "pan"; combatantId: string }[] = [];

/**
 * A stand-in for Foundry's stylesheet rule that draws the roll button from the row's
 * --initiative-icon. Inline, so "../icons/svg/d20.svg" resolves against the page, as Foundry's
 * css/ folder makes it resolve against the server's root.
 */
const CORE_TRACKER_CSS = `.combat-tracker .combatant-control.roll { width: 24px; height: 24px; padding: 0; border: none; background: var(--initiative-icon) center / contain no-repeat; }
.combat-tracker .combatant-control.roll:hover { background-image: var(--initiative-icon-hover); }`;

/** Adds that rule to the page once. */
function addCoreTrackerStyle(): void {
  if (typeof document === "undefined" || document.getElementById("harness-core-tracker-css")) return;
  const style = document.createElement("style");
  style.id = "harness-core-tracker-css";
  style.textContent = CORE_TRACKER_CSS;
  document.head.append(style);
}

/** The combat sidebar tab: header, one row per turn, footer; actions on the viewed combat. */
export class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
  static tabName = "combat";
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "combat",
    tag: "section",
    classes: ["tab", "sidebar-tab", "combat-sidebar"],
    window: { frame: false },
    actions: {
      rollAll: function (this: CombatTracker) {
        return (this.viewed as unknown as { rollAll(): Promise<unknown> } | null)?.rollAll();
      },
      startCombat: function (this: CombatTracker) {
        return this.viewed?.startCombat();
      },
      previousTurn: function (this: CombatTracker) {
        return (this.viewed as unknown as { previousTurn(): Promise<unknown> } | null)?.previousTurn();
      },
      nextTurn: function (this: CombatTracker) {
        return this.viewed?.nextTurn();
      },
      nextRound: function (this: CombatTracker) {
        return this.viewed?.nextRound();
      },
      endCombat: function (this: CombatTracker) {
        return this.viewed?.delete();
      },
      activateCombatant: function () {},
      // CombatTracker#onCombatantControl → _onRollInitiative, _onToggleHidden, _onToggleDefeatedStatus, _onPingCombatant, _onPanToCombatant.
      rollInitiative: function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const combatant = this.combatantOf(target);
        return combatant ? (this.viewed as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant.id as string]) : undefined;
      },
      toggleHidden: function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const combatant = this.combatantOf(target);
        return combatant?.update({ hidden: !combatant.hidden });
      },
      toggleDefeated: async function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const combatant = this.combatantOf(target);
        if (!combatant) return;
        const defeated = !combatant.isDefeated;
        await combatant.update({ defeated });
        const actor = combatant.actor as unknown as { toggleStatusEffect?(id: string, o: AnyObject): Promise<unknown> } | null;
        await actor?.toggleStatusEffect?.(CONFIG().specialStatusEffects.DEFEATED as string, { overlay: true, active: defeated });
      },
      pingCombatant: function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const combatant = this.combatantOf(target);
        if (combatant) canvasRequests.push({ action: "ping", combatantId: combatant.id as string });
      },
      panToCombatant: function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const combatant = this.combatantOf(target);
        if (combatant) canvasRequests.push({ action: "pan", combatantId: combatant.id as string });
      },
    },
  };
  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  #viewed: Combat | null = null;

  /** CombatTracker#combats. */
  get combats(): Combat[] {
    return game().combats?.contents ?? [];
  }
  /** The combat shown: the one set, else the active one, else the first. */
  get viewed(): Combat | null {
    const viewed = this.#viewed ?? game().combat ?? this.combats[0] ?? null;
    // Foundry registers the tracker with the viewed combat so its changes re-render it.
    if (viewed) viewed.apps[this.id] = this as never;
    return viewed;
  }
  /** CombatTracker#viewed is set when another combat is shown. */
  set viewed(combat: Combat | null) {
    this.#viewed = combat;
  }

  /** The combatant of a row control ([data-combatant-id]), as CombatTracker#_onCombatantControl finds it. */
  combatantOf(target: HTMLElement): HarnessCombatant | undefined {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    return id ? (this.viewed?.combatants.get(id) as HarnessCombatant | undefined) : undefined;
  }

  /** CombatTracker#_prepareContext: the user and the viewed combat. */
  protected override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    addCoreTrackerStyle();
    return { ...(await super._prepareContext(options)), user: game().user, combat: this.viewed };
  }

  /** CombatTracker#_preparePartContext: combat context for header and footer, tracker context for the rows. */
  protected override async _preparePartContext(partId: string, context: AnyObject, options: AnyObject): Promise<AnyObject> {
    context = await super._preparePartContext(partId, context, options);
    if (partId === "header" || partId === "footer") await this._prepareCombatContext(context, options);
    if (partId === "tracker") await this._prepareTrackerContext(context, options);
    return context;
  }

  /**
   * CombatTracker#_prepareCombatContext: the part of it the stand-in header and footer use, the roll
   * icon, and `control`: a player whose combatant has the turn gets the turn buttons when the
   * server would let her write the turn (or the round, at either end of it).
   */
  protected async _prepareCombatContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = this.viewed as (Combat & { combatant?: { players: { id: string }[] } }) | null;
    const user = game().user as unknown as { id: string; isGM: boolean };
    const isPlayerTurn = !!combat?.combatant?.players.some((p) => p.id === user.id);
    const turn = combat?.turn ?? null;
    const canControl = !!combat && (turn !== null && turn >= 1 && turn <= combat.turns.length - 2 ? combat.canUserModify(user as never, "update", { turn: 0 }) : combat.canUserModify(user as never, "update", { round: 0 }));
    Object.assign(context, { combat, hasCombat: combat !== null, control: isPlayerTurn && canControl, initiativeIcon: CONFIG().Combat.initiativeIcon });
  }

  /** CombatTracker#_prepareTrackerContext: visible combatants only; initiative shown with decimals only when one has them. */
  protected async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    const turns: AnyObject[] = [];
    for (const [i, combatant] of (combat as unknown as { turns: HarnessCombatant[] }).turns.entries()) {
      if (!combatant.visible) continue;
      turns.push(await this._prepareTurnContext(combat, combatant, i));
    }
    const hasDecimals = turns.some((t) => t.hasDecimals);
    for (const t of turns) if (Number.isFinite(t.initiative)) t.initiative = (t.initiative as number).toFixed(hasDecimals ? CONFIG().Combat.initiative.decimals : 0);
    context.turns = turns;
    context.hasDecimals = hasDecimals;
  }

  /** CombatTracker#_prepareTurnContext: a defeated status marks the row; other statuses with an icon are listed. */
  protected async _prepareTurnContext(combat: Combat, combatant: Combatant, index: number): Promise<AnyObject> {
    const c = combatant as HarnessCombatant;
    const initiative = c.initiative;
    const turn: AnyObject = {
      hasDecimals: Number.isFinite(initiative) && !Number.isInteger(initiative),
      hidden: c.hidden,
      id: c.id,
      isDefeated: c.isDefeated,
      initiative,
      isOwner: c.isOwner,
      name: c.name,
      resource: c.permission >= 2 ? c.resource : null,
      active: index === combat.turn,
      canPing: c.sceneId !== null && c.sceneId === viewedSceneId(),
      img: c.img ?? c.actor?.img ?? "icons/svg/mystery-man.svg",
    };
    turn.css = [turn.active ? "active" : "", c.hidden ? "hide" : "", turn.isDefeated ? "defeated" : ""].filter(Boolean).join(" ");
    const icons: { img: string; name: string }[] = [];
    for (const effect of c.actor?.temporaryEffects ?? []) {
      if (effect.statuses.has(CONFIG().specialStatusEffects.DEFEATED as string)) turn.isDefeated = true;
      else if (effect.img) icons.push({ img: effect.img, name: effect.name });
    }
    const tooltip = icons.length ? `<ul class="effects-tooltip plain">${icons.map((e) => `<li><img src="${e.img}" alt="${e.name}"><span>${e.name}</span></li>`).join("")}</ul>` : "";
    turn.effects = { icons, tooltip };
    return turn;
  }

  /**
   * CombatTracker#_getEntryContextOptions: a row's context menu (the harness draws no menu; a test
   * calls `condition(li)` and `callback(li)` on the row's element as ContextMenu would).
   */
  protected _getEntryContextOptions(): ContextEntry[] {
    const combatantOf = (li: HTMLElement) => this.viewed?.combatants.get(li.dataset.combatantId ?? "") as HarnessCombatant | undefined;
    const isGM = () => game().user.isGM;
    return [
      { name: "COMBAT.CombatantUpdate", icon: "", condition: () => isGM(), callback: (li) => void (combatantOf(li)?.sheet as { render(o: AnyObject): unknown } | null)?.render({ force: true }) },
      { name: "COMBAT.CombatantClear", icon: "", condition: (li) => isGM() && Number.isFinite(combatantOf(li)?.initiative), callback: (li) => combatantOf(li)?.update({ initiative: null }) },
      {
        name: "COMBAT.CombatantReroll",
        icon: "",
        condition: () => isGM(),
        callback: (li) => {
          const combatant = combatantOf(li);
          if (combatant) return (this.viewed as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant.id as string]);
        },
      },
      { name: "COMBAT.CombatantRemove", icon: "", condition: () => isGM(), callback: (li) => combatantOf(li)?.delete() },
    ];
  }

  /** CombatTracker#_getCombatContextOptions: the combat's menu (the GM's), Reset Initiative through Combat#resetAll. */
  protected _getCombatContextOptions(): ContextEntry[] {
    const viewed = () => this.viewed as unknown as { turns: unknown[]; resetAll(): Promise<unknown>; delete(): Promise<unknown> } | null;
    return [
      { name: "COMBAT.InitiativeReset", icon: "", condition: () => game().user.isGM && (viewed()?.turns.length ?? 0) > 0, callback: () => viewed()?.resetAll() },
      { name: "COMBAT.Delete", icon: "", condition: () => game().user.isGM && !!viewed(), callback: () => viewed()?.delete() },
    ];
  }

  /** CombatTracker#_attachFrameListeners: changes of the initiative field update the combatant. */
  protected override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("change", (event) => {
      const input = event.target as HTMLInputElement;
      if (input.classList?.contains("initiative-input")) trackAction(() => this._onUpdateInitiative(input));
    });
  }

  /** CombatTracker#_onUpdateInitiative: "+2"/"-1" change it, a number (or "=n") sets it, blank clears it. */
  protected async _onUpdateInitiative(input: HTMLInputElement): Promise<unknown> {
    const combatant = this.combatantOf(input);
    if (!combatant) return;
    const raw = input.value;
    if (!/^[+-]/.test(raw)) return combatant.update({ initiative: raw ? Number(raw.replace(/^=/, "")) : null });
    const delta = parseInt(raw, 10);
    if (!Number.isNaN(delta)) return combatant.update({ initiative: (combatant.initiative ?? 0) + delta });
  }
}

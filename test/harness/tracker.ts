/**
 * The combat tracker sidebar tab, after Foundry v13. (Rolls are dice.ts's, the harness's one Roll.)
 */
import Handlebars from "handlebars";
import { ApplicationV2, HandlebarsApplicationMixin } from "./applications.js";
import type { Combat, Combatant } from "./documents.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

/** Stand-ins for Foundry's own header and footer parts (the real ones ship with Foundry). */
const CORE_PARTS: Record<string, string> = {
  "templates/sidebar/tabs/combat/header.hbs": `<header class="combat-tracker-header">{{#if combat}}<h4 class="encounter-title">Round {{combat.round}}</h4>{{#if user.isGM}}<button type="button" data-action="rollAll">Roll all</button>{{/if}}{{else}}<h4>No combat</h4>{{/if}}</header>`,
  "templates/sidebar/tabs/combat/footer.hbs": `<nav class="combat-controls">{{#if combat}}{{#if user.isGM}}{{#if combat.started}}<button type="button" data-action="previousTurn">Previous</button><button type="button" data-action="nextTurn">Next turn</button><button type="button" data-action="nextRound">Next round</button><button type="button" data-action="endCombat">End</button>{{else}}<button type="button" data-action="startCombat">Begin</button>{{/if}}{{/if}}{{/if}}</nav>`,
};

export function registerCorePartials(): void {
  for (const [path, text] of Object.entries(CORE_PARTS)) Handlebars.registerPartial(path, Handlebars.compile(text));
}

const game = () => state.game as AnyObject & { user: { isGM: boolean }; combat: Combat | null; combats: { contents: Combat[] } };

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
      rollInitiative: function (this: CombatTracker, _e: Event, target: HTMLElement) {
        const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
        return id ? (this.viewed as unknown as { rollInitiative(ids: string[]): Promise<unknown> } | null)?.rollInitiative([id]) : undefined;
      },
      startCombat: function (this: CombatTracker) {
        return this.viewed?.startCombat();
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
      toggleHidden: function () {},
      toggleDefeated: function () {},
    },
  };
  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  #viewed: Combat | null = null;

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
  set viewed(combat: Combat | null) {
    this.#viewed = combat;
  }

  protected override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    return { ...(await super._prepareContext(options)), user: game().user, combat: this.viewed };
  }

  protected override async _preparePartContext(partId: string, context: AnyObject, options: AnyObject): Promise<AnyObject> {
    context = await super._preparePartContext(partId, context, options);
    if (partId === "tracker") await this._prepareTrackerContext(context, options);
    return context;
  }

  protected async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<void> {
    const combat = this.viewed;
    if (!combat) {
      context.turns = [];
      return;
    }
    const turns = (combat as unknown as { turns: Combatant[] }).turns;
    context.turns = await Promise.all(turns.map((c, i) => this._prepareTurnContext(combat, c, i)));
    context.hasDecimals = false;
  }

  protected async _prepareTurnContext(combat: Combat, combatant: Combatant, index: number): Promise<AnyObject> {
    const active = combat.turn === index;
    const c = combatant as unknown as AnyObject & { isOwner: boolean; id: string; name: string; initiative: number | null; hidden: boolean; defeated: boolean; img: string | null; actor: { img?: string } | null };
    const css = [active ? "active" : "", c.hidden ? "hide" : "", c.defeated ? "defeated" : ""].filter(Boolean).join(" ");
    return {
      id: c.id,
      name: c.name,
      img: c.img ?? c.actor?.img ?? "icons/svg/mystery-man.svg",
      active,
      css,
      hidden: c.hidden,
      isDefeated: c.defeated,
      isOwner: c.isOwner,
      initiative: c.initiative,
      hasDecimals: false,
      canPing: false,
      resource: null,
      effects: { icons: [], tooltip: "" },
    };
  }
}

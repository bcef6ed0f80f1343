/**
 * Regions and their behaviours (Foundry v13): RegionDocument with rectangle shapes and testPoint,
 * RegionBehavior with its typed system, RegionBehaviorType (static `events` always received,
 * `_handleRegionEvent` for subscribed ones), the TOKEN_ENTER / TOKEN_EXIT events a token's move
 * triggers, and RegionBehaviorConfig. Only rectangles: enough to lay out Areas.
 */
import Handlebars from "handlebars";
import { applications } from "./applications.js";
import { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField, TypeDataField, TypeDataModel, type DataField, type DataModel } from "./data.js";
import { ClientDocument, CONST, EmbeddedCollectionField, trackRender, type Collection } from "./documents.js";
import { state } from "./state.js";
import type { AnyObject } from "./utils.js";

export const REGION_EVENTS = {
  REGION_BOUNDARY: "regionBoundary",
  BEHAVIOR_ACTIVATED: "behaviorActivated",
  BEHAVIOR_DEACTIVATED: "behaviorDeactivated",
  TOKEN_ENTER: "tokenEnter",
  TOKEN_EXIT: "tokenExit",
  TOKEN_MOVE_IN: "tokenMoveIn",
  TOKEN_MOVE_OUT: "tokenMoveOut",
  TOKEN_MOVE_WITHIN: "tokenMoveWithin",
  TOKEN_TURN_START: "tokenTurnStart",
  TOKEN_TURN_END: "tokenTurnEnd",
  TOKEN_ROUND_START: "tokenRoundStart",
  TOKEN_ROUND_END: "tokenRoundEnd",
} as const;

/** Core v13 behaviour types (no data models in the harness) besides the system's own. */
export const CORE_BEHAVIOR_TYPES = ["adjustDarknessLevel", "displayScrollingText", "executeMacro", "executeScript", "modifyMovementCost", "pauseGame", "suppressWeather", "teleportToken", "toggleBehavior"];

export interface RegionEvent {
  name: string;
  data: AnyObject;
  region: RegionDocument;
  user: ClientDocument;
}

/** Fields every harness document here starts from (Foundry's _id and flags). */
export function idAndFlags(): Record<string, DataField> {
  return { _id: new StringField({ required: true, nullable: true, blank: false, initial: null }), flags: new ObjectField() };
}

export class RegionBehaviorType extends TypeDataModel {
  /** Handlers always called for these events, with the system as `this`. */
  static events: Record<string, (this: RegionBehaviorType, event: RegionEvent) => Promise<void>> = {};
  /** RegionBehaviorType#behavior. */
  get behavior(): RegionBehavior | null {
    return this.parent instanceof RegionBehavior ? this.parent : null;
  }
  /** RegionBehaviorType#region and #scene. */
  get region(): RegionDocument | null {
    return this.behavior?.region ?? null;
  }
  get scene(): ClientDocument | null {
    return this.behavior?.scene ?? null;
  }
  async _handleRegionEvent(_event: RegionEvent): Promise<void> {}
}

export class RegionBehavior extends ClientDocument {
  static override documentName = "RegionBehavior";
  declare disabled: boolean;

  /** BaseRegionBehavior's schema: name, type, system, disabled. */
  static override defineSchema(): Record<string, DataField> {
    return {
      ...idAndFlags(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      type: new StringField({ required: true, blank: false, choices: () => (state.game.documentTypes as Record<string, string[]>).RegionBehavior ?? [] }),
      system: new TypeDataField("RegionBehavior"),
      disabled: new BooleanField(),
    };
  }
  /** RegionBehavior#region and #scene. */
  get region(): RegionDocument | null {
    return this.parent instanceof RegionDocument ? this.parent : null;
  }
  get scene(): ClientDocument | null {
    return (this.region?.parent as ClientDocument | null) ?? null;
  }
  /** RegionBehavior#active: not disabled and in its Region's collection. */
  get active(): boolean {
    return !this.disabled && this.collection?.has(this.id as string) === true;
  }
  /** RegionBehavior#hasEvent (client/documents/region-behavior.mjs): its type always hears the event, or it subscribes to it. */
  hasEvent(name: string): boolean {
    const system = this.system;
    if (!(system instanceof RegionBehaviorType)) return false;
    const subscribed = (system as unknown as { events?: unknown }).events;
    return name in (system.constructor as typeof RegionBehaviorType).events || (subscribed instanceof Set && subscribed.has(name));
  }
  /** Foundry's order: the type's static handlers, then the events the behaviour subscribes to. */
  async _handleRegionEvent(event: RegionEvent): Promise<void> {
    const system = this.system;
    if (!(system instanceof RegionBehaviorType)) return;
    const handler = (system.constructor as typeof RegionBehaviorType).events[event.name];
    if (handler) await handler.call(system, event);
    const subscribed = (system as unknown as { events?: unknown }).events;
    if (subscribed instanceof Set && subscribed.has(event.name)) await system._handleRegionEvent(event);
  }
  /** A behaviour that becomes active gets TOKEN_ENTER for the tokens already in its Region (only it). */
  protected override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    const region = this.region;
    if (!region || !this.active) return;
    const user = state.game.user as ClientDocument;
    trackRender(
      (async () => {
        for (const token of region.tokens) await this._handleRegionEvent({ name: REGION_EVENTS.TOKEN_ENTER, data: { token, movement: null }, region, user });
      })(),
    );
  }
  /** BaseRegionBehavior permissions: the GM only. */
  override canUserModify(user: { isGM: boolean }): boolean {
    return user.isGM;
  }
}

interface Rectangle {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  hole?: boolean;
}

export class RegionDocument extends ClientDocument {
  static override documentName = "Region";
  static override embedded = { RegionBehavior: "behaviors" };
  static override hasTypeData = false;
  declare shapes: Rectangle[];
  declare behaviors: Collection<RegionBehavior>;
  /** The tokens inside this Region (Foundry's RegionDocument#tokens). */
  tokens = new Set<ClientDocument>();

  /** BaseRegion's schema: the fields Areas use. */
  static override defineSchema(): Record<string, DataField> {
    return {
      ...idAndFlags(),
      name: new StringField({ required: true, blank: false }),
      color: new StringField({ initial: "#4080ff" }),
      shapes: new ArrayField(new ObjectField()),
      elevation: new SchemaField({ bottom: new NumberField({ nullable: true, initial: null }), top: new NumberField({ nullable: true, initial: null }) }),
      behaviors: new EmbeddedCollectionField("RegionBehavior"),
      visibility: new NumberField({ required: true, nullable: false, initial: 0 }),
      locked: new BooleanField(),
    };
  }
  /** Inside some non-hole rectangle and no hole (rotation is not modelled). */
  testPoint(point: { x: number; y: number; elevation?: number }): boolean {
    const inside = (s: Rectangle) => s.type === "rectangle" && point.x >= s.x && point.x < s.x + s.width && point.y >= s.y && point.y < s.y + s.height;
    return this.shapes.some((s) => !s.hole && inside(s)) && !this.shapes.some((s) => s.hole && inside(s));
  }
  /**
   * RegionDocument#_handleEvent (client/documents/region.mjs): every behaviour not disabled handles
   * the event at once, side by side (`Promise.allSettled`); one that fails is logged and stops none
   * of the others.
   */
  async _handleEvent(event: RegionEvent): Promise<void> {
    const results = await Promise.allSettled([...this.behaviors.values()].filter((b) => !b.disabled).map((b) => b._handleRegionEvent(event)));
    for (const result of results) if (result.status === "rejected") console.error(result.reason);
  }
  /** A Region drawn, or reshaped, over tokens: they enter (or exit) it. */
  protected override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    refreshSceneTokens(this);
  }
  /** RegionDocument#_onUpdate: a reshaped Region refreshes which tokens it holds. */
  protected override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("shapes" in changed || "elevation" in changed) refreshSceneTokens(this);
  }
  /** BaseRegion permissions: the GM only. */
  override canUserModify(user: { isGM: boolean }): boolean {
    return user.isGM;
  }
}

/** Every token of the Region's scene checks its Regions again (RegionDocument#_onUpdate → TokenDocument regions). */
function refreshSceneTokens(region: RegionDocument): void {
  const scene = region.parent as (ClientDocument & { tokens?: Collection<ClientDocument & { regions: Set<RegionDocument> }> }) | null;
  for (const token of scene?.tokens?.values() ?? []) refreshTokenRegions(token);
}

/** A token's centre, in scene pixels. */
function tokenCentre(token: AnyObject, gridSize: number): { x: number; y: number; elevation: number } {
  return { x: (token.x as number) + ((token.width as number) * gridSize) / 2, y: (token.y as number) + ((token.height as number) * gridSize) / 2, elevation: (token.elevation as number) ?? 0 };
}

type RegionToken = ClientDocument & { regions: Set<RegionDocument> };

/**
 * Recompute which Regions of its scene hold a token, without a word to them; returns the Regions it
 * was in before. (v13 keeps them in the token's `_regions`, changed with its place in the same
 * update: TokenDocument#_preUpdate → `operation._priorRegions`.)
 */
export function placeTokenInRegions(token: RegionToken, { deleted = false }: { deleted?: boolean } = {}): Set<RegionDocument> {
  const prior = token.regions;
  const scene = token.parent as (ClientDocument & { regions: Map<string, RegionDocument>; grid: { size: number } }) | null;
  if (!scene) return prior;
  const centre = tokenCentre(token as unknown as AnyObject, scene.grid.size);
  const now = new Set(deleted ? [] : [...scene.regions.values()].filter((r) => r.testPoint(centre)));
  for (const region of prior) if (!now.has(region)) region.tokens.delete(token);
  for (const region of now) if (!prior.has(region)) region.tokens.add(token);
  token.regions = now;
  return prior;
}

/**
 * TOKEN_EXIT on the Regions a token left, then TOKEN_ENTER on those it entered, as the user who
 * changed it, with the movement that took it there (null for a creation or a deletion). Each event
 * is started without awaiting the others and none is awaited by the update
 * (TokenDocument.#onUpdateHandleEnterExitMoveInOutRegionEvents, from _onUpdateOperation: after
 * every client's updateToken hook; on deletion TokenDocument._onDeleteOperation, which empties the
 * token's Regions before the exits run); harness.flush() awaits them.
 */
export function announceRegionChange(token: RegionToken, prior: Set<RegionDocument>, user: ClientDocument, movement: AnyObject | null = null): void {
  for (const region of prior) if (!token.regions.has(region)) trackRender(region._handleEvent({ name: REGION_EVENTS.TOKEN_EXIT, data: { token, movement }, region, user }));
  for (const region of token.regions) if (!prior.has(region)) trackRender(region._handleEvent({ name: REGION_EVENTS.TOKEN_ENTER, data: { token, movement }, region, user }));
}

/** A token's Regions recomputed, and the Regions it left and entered told at once (a creation, a deletion, a Region drawn or reshaped). */
export function refreshTokenRegions(token: RegionToken, { deleted = false }: { deleted?: boolean } = {}): void {
  announceRegionChange(token, placeTokenInRegions(token, { deleted }), state.game.user as ClientDocument);
}

/** A token's place along its path (TokenPosition), and how a waypoint moves there (TokenMovementWaypoint). */
export interface Place {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
}
export interface Waypoint extends Place {
  action: string;
  snapped: boolean;
  explicit: boolean;
  checkpoint: boolean;
}

/** TokenDocument.arePositionsEqual. */
export function samePlace(a: Place, b: Place): boolean {
  return a.x === b.x && a.y === b.y && a.elevation === b.elevation && a.width === b.width && a.height === b.height;
}

/** Whether a movement action teleports (CONFIG.Token.movement.actions[action].teleport). */
function teleports(action: string): boolean {
  const actions = ((state.CONFIG.Token as AnyObject | undefined)?.movement as { actions?: Record<string, { teleport?: boolean }> } | undefined)?.actions;
  return actions?.[action]?.teleport === true;
}

/** The Regions whose active behaviours hear a token come in or go out, with the crossings they hear (bit 0 out, bit 2 in). */
function watchedRegions(scene: AnyObject): { region: RegionDocument; mask: number }[] {
  const watched: { region: RegionDocument; mask: number }[] = [];
  for (const region of (scene.regions as Collection<RegionDocument>).values()) {
    let hearsIn = false;
    let hearsOut = false;
    for (const behavior of region.behaviors.values()) {
      if (behavior.disabled) continue;
      const within = behavior.hasEvent(REGION_EVENTS.TOKEN_MOVE_WITHIN);
      hearsIn ||= within || behavior.hasEvent(REGION_EVENTS.TOKEN_MOVE_IN) || behavior.hasEvent(REGION_EVENTS.TOKEN_ENTER);
      hearsOut ||= within || behavior.hasEvent(REGION_EVENTS.TOKEN_MOVE_OUT) || behavior.hasEvent(REGION_EVENTS.TOKEN_EXIT);
    }
    const mask = (hearsOut ? 1 : 0) | (hearsIn ? 4 : 0);
    if (mask) watched.push({ region, mask });
  }
  return watched;
}

/**
 * Where a token going from `from` to `to` first crosses into or out of a Region in a way the
 * Region hears: the first whole-pixel place past the border (RegionDocument#segmentizeMovementPath's
 * enter and exit segments end there), walked one pixel at a time along the straight line. A
 * teleport crosses only at its end. Rectangles only; moves within a Region are not crossings.
 */
function firstCrossing(region: RegionDocument, mask: number, from: Place, to: Waypoint, gridSize: number): Place | null {
  const inside = (place: Place) => region.testPoint(tokenCentre(place as unknown as AnyObject, gridSize));
  const heard = (entering: boolean) => (mask & (entering ? 4 : 1)) !== 0;
  if (teleports(to.action)) {
    const [was, is] = [inside(from), inside(to)];
    return was !== is && heard(is) ? to : null;
  }
  const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y), 1);
  let was = inside(from);
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const place = { x: Math.round(from.x + (to.x - from.x) * t), y: Math.round(from.y + (to.y - from.y) * t), elevation: to.elevation, width: to.width, height: to.height };
    const is = inside(place);
    if (is !== was && heard(is)) return place;
    was = is;
  }
  return null;
}

/**
 * TokenDocument#splitMovementPath (client/documents/token.mjs): the path is cut at the first
 * checkpoint: the nearest place where the token enters or leaves a Region whose behaviours hear
 * it (enter/exit or move-in/out/within events), or an explicit checkpoint waypoint. What comes
 * before is this update's (`passed`); the rest (`pending`) is sent on as a new update.
 */
export function splitMovementPath(token: ClientDocument, origin: Place, waypoints: Waypoint[]): { passed: Waypoint[]; pending: Waypoint[] } {
  const scene = token.parent as unknown as AnyObject & { grid: { size: number } };
  const watched = watchedRegions(scene);
  const passed: Waypoint[] = [];
  const pending: Waypoint[] = [];
  let split = false;
  let previous: Place | Waypoint = origin;
  for (const current of waypoints) {
    if (split) pending.push(current);
    else {
      const start = tokenCentre(previous as unknown as AnyObject, scene.grid.size);
      let nearest: Place | null = null;
      let nearestDistance = Infinity;
      for (const { region, mask } of watched) {
        const crossing = firstCrossing(region, mask, previous, current, scene.grid.size);
        if (!crossing) continue;
        const centre = tokenCentre(crossing as unknown as AnyObject, scene.grid.size);
        const distance = (centre.x - start.x) ** 2 + (centre.y - start.y) ** 2;
        if (distance < nearestDistance) [nearest, nearestDistance] = [crossing, distance];
      }
      if (nearest) {
        if (samePlace(nearest, previous) && previous !== origin) {
          (previous as Waypoint).checkpoint = true;
          pending.push(current);
        } else if (samePlace(nearest, current)) {
          current.checkpoint = true;
          passed.push(current);
        } else {
          passed.push({ x: nearest.x, y: nearest.y, elevation: nearest.elevation, width: nearest.width, height: nearest.height, action: current.action, snapped: false, explicit: false, checkpoint: true });
          pending.push(current);
        }
        split = true;
      } else {
        passed.push(current);
        split = current.checkpoint;
      }
    }
    previous = current;
  }
  return { passed, pending };
}

/** Stand-ins for Foundry's generic form parts (templates/generic/*.hbs ship with Foundry). */
const GENERIC_PARTS: Record<string, string> = {
  "templates/generic/form-fields.hbs": `<div class="standard-form">{{#each fields}}{{#if fieldset}}<fieldset><legend>{{coreText legend}}</legend>{{#each fields}}{{formGroup field value=value name=name label=(coreText label)}}{{/each}}</fieldset>{{else}}{{formGroup field value=value name=name label=(coreText label)}}{{/if}}{{/each}}</div>`,
  "templates/generic/form-footer.hbs": `<footer class="form-footer">{{#each buttons}}<button type="{{type}}" {{#if action}}data-action="{{action}}"{{/if}}><i class="{{icon}}"></i> {{coreText label}}</button>{{/each}}</footer>`,
};

/** Foundry's own English for the keys the stand-in parts show (Foundry's lang/en.json is not loaded). */
const CORE_TEXT: Record<string, string> = {
  "BEHAVIOR.SECTIONS.identity": "Identity",
  "BEHAVIOR.SECTIONS.status": "Status",
  "BEHAVIOR.FIELDS.name.label": "Name",
  "BEHAVIOR.FIELDS.disabled.label": "Disabled",
  "BEHAVIOR.ACTIONS.update": "Update Behavior",
};

/** Registers the stand-in generic form parts as partials, and their text helper (done at install). */
export function registerGenericPartials(): void {
  for (const [path, text] of Object.entries(GENERIC_PARTS)) Handlebars.registerPartial(path, Handlebars.compile(text));
  Handlebars.registerHelper("coreText", (key: unknown) => {
    if (typeof key !== "string") return undefined;
    return CORE_TEXT[key] ?? (state.game.i18n as { localize(k: string): string }).localize(key);
  });
}

interface FormNode {
  fieldset?: boolean;
  legend?: string;
  fields?: FormNode[];
  field?: DataField;
  value?: unknown;
  name?: string;
  label?: string;
}

/**
 * Foundry's RegionBehaviorConfig (client/applications/sheets/region-behavior-config.mjs): the generic
 * form (the behaviour's name, disabled, and its type's own fields) and a footer with Save.
 */
export class RegionBehaviorConfig extends applications.api.HandlebarsApplicationMixin(applications.api.DocumentSheetV2) {
  static override DEFAULT_OPTIONS: AnyObject = {
    classes: ["region-behavior-config"],
    window: { contentClasses: ["standard-form"], icon: "fa-solid fa-child-reaching" },
    position: { width: 480 },
    form: { closeOnSubmit: true },
  };
  static override PARTS = {
    form: { template: "templates/generic/form-fields.hbs", scrollable: [""] },
    footer: { template: "templates/generic/form-footer.hbs" },
  };

  /** RegionBehaviorConfig#_prepareContext: region, fields, buttons. */
  protected override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const context = await super._prepareContext(options);
    return Object.assign(context, { region: context.document, fields: this._getFields(), buttons: this._getButtons() });
  }

  /** RegionBehaviorConfig#_getFields: Identity (name), Status (disabled), then the type's own fields under its label. */
  protected _getFields(): FormNode[] {
    const doc = this.document as RegionBehavior;
    const fields = (doc.constructor as typeof RegionBehavior).schema.fields as Record<string, DataField>;
    const nodes: FormNode[] = [
      { fieldset: true, legend: "BEHAVIOR.SECTIONS.identity", fields: [{ field: fields.name, value: doc._source.name, label: "BEHAVIOR.FIELDS.name.label" }] },
      { fieldset: true, legend: "BEHAVIOR.SECTIONS.status", fields: [{ field: fields.disabled, value: doc._source.disabled, label: "BEHAVIOR.FIELDS.disabled.label" }] },
    ];
    const model = ((state.CONFIG.RegionBehavior as AnyObject).dataModels as Record<string, typeof DataModel>)[doc.type];
    const own: FormNode[] = [];
    const add = (schema: Record<string, DataField>, source: AnyObject, path: string) => {
      for (const [key, field] of Object.entries(schema)) {
        if (key === "events") continue;
        if (field instanceof SchemaField) add(field.fields, (source?.[key] ?? {}) as AnyObject, `${path}.${key}`);
        else if (field instanceof StringField || field instanceof NumberField || field instanceof BooleanField) own.push({ field, value: source?.[key], name: `${path}.${key}` });
      }
    };
    if (model) add(model.schema.fields as Record<string, DataField>, (doc._source.system ?? {}) as AnyObject, "system");
    const typeLabels = (state.CONFIG.RegionBehavior as AnyObject).typeLabels as Record<string, string>;
    if (own.length) nodes.push({ fieldset: true, legend: typeLabels[doc.type] ?? doc.type, fields: own });
    return nodes;
  }

  /** RegionBehaviorConfig#_getButtons. */
  protected _getButtons(): AnyObject[] {
    return [{ type: "submit", icon: "fa-solid fa-floppy-disk", label: "BEHAVIOR.ACTIONS.update" }];
  }
}

export const regionDefaults = { baseType: CONST.BASE_DOCUMENT_TYPE };

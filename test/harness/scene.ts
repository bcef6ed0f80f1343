/**
 * Scenes and tokens (Foundry v13): Scene with its grid and embedded Tokens and Regions,
 * TokenDocument (pixel x/y, size in grid units, the linked actor, the Regions it is in), and the
 * install step that adds them, the Region documents and game.scenes to the harness.
 */
import { BooleanField, NumberField, SchemaField, StringField, type DataField } from "./data.js";
import { ClientDocument, CONST, Collection, EmbeddedCollectionField, WorldCollection, type Actor } from "./documents.js";
import { CORE_BEHAVIOR_TYPES, idAndFlags, REGION_EVENTS, RegionBehavior, RegionBehaviorConfig, RegionBehaviorType, RegionDocument, refreshTokenRegions, registerGenericPartials } from "./regions.js";
import { Hooks } from "./hooks.js";
import { state } from "./state.js";
import { randomID, type AnyObject } from "./utils.js";

const MOVEMENT_KEYS = ["x", "y", "elevation", "width", "height"];

export class TokenDocument extends ClientDocument {
  static override documentName = "Token";
  static override hasTypeData = false;
  declare actorId: string | null;
  declare x: number;
  declare y: number;
  declare disposition: number;
  /** The Regions this token is in (Foundry's TokenDocument#regions). */
  regions = new Set<RegionDocument>();

  /** BaseToken's schema: the fields Fray reads. */
  static override defineSchema(): Record<string, DataField> {
    return {
      ...idAndFlags(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      actorId: new StringField({ nullable: true, blank: false, initial: null }),
      actorLink: new BooleanField(),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      height: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      hidden: new BooleanField(),
      // v13 BaseToken#disposition (common/documents/token.mjs): one of CONST.TOKEN_DISPOSITIONS, hostile unless set.
      disposition: new NumberField({ required: true, nullable: false, integer: true, initial: CONST.TOKEN_DISPOSITIONS.HOSTILE, choices: Object.values(CONST.TOKEN_DISPOSITIONS) }),
    };
  }
  /** The world actor (linked tokens; the harness has no synthetic actors). */
  get actor(): Actor | null {
    return this.actorId ? (((state.game.actors as Collection<Actor> | undefined)?.get(this.actorId) as Actor | undefined) ?? null) : null;
  }
  /** A token's owners are its actor's. */
  override getUserLevel(user: { isGM: boolean; id: string } | null = (state.game.user as { isGM: boolean; id: string } | null) ?? null): number {
    if (user?.isGM) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return this.actor?.getUserLevel(user as never) ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }
  /** BaseToken permissions: the GM creates; owners update and delete. */
  override canUserModify(user: { isGM: boolean; id: string; name: string; role: number; can(p: string): boolean }, action: "create" | "update" | "delete"): boolean {
    if (user.isGM) return true;
    return action !== "create" && this.testUserPermission(user, "OWNER");
  }
  /**
   * TokenDocument#_preUpdate → #preUpdateMovement (client/documents/token.mjs): a change of place is
   * a movement, which `_preUpdateMovement` and the `preMoveToken` hook (skipped with `noHook`) may
   * refuse; a refused movement drops its fields from the update. Only the initiating client asks.
   * The movement carries the origin and destination Fray reads (no waypoints, costs or history).
   */
  protected override async _preUpdate(changes: AnyObject, options: AnyObject, user: never): Promise<boolean | void> {
    const source = this as unknown as AnyObject;
    if (MOVEMENT_KEYS.some((key) => key in changes && changes[key] !== source[key])) {
      const origin = Object.fromEntries(MOVEMENT_KEYS.map((key) => [key, source[key]]));
      const destination = { ...origin, ...Object.fromEntries(MOVEMENT_KEYS.filter((key) => key in changes).map((key) => [key, changes[key]])) };
      const movement = { id: randomID(), origin, destination, method: (options.movement as AnyObject | undefined)?.method ?? "api", constrained: false, recorded: true };
      let allowed = (await this._preUpdateMovement(movement, options)) ?? true;
      allowed &&= options.noHook === true || Hooks.call("preMoveToken", this, movement, options) !== false;
      if (allowed === false) for (const key of MOVEMENT_KEYS) delete changes[key];
    }
    return super._preUpdate(changes, options, user);
  }
  /** TokenDocument#_preUpdateMovement: a subclass may refuse a movement. */
  async _preUpdateMovement(_movement: AnyObject, _options: AnyObject): Promise<boolean | void> {}
  /** TokenDocument#_onCreate / _onUpdate / _onDelete: the Regions it is in, and their enter/exit events. */
  protected override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    refreshTokenRegions(this);
  }
  protected override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (MOVEMENT_KEYS.some((key) => key in changed)) refreshTokenRegions(this);
  }
  protected override _onDelete(options: AnyObject, userId: string): void {
    super._onDelete(options, userId);
    refreshTokenRegions(this, { deleted: true });
  }
}

export class Scene extends ClientDocument {
  static override documentName = "Scene";
  static override collectionName = "scenes";
  static override hasTypeData = false;
  static override embedded = { Token: "tokens", Region: "regions" };
  declare tokens: Collection<TokenDocument>;
  declare regions: Collection<RegionDocument>;
  declare grid: { size: number };

  /** BaseScene's schema: grid, tokens, regions. */
  static override defineSchema(): Record<string, DataField> {
    return {
      ...idAndFlags(),
      name: new StringField({ required: true, blank: false }),
      active: new BooleanField(),
      width: new NumberField({ required: true, nullable: false, integer: true, initial: 4000 }),
      height: new NumberField({ required: true, nullable: false, integer: true, initial: 3000 }),
      grid: new SchemaField({
        type: new NumberField({ required: true, nullable: false, initial: 1 }),
        size: new NumberField({ required: true, nullable: false, integer: true, min: 50, initial: 100 }),
        distance: new NumberField({ required: true, nullable: false, initial: 5 }),
        units: new StringField({ initial: "ft" }),
      }),
      tokens: new EmbeddedCollectionField("Token"),
      regions: new EmbeddedCollectionField("Region"),
    };
  }
  /** BaseScene permissions: the GM only. */
  override canUserModify(user: { isGM: boolean }): boolean {
    return user.isGM;
  }
}

/** Installs the scene documents: CONFIG entries, game.documentTypes.RegionBehavior, foundry.* and globals. */
export function installScenes({ CONFIG, game, foundry, systemJson }: { CONFIG: AnyObject; game: AnyObject; foundry: AnyObject; systemJson: AnyObject }) {
  const config = (documentClass: unknown) => ({ documentClass, dataModels: {}, typeLabels: {}, typeIcons: {}, trackableAttributes: {}, sheetClasses: {} });
  Object.assign(CONFIG, { Scene: config(Scene), Token: config(TokenDocument), Region: config(RegionDocument), RegionBehavior: config(RegionBehavior) });
  const declared = ((systemJson.documentTypes ?? {}) as Record<string, AnyObject>).RegionBehavior ?? {};
  (game.documentTypes as Record<string, string[]>).RegionBehavior = [CONST.BASE_DOCUMENT_TYPE, ...CORE_BEHAVIOR_TYPES, ...Object.keys(declared)];
  Object.assign(foundry.documents as AnyObject, { Scene, TokenDocument, RegionDocument, RegionBehavior });
  Object.assign(foundry.data as AnyObject, { regionBehaviors: { RegionBehaviorType } });
  Object.assign((foundry.applications as AnyObject).sheets as AnyObject, { RegionBehaviorConfig });
  Object.assign(foundry.CONST as AnyObject, { REGION_EVENTS });
  registerGenericPartials();
  return {
    globals: { Scene, TokenDocument, RegionDocument, RegionBehavior },
    collections(): void {
      game.scenes = new WorldCollection<Scene>("Scene");
    },
    reset(): void {
      (game.scenes as Collection<Scene> | undefined)?.clear();
    },
  };
}

/* -------------------------------------------- */

interface MapLike {
  name?: string;
  areas: { id: string; name?: string }[];
  connections: { from: string; to: string; kind: string; open?: boolean; transparent?: boolean; cover?: Record<string, number> }[];
}

/** Where Area number `index` is drawn: 300 px squares, four to a row, 100 px apart. */
export function areaRectangle(index: number): { type: "rectangle"; x: number; y: number; width: number; height: number; rotation: number; hole: boolean } {
  return { type: "rectangle", x: (index % 4) * 400, y: Math.floor(index / 4) * 400, width: 300, height: 300, rotation: 0, hole: false };
}

/** A token's top-left corner that puts a 1×1 token (100 px grid) in the middle of Area `index`. */
export function pointInArea(index: number): { x: number; y: number } {
  const r = areaRectangle(index);
  return { x: r.x + 100, y: r.y + 100 };
}

/**
 * Scene creation data drawing an area map as Regions with `area` behaviours, the way a GM would:
 * each connection listed on the Area it leaves, and again on the other Area when that side has
 * cover of its own (cover is always the cover into the Area that lists it).
 */
export function areaSceneData(map: MapLike, behaviorType = "area"): AnyObject {
  const lines = new Map<string, AnyObject[]>(map.areas.map((a) => [a.id, []]));
  for (const c of map.connections) {
    const door = c.kind === "door" ? { open: c.open ?? false, transparent: c.transparent ?? false } : {};
    lines.get(c.from)?.push({ to: c.to, kind: c.kind, ...door, cover: c.cover?.[c.from] ?? 0 });
    if (c.kind !== "one-way" && (c.cover?.[c.to] ?? 0) > 0) lines.get(c.to)?.push({ to: c.from, kind: c.kind, ...door, cover: c.cover?.[c.to] ?? 0 });
  }
  return {
    name: map.name ?? "Areas",
    regions: map.areas.map((area, index) => ({
      _id: `region${String(index).padStart(10, "0")}`,
      name: area.name ?? area.id,
      shapes: [areaRectangle(index)],
      behaviors: [{ _id: `behavior${String(index).padStart(8, "0")}`, name: area.name ?? area.id, type: behaviorType, system: { areaId: area.id, name: area.name ?? "", connections: lines.get(area.id) } }],
    })),
  };
}

/**
 * Scenes and tokens (Foundry v13): Scene with its grid and embedded Tokens and Regions,
 * TokenDocument (pixel x/y, size in grid units, the linked actor, the Regions it is in, and its
 * movements: split at the Region borders a behaviour hears and continued piece by piece, as v13's
 * client moves a token), and the install step that adds them, the Region documents and game.scenes
 * to the harness.
 */
import { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField, type DataField } from "./data.js";
import { ClientDocument, CONST, Collection, EmbeddedCollectionField, trackRender, WorldCollection, type Actor } from "./documents.js";
import { applyDelta, DELTA_COLLECTIONS, deltaWithActorChanges, deltaWithEmbedded } from "./delta.js";
import { announceRegionChange, CORE_BEHAVIOR_TYPES, idAndFlags, placeTokenInRegions, REGION_EVENTS, RegionBehavior, RegionBehaviorConfig, RegionBehaviorType, RegionDocument, refreshTokenRegions, registerGenericPartials, samePlace, splitMovementPath, type Place, type Waypoint } from "./regions.js";
import { Hooks } from "./hooks.js";
import { documentConfig, state } from "./state.js";
import { deepClone, randomID, type AnyObject } from "./utils.js";

/** TokenDocument.MOVEMENT_FIELDS (the harness has no token shapes). */
const MOVEMENT_KEYS = ["x", "y", "elevation", "width", "height"] as const;

/**
 * CONFIG.Token.movement (client/config.mjs): the default action and which actions teleport (the
 * one property the harness reads; v13's also carry labels, icons, costs and animation).
 */
export const TOKEN_MOVEMENT = {
  defaultAction: "walk",
  actions: { walk: { teleport: false }, fly: { teleport: false }, swim: { teleport: false }, burrow: { teleport: false }, crawl: { teleport: false }, climb: { teleport: false }, jump: { teleport: false }, blink: { teleport: true }, displace: { teleport: true } },
};

/** The update options a continued movement keeps (TokenDocument#onUpdateMovement → movement.updateOptions). */
const CONTINUED_OPTIONS = ["animate", "animation", "diff", "noHook", "pan", "render", "renderSheet", "isPaste", "isUndo"] as const;

/** A section of a movement's path, measured (TokenDocument.MovementSectionData); the harness measures straight lines. */
function section(start: Place, waypoints: Waypoint[], gridSize: number, gridDistance: number): AnyObject {
  let distance = 0;
  let previous = start;
  for (const waypoint of waypoints) {
    distance += (Math.hypot(waypoint.x - previous.x, waypoint.y - previous.y) / gridSize) * gridDistance;
    previous = waypoint;
  }
  return { waypoints, distance, cost: distance, spaces: Math.round(distance / gridDistance), diagonals: 0 };
}

export class TokenDocument extends ClientDocument {
  static override documentName = "Token";
  static override hasTypeData = false;
  declare actorId: string | null;
  declare actorLink: boolean;
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  declare disposition: number;
  declare movementAction: string | null;
  /** The Regions this token is in (Foundry's TokenDocument#regions). */
  regions = new Set<RegionDocument>();
  /** TokenDocument#movement: the last movement, with who made it, its state and the options it continues with. */
  #movement: AnyObject = Object.freeze({ id: "", chain: [], state: "completed", pending: { waypoints: [] }, user: null, updateOptions: {} });
  /**
   * TokenDocument#_movementContinuation's `waitPromise`: what a continued movement waits for, the
   * drawn token's movement animation (Token#_onUpdate sets it, client/canvas/placeables/token.mjs);
   * resolved at once for a token no canvas draws.
   */
  _movementContinuation: { waitPromise: Promise<void> } = { waitPromise: Promise.resolve() };

  /** BaseToken's schema: the fields Fray reads. */
  static override defineSchema(): Record<string, DataField> {
    return {
      ...idAndFlags(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      actorId: new StringField({ nullable: true, blank: false, initial: null }),
      // v13 BaseToken (common/documents/token.mjs): a token is unlinked unless made linked, whatever its actor's type.
      actorLink: new BooleanField(),
      // v13 BaseToken#delta (ActorDeltaField): what an unlinked token changes of its actor (delta.ts).
      delta: new ObjectField({ required: false, nullable: true, initial: null }),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      height: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      hidden: new BooleanField(),
      // v13 BaseToken#disposition (common/documents/token.mjs): one of CONST.TOKEN_DISPOSITIONS, hostile unless set.
      disposition: new NumberField({ required: true, nullable: false, integer: true, initial: CONST.TOKEN_DISPOSITIONS.HOSTILE, choices: Object.values(CONST.TOKEN_DISPOSITIONS) }),
      movementAction: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      // v13 BaseToken#_movementHistory: the waypoints recorded while its combatant's combat runs.
      _movementHistory: new ArrayField(new ObjectField()),
    };
  }
  /** The synthetic actor of an unlinked token, built once and kept up to date (ActorDelta#syntheticActor). */
  #synthetic: Actor | null = null;
  /** TokenDocument#actors: a collection holding the synthetic actor by its world actor's id. */
  readonly actors = new Collection<Actor>();

  /** TokenDocument#baseActor (client/documents/token.mjs): the world actor the token represents. */
  get baseActor(): Actor | null {
    return this.actorId ? (((state.game.actors as Collection<Actor> | undefined)?.get(this.actorId) as Actor | undefined) ?? null) : null;
  }
  /** TokenDocument#isLinked. */
  get isLinked(): boolean {
    return this.actorLink;
  }
  /**
   * TokenDocument#actor (client/documents/token.mjs): a linked token's world actor; an unlinked
   * token's synthetic actor, the world actor with the token's delta applied
   * (ActorDelta#_createSyntheticActor → BaseActorDelta.applyDelta), whose parent is this token.
   */
  get actor(): Actor | null {
    if (this.isLinked) return this.baseActor;
    const base = this.baseActor;
    if (!base) return null;
    if (this.#synthetic?.id !== base.id) {
      const cls = documentConfig("Actor").documentClass as unknown as new (data: AnyObject, context: AnyObject) => Actor;
      this.#synthetic = new cls(applyDelta(base._source, this._source.delta as AnyObject | null), { parent: this });
    }
    return this.#synthetic;
  }
  /** TokenDocument#getEmbeddedCollection: an unlinked token's "Actor" is its synthetic actor (so fromUuid finds it). */
  override getEmbeddedCollection(embeddedName: string): Collection<ClientDocument> {
    if (embeddedName === "Actor" && !this.isLinked) {
      const actor = this.actor;
      this.actors.clear();
      if (actor) this.actors.set(actor.id as string, actor);
      return this.actors as unknown as Collection<ClientDocument>;
    }
    return super.getEmbeddedCollection(embeddedName);
  }
  /**
   * ActorDelta#updateSyntheticActor (client/documents/actor-delta.mjs), from
   * TokenDocument#_onUpdateBaseActor: the synthetic actor takes the world actor's data again, with
   * the delta applied; the same Actor, its Items and ActiveEffects made anew.
   */
  _onUpdateBaseActor(): void {
    this._onRelatedUpdate();
    const synthetic = this.#synthetic;
    const base = this.baseActor;
    if (this.isLinked || !synthetic || !base) return;
    const cls = synthetic.constructor as unknown as new (data: AnyObject, context: AnyObject) => Actor;
    const fresh = new cls(applyDelta(base._source, this._source.delta as AnyObject | null), { parent: this });
    (synthetic as unknown as { _source: AnyObject })._source = fresh._source;
    for (const field of Object.values(DELTA_COLLECTIONS)) delete (synthetic as unknown as AnyObject)[field];
    synthetic.reset();
    synthetic.prepareData();
    synthetic.render(false, { renderContext: "updateActor" });
  }
  /**
   * TokenDocument#_onRelatedUpdate: when its actor or its delta changes, a token in the viewed combat
   * re-renders the combat tracker (v13 also redraws the token's bars and effects, and its HUD).
   */
  _onRelatedUpdate(): void {
    const combat = state.game.combat as { combatants: Collection<ClientDocument & { token: ClientDocument | null }> } | null | undefined;
    if (!combat?.combatants.some((combatant) => combatant.token === this)) return;
    trackRender((globalThis as unknown as { ui?: { combat?: { render(): unknown } } }).ui?.combat?.render());
  }
  /** TokenDocument#_onUpdateDescendantDocuments: a write of its synthetic actor (its delta's) is a related update. */
  protected override _onUpdateDescendantDocuments(parent: ClientDocument, collection: string, documents: ClientDocument[], changes: AnyObject[], options: AnyObject, userId: string): void {
    super._onUpdateDescendantDocuments(parent, collection, documents, changes, options, userId);
    this._onRelatedUpdate();
  }
  /**
   * The token's delta after a write of its synthetic actor or of a document inside it
   * (ClientDatabaseBackend#adjustActorDeltaRequest, client/data/client-backend.mjs: such a write is
   * an ActorDelta write): the actor's changed fields, or the Item or ActiveEffect (the synthetic
   * actor's own child) it touched. A deletion re-applies the delta (ActorDelta#updateSource).
   */
  _recordDeltaWrite(doc: ClientDocument, changed: AnyObject | null): void {
    const synthetic = this.#synthetic;
    if (!synthetic || this.isLinked) return;
    if (doc === synthetic) {
      this._source.delta = deltaWithActorChanges(this._source.delta as AnyObject | null, changed ?? {});
      if (Object.keys(changed ?? {}).some((key) => key.includes("-="))) this._onUpdateBaseActor();
      return;
    }
    let child: ClientDocument = doc;
    while (child.parent && child.parent !== synthetic) child = child.parent as ClientDocument;
    if (child.parent !== synthetic) return;
    const name = child.documentName as keyof typeof DELTA_COLLECTIONS;
    const collection = DELTA_COLLECTIONS[name];
    if (!collection) return;
    const current = synthetic.getEmbeddedCollection(name).get(child.id as string);
    const baseHasIt = !!this.baseActor?.getEmbeddedCollection(name).get(child.id as string);
    this._source.delta = deltaWithEmbedded(this._source.delta as AnyObject | null, collection, child.id as string, current ? current._source : null, baseHasIt);
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
  get movement(): AnyObject {
    return this.#movement;
  }
  /** TokenDocument#getCenterPoint for a place of this token. */
  getCenterPoint(place: Partial<Place> = this as unknown as Place): { x: number; y: number; elevation: number } {
    const size = (this.parent as Scene | null)?.grid.size ?? 100;
    return { x: (place.x ?? this.x) + ((place.width ?? this.width) * size) / 2, y: (place.y ?? this.y) + ((place.height ?? this.height) * size) / 2, elevation: place.elevation ?? this.elevation };
  }
  /** TokenDocument#move: an update of nothing but a movement through the waypoints. */
  async move(waypoints: Partial<Waypoint> | Partial<Waypoint>[], { method, ...options }: AnyObject = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    if (!list.length) return false;
    return !!(await this.update({}, { ...options, movement: { [this.id as string]: { waypoints: list, method } } }));
  }

  /**
   * v13 asks _preUpdate before it diffs an update against the source
   * (ClientDatabaseBackend#preUpdateDocumentArray); the harness diffs first, so an update that only
   * carries a movement (a drag, an arrow key, a continued move: `update({}, {movement})`) names its
   * last waypoint here, or the diff would drop it as empty.
   */
  static override async updateDocuments(updates: AnyObject[] = [], operation: AnyObject = {}): Promise<ClientDocument[]> {
    const movement = (operation.movement ?? {}) as Record<string, { waypoints?: Partial<Waypoint>[] } | undefined>;
    const named = updates.map((update) => {
      const last = movement[update._id as string]?.waypoints?.at(-1);
      return last ? { ...update, ...Object.fromEntries(MOVEMENT_KEYS.filter((key) => last[key] !== undefined).map((key) => [key, last[key]])) } : update;
    });
    return super.updateDocuments(named, operation);
  }

  /**
   * TokenDocument#_preUpdate → #preUpdateMovement (client/documents/token.mjs): a change of place is
   * a movement through waypoints (the operation's `movement[id]`, else one waypoint inferred from
   * the changes, a displacement for `teleport` or a paste). Unless pasted or undone, the path is cut
   * at the first Region border a behaviour hears (#splitMovementPath): this update goes to that
   * checkpoint, and the rest waits in `pending`. `_preUpdateMovement` and the `preMoveToken` hook
   * (on this client only; what a hook adds to the options is sent with the update) may refuse the movement, which drops its fields from the update and stops
   * a continued movement. The movement is shaped as fvtt-types' TokenDocument.MovementOperation; its
   * distances are straight lines and its costs equal them (no terrain, walls or history).
   */
  protected override async _preUpdate(changes: AnyObject, options: AnyObject, user: never): Promise<boolean | void> {
    const source = this._source as unknown as Place & { movementAction: string | null; _movementHistory: Waypoint[] };
    // #preUpdateMovement: the history is Foundry's to write, emptied only by clearMovementHistory.
    if (!options.isUndo) delete changes._movementHistory;
    if (options._clearMovementHistory) changes._movementHistory = [];
    const asked = (options.movement as Record<string, AnyObject> | undefined)?.[this.id as string];
    let waypoints = (asked?.waypoints as Partial<Waypoint>[] | undefined)?.length ? (asked!.waypoints as Partial<Waypoint>[]) : undefined;
    if (!waypoints && MOVEMENT_KEYS.some((key) => key in changes)) {
      const displaced = options.teleport === true || options.isPaste === true;
      waypoints = [{ ...Object.fromEntries(MOVEMENT_KEYS.map((key) => [key, changes[key] ?? source[key]])), ...(displaced ? { action: "displace" } : {}), checkpoint: true }];
    }
    if (!waypoints) return super._preUpdate(changes, options, user);
    const method = (asked?.method as string | undefined) ?? (options.isPaste ? "paste" : options.isUndo ? "undo" : "api");
    const origin: Place = Object.freeze({ x: source.x, y: source.y, elevation: source.elevation, width: source.width, height: source.height });
    // #cleanAndValiateMovementWaypoints: each waypoint takes what it leaves out from the one before.
    let previous: Waypoint = { ...origin, action: source.movementAction ?? TOKEN_MOVEMENT.defaultAction, snapped: false, explicit: false, checkpoint: false };
    const cleaned = waypoints.map((given) => {
      const waypoint: Waypoint = {
        x: Math.round(given.x ?? previous.x),
        y: Math.round(given.y ?? previous.y),
        elevation: given.elevation ?? previous.elevation,
        width: given.width ?? previous.width,
        height: given.height ?? previous.height,
        action: given.action ?? previous.action,
        snapped: given.snapped ?? false,
        explicit: given.explicit ?? false,
        checkpoint: given.checkpoint ?? false,
      };
      if (!(waypoint.action in TOKEN_MOVEMENT.actions)) throw new Error("action is invalid");
      previous = waypoint;
      return waypoint;
    });
    const { passed, pending } = options.isPaste || options.isUndo ? { passed: cleaned, pending: [] } : splitMovementPath(this, origin, cleaned);
    const continued = (options._movementArguments as { movementId?: string } | undefined)?.movementId;
    const stop = () => {
      for (const key of MOVEMENT_KEYS) delete changes[key];
      if (continued !== undefined && continued === this.#movement.id) this.#movement = Object.freeze({ ...this.#movement, state: "stopped", pending: { ...(this.#movement.pending as AnyObject), waypoints: [] } });
    };
    if (!passed.length) {
      stop();
      return super._preUpdate(changes, options, user);
    }
    const destination = passed.at(-1)!;
    destination.checkpoint = true;
    for (const key of MOVEMENT_KEYS) changes[key] = destination[key];
    const scene = this.parent as Scene | null;
    const [gridSize, gridDistance] = [scene?.grid.size ?? 100, (scene?.grid as { distance?: number } | undefined)?.distance ?? 5];
    const unmeasured = { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 };
    const movement = {
      id: randomID(),
      chain: ((options._movementArguments as { chain?: string[] } | undefined)?.chain ?? []).slice(),
      origin,
      destination: { x: destination.x, y: destination.y, elevation: destination.elevation, width: destination.width, height: destination.height },
      passed: section(origin, passed, gridSize, gridDistance),
      pending: section(destination, pending, gridSize, gridDistance),
      history: { recorded: unmeasured, unrecorded: unmeasured, distance: 0, cost: 0, spaces: 0, diagonals: 0 },
      constrained: false,
      recorded: !options.isUndo,
      method,
      constrainOptions: {},
      autoRotate: false,
      showRuler: false,
    };
    // v13 reads `noHook` here, but its backend takes `noHook` out of the options before `_preUpdate`
    // (ClientDatabaseBackend#preUpdateDocumentArray), so preMoveToken is always asked.
    let allowed = (await this._preUpdateMovement(movement, options)) ?? true;
    allowed &&= Hooks.call("preMoveToken", this, movement, options) !== false;
    if (allowed === false) {
      stop();
      return super._preUpdate(changes, options, user);
    }
    options._movement = { ...((options._movement as AnyObject | undefined) ?? {}), [this.id as string]: movement };
    // The passed waypoints join the history while its combatant's combat runs (_shouldRecordMovementHistory);
    // the stand-in records only a movement that changes the token's place.
    if (movement.recorded && !samePlace(origin, destination) && this._shouldRecordMovementHistory()) changes._movementHistory = [...source._movementHistory, ...passed.map((waypoint) => ({ ...waypoint }))];
    return super._preUpdate(changes, options, user);
  }
  /** TokenDocument#_shouldRecordMovementHistory: the token has a combatant in a started combat. */
  _shouldRecordMovementHistory(): boolean {
    const combats = (state.game.combats as Collection<ClientDocument & { started: boolean; combatants: Collection<ClientDocument & { tokenId?: string | null; sceneId?: string | null }> }> | undefined)?.contents ?? [];
    return combats.some((combat) => combat.started && combat.combatants.some((c) => c.tokenId === this.id && c.sceneId === (this.parent as ClientDocument | null)?.id));
  }
  /** TokenDocument#clearMovementHistory: an undiffed update that empties it, which stops a movement under way. */
  async clearMovementHistory(): Promise<void> {
    if (!((this._source._movementHistory as unknown[] | undefined)?.length ?? 0)) return;
    await this.update({}, { diff: false, noHook: true, _clearMovementHistory: true });
  }
  /**
   * TokenDocument##stopMovement(false): a movement under way stops where it is; what was pending is
   * dropped, never sent on, and every client hears `stopToken`.
   */
  #stopMovement(): void {
    if (this.#movement.state !== "pending" && this.#movement.state !== "paused") return;
    this.#movement = Object.freeze({ ...this.#movement, state: "stopped", pending: Object.freeze({ waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 }) });
    // Every client stops the movement as it handles the update, and each hears stopToken: the acting client first.
    const acting = state.game.user as ClientDocument | null;
    const others = ((state.game.users as Collection<ClientDocument & { active?: boolean }> | undefined)?.contents ?? []).filter((u) => u.active && u.id !== acting?.id && !state.frozenClients.has(u.id as string));
    for (const client of [acting, ...others]) if (client) state.clientContext.run(client, () => Hooks.callAll("stopToken", this));
  }
  /** TokenDocument#_preUpdateMovement: a subclass may refuse a movement. */
  async _preUpdateMovement(_movement: AnyObject, _options: AnyObject): Promise<boolean | void> {}
  /** TokenDocument._preUpdateOperation → #preUpdateOperationMovement: what asked for the movement is not sent on. */
  static override async _preUpdateOperation(documents: ClientDocument[], operation: AnyObject, user: never): Promise<boolean | void> {
    const allowed = await super._preUpdateOperation(documents, operation, user);
    if (allowed === false) return false;
    delete operation.movement;
    delete operation._movementArguments;
  }
  /** TokenDocument#_onCreate / _onUpdate / _onDelete: the Regions it is in, and their enter/exit events. */
  protected override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    refreshTokenRegions(this);
  }
  /**
   * TokenDocument#_onUpdate → #onUpdateMovement keeps the movement (its user, state and the options
   * a continuation keeps: Foundry's own, never a system's); a new movement stops the one under way
   * unless it continues it; an update clearing the movement history stops it. The token's Regions
   * change with its place here, silently: their enter and exit events come after every update hook,
   * from _onUpdateOperation. A drawn token starts its movement animation (Token#_onUpdate).
   */
  protected override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    // "If the Actor association has changed, expire the cached Token actor" (TokenDocument#_onUpdate).
    if ("actorId" in changed || "actorLink" in changed) this.#synthetic = null;
    const movement = (options._movement as Record<string, AnyObject> | undefined)?.[this.id as string] ?? null;
    if (movement) {
      if (this.#movement.id !== (movement.chain as string[]).at(-1)) this.#stopMovement();
      const user = (state.game.users as Collection<ClientDocument> | undefined)?.get(userId) ?? null;
      const progress = (movement.pending as { waypoints: unknown[] }).waypoints.length > 0 ? "pending" : "completed";
      const updateOptions = Object.fromEntries(CONTINUED_OPTIONS.filter((key) => options[key] !== undefined).map((key) => [key, deepClone(options[key])]));
      this.#movement = Object.freeze({ ...movement, user, state: progress, updateOptions: Object.freeze(updateOptions) });
      const drawn = (this as unknown as { object?: { animateMovement?(): Promise<void> } }).object;
      this._movementContinuation.waitPromise = drawn?.animateMovement?.() ?? Promise.resolve();
    } else if (options._clearMovementHistory) this.#stopMovement();
    if (MOVEMENT_KEYS.some((key) => key in changed)) {
      const prior = ((options._priorRegions as Record<string, Set<RegionDocument>> | undefined) ??= {});
      prior[this.id as string] = placeTokenInRegions(this);
    }
  }
  /**
   * TokenDocument._onUpdateOperation (client/documents/token.mjs), after every updateToken hook:
   * #onUpdateHandleEnterExitMoveInOutRegionEvents tells the Regions each token left and entered
   * (started, not awaited), then #onUpdateContinueMovement, not awaited either, sends a pending path
   * on from the mover's client.
   */
  static override async _onUpdateOperation(documents: ClientDocument[], operation: AnyObject, user: never): Promise<void> {
    await super._onUpdateOperation(documents, operation, user);
    const prior = (operation._priorRegions ?? {}) as Record<string, Set<RegionDocument>>;
    const movements = (operation._movement ?? {}) as Record<string, AnyObject>;
    for (const token of documents as TokenDocument[]) {
      const left = prior[token.id as string];
      if (left) announceRegionChange(token, left, user, movements[token.id as string] ?? null);
    }
    for (const token of documents as TokenDocument[]) {
      const movement = movements[token.id as string];
      if (movement && token.#movement.id === movement.id && token.#movement.state === "pending") trackRender(token.#continueMovement(movement.id as string));
    }
  }
  /**
   * TokenDocument.#onUpdateContinueMovement → #continueMovement: out of the update's workflow (a
   * tick), then after the token's movement animation (`_movementContinuation.waitPromise`), the
   * user who made the movement sends the pending waypoints as a new update with only the kept
   * options, unless another movement, a stop (a cleared movement history) or the token's deletion
   * came first.
   */
  async #continueMovement(movementId: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.#movement.id !== movementId || this.#movement.state !== "pending") return;
    await this._movementContinuation.waitPromise;
    const movement = this.#movement;
    if (movement.id !== movementId || movement.state !== "pending") return;
    if ((this.parent as Scene | null)?.tokens.get(this.id as string) !== this) return;
    const waypoints = (movement.pending as { waypoints: Waypoint[] }).waypoints.map((waypoint) => ({ ...waypoint }));
    const options = { ...deepClone(movement.updateOptions as AnyObject), movement: { [this.id as string]: { waypoints, method: movement.method } }, _movementArguments: { movementId, chain: [...(movement.chain as string[]), movementId] } };
    await state.clientContext.run(movement.user, () => this.update({}, options));
  }
  protected override _onDelete(options: AnyObject, userId: string): void {
    this.#stopMovement();
    super._onDelete(options, userId);
    this.#movement = Object.freeze({ ...this.#movement, state: "stopped" });
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
  declare active: boolean;

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
  /** Scene#view (client/documents/scene.mjs): this client's canvas shows the scene; no other client's changes. */
  async view(): Promise<this> {
    VIEWS.set(clientUserId(), this.id as string);
    return this;
  }
  /** Scene#isView: the scene this client's canvas shows. */
  get isView(): boolean {
    return viewedScene() === this;
  }
}

/**
 * Which scene each client's canvas shows, by user (v13 keeps `Scene#_view` in each client's memory;
 * the server never hears of it). A client that has not viewed one shows the active scene, as a client
 * does on joining and when the GM activates another (Scene#_onUpdate → view()).
 */
const VIEWS = new Map<string, string>();

function clientUserId(): string {
  return (state.game.user as { id: string } | undefined)?.id ?? "";
}

/** `game.scenes.viewed` (client/documents/collections/scenes.mjs) on the acting client: the scene its canvas shows. */
export function viewedScene(): Scene | null {
  const scenes = state.game.scenes as Collection<Scene> | undefined;
  const viewed = scenes?.get(VIEWS.get(clientUserId()) ?? "");
  return viewed ?? scenes?.find((scene) => scene.active) ?? null;
}

/** Installs the scene documents: CONFIG entries, game.documentTypes.RegionBehavior, foundry.* and globals. */
export function installScenes({ CONFIG, game, foundry, systemJson }: { CONFIG: AnyObject; game: AnyObject; foundry: AnyObject; systemJson: AnyObject }) {
  const config = (documentClass: unknown) => ({ documentClass, dataModels: {}, typeLabels: {}, typeIcons: {}, trackableAttributes: {}, sheetClasses: {} });
  Object.assign(CONFIG, { Scene: config(Scene), Token: { ...config(TokenDocument), movement: TOKEN_MOVEMENT }, Region: config(RegionDocument), RegionBehavior: config(RegionBehavior) });
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
      Object.defineProperties(game.scenes, {
        active: { get: () => (game.scenes as Collection<Scene>).find((scene) => scene.active) ?? null },
        viewed: { get: viewedScene },
        current: { get: viewedScene },
      });
    },
    reset(): void {
      (game.scenes as Collection<Scene> | undefined)?.clear();
      VIEWS.clear();
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

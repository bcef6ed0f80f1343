/**
 * Documents: Actor, Item, ChatMessage, Combat, Combatant, User, their world collections and a
 * single-process "database" that runs Foundry v13's create/update/delete workflow:
 * construct/clean/validate → permission check → _preX (document, then its system model) →
 * preX<Name> hook (false cancels) → static _preXOperation → apply → prepareData → _onX → X<Name>
 * hook → the parent's _onXDescendantDocuments (which re-renders its apps), as v13's
 * client/data/client-backend.mjs orders them.
 */
import { Hooks } from "./hooks.js";
import { ArrayField, BooleanField, DataField, DataModel, DataModelValidationFailure, HTMLField, NumberField, ObjectField, SchemaField, StringField, TypeDataField, TypeDataModel, type CleanOptions, type DataFieldOptions, type DataModelConstructionOptions, type UpdateOptions, type ValidateOptions } from "./data.js";
import { state, documentConfig, type CreateDialogRecord } from "./state.js";
import { deepClone, expandObject, isEmpty, mergeObject, randomID, type AnyObject } from "./utils.js";

export const CONST = {
  BASE_DOCUMENT_TYPE: "base",
  DOCUMENT_OWNERSHIP_LEVELS: { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 },
  USER_ROLES: { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 },
  /** v13 common/constants.mjs ACTIVE_EFFECT_MODES. */
  ACTIVE_EFFECT_MODES: { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 },
  /** v13 common/constants.mjs TOKEN_DISPOSITIONS. */
  TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
  /** Foundry's default role for each user permission the harness checks. */
  USER_PERMISSIONS: {
    ACTOR_CREATE: { defaultRole: 3 },
    ITEM_CREATE: { defaultRole: 3 },
    SETTINGS_MODIFY: { defaultRole: 3 },
    MESSAGE_WHISPER: { defaultRole: 1 },
    MACRO_SCRIPT: { defaultRole: 1 },
  } as Record<string, { defaultRole: number }>,
} as const;

type OwnershipLevel = keyof typeof CONST.DOCUMENT_OWNERSHIP_LEVELS;

/** Foundry's Collection: a Map with the array-style helpers. */
export class Collection<V> extends Map<string, V> {
  get contents(): V[] {
    return Array.from(this.values());
  }
  override get(key: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const value = super.get(key);
    if (strict && value === undefined) throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return value;
  }
  getName(name: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const found = this.find((v) => (v as { name?: unknown }).name === name);
    if (strict && found === undefined) throw new Error(`An entry with name ${name} does not exist in the collection`);
    return found;
  }
  filter(fn: (v: V, i: number, c: this) => unknown): V[] {
    return this.contents.filter((v, i) => fn(v, i, this));
  }
  find(fn: (v: V, i: number, c: this) => unknown): V | undefined {
    return this.contents.find((v, i) => fn(v, i, this));
  }
  map<T>(fn: (v: V, i: number, c: this) => T): T[] {
    return this.contents.map((v, i) => fn(v, i, this));
  }
  some(fn: (v: V, i: number, c: this) => unknown): boolean {
    return this.contents.some((v, i) => fn(v, i, this));
  }
  every(fn: (v: V, i: number, c: this) => unknown): boolean {
    return this.contents.every((v, i) => fn(v, i, this));
  }
  reduce<T>(fn: (acc: T, v: V, i: number) => T, initial: T): T {
    return this.contents.reduce(fn, initial);
  }
  // @ts-expect-error -- Foundry's Collection iterates its values, not [key, value] entries
  override [Symbol.iterator](): MapIterator<V> {
    return this.values();
  }
  toJSON(): unknown[] {
    return this.map((v) => (v as { toJSON?: () => unknown }).toJSON?.() ?? v);
  }
}

/** A top-level collection such as game.actors; its documentClass is CONFIG[documentName].documentClass. */
export class WorldCollection<V> extends Collection<V> {
  /** DocumentCollection#invalidDocumentIds: stored documents that failed to load (their data stays on the server). */
  readonly invalidDocumentIds = new Set<string>();
  /**
   * This client's copy of each document that failed to load (v13 keeps every received source in
   * DocumentCollection#_source; a loaded document's is its own _source here). An update of such a
   * document reaches the server but not this copy: ClientDatabaseBackend#handleUpdateDocuments
   * (client/data/client-backend.mjs) looks the id up without `invalid` and skips it.
   */
  readonly invalidSources = new Map<string, AnyObject>();
  /** What the server stored for a document that failed to load, after an update of it: the next load builds from this. */
  readonly #stored = new Map<string, AnyObject>();
  constructor(readonly documentName: string) {
    super();
  }
  get documentClass(): DocumentClass {
    return documentConfig(this.documentName).documentClass as DocumentClass;
  }
  /**
   * v13 DocumentCollection#get (client/documents/abstract/document-collection.mjs): with `invalid`,
   * a document that failed to load is built for the asker (getInvalid) when the collection has none.
   */
  override get(key: string, { strict = false, invalid = false }: { strict?: boolean; invalid?: boolean } = {}): V | undefined {
    const found = super.get(key) ?? (invalid ? this.getInvalid(key, { strict: false }) : undefined);
    if (strict && found === undefined) throw new Error(`${this.documentName} id [${key}] does not exist in the ${this.constructor.name} collection.`);
    return found;
  }
  /**
   * v13 DocumentCollection#getInvalid: a temporary document, outside the collection, built from this
   * client's copy of a source that failed to load. It is built non-strictly, and v13's DataModel
   * constructor then validates with fallback (common/abstract/data.mjs), which keeps a type the
   * world does not declare (DocumentTypeField); the stand-in's constructor falls back only when asked.
   */
  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): V | undefined {
    const source = this.invalidSources.get(id);
    if (!this.invalidDocumentIds.has(id) || !source) {
      if (strict) throw new Error(`${this.documentName} id [${id}] is not in the set of invalid ids`);
      return undefined;
    }
    return this.documentClass.fromSource(deepClone(source), { strict: false, fallback: true }) as V;
  }
  /**
   * A world load (v13 DocumentCollection#_initialize): each stored source built strictly, embedded
   * documents that fail dropped; one that fails (a type the world no longer declares, data its model
   * refuses) stays out of the collection, its id in invalidDocumentIds, reachable by getInvalid.
   */
  loadStored(sources: readonly AnyObject[]): void {
    for (const source of sources) {
      const id = source._id as string;
      this.delete(id);
      this.invalidDocumentIds.delete(id);
      this.invalidSources.delete(id);
      this.#stored.delete(id);
      try {
        this.set(id, this.documentClass.fromSource(deepClone(source), { strict: true, dropInvalidEmbedded: true }) as V);
      } catch (error) {
        this.invalidDocumentIds.add(id);
        this.invalidSources.set(id, deepClone(source));
        console.warn(`Harness: ${this.documentName} [${id}] failed to load`, (error as Error).message);
      }
    }
  }
  /** The server's write of a document that failed to load (see invalidSources): kept for the next load only. */
  storeInvalid(id: string, source: AnyObject): void {
    this.#stored.set(id, deepClone(source));
  }
  /** The next world load of the documents that failed to load: each built again from what the server now stores. */
  reloadInvalid(): void {
    this.loadStored([...this.invalidDocumentIds].map((id) => this.#stored.get(id) ?? (this.invalidSources.get(id) as AnyObject)));
  }
  override clear(): void {
    super.clear();
    this.invalidDocumentIds.clear();
    this.invalidSources.clear();
    this.#stored.clear();
  }
}

/** Embedded documents stored in the parent's source array, e.g. actor.items. */
export class EmbeddedCollectionField extends DataField {
  constructor(readonly embeddedName: string, options: DataFieldOptions = {}) {
    super({ required: true, nullable: false, initial: () => [], ...options });
  }
  get documentClass(): DocumentClass {
    return documentConfig(this.embeddedName).documentClass as DocumentClass;
  }
  protected override _cast(value: unknown): unknown {
    return Array.isArray(value) ? value : [];
  }
  protected override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    return (value as AnyObject[]).map((d) => this.documentClass.cleanData(d, { partial: options.partial }));
  }
  protected override _validateType(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (!Array.isArray(value)) throw new Error("must be an array");
    // The changes of a parent's update (each embedded document is validated whole when it is built).
    if (!options.partial) return;
    for (const element of value as AnyObject[]) {
      const failure = this.documentClass.schema.validate(element, { partial: true });
      if (failure?.unresolved) return failure;
    }
  }
  /**
   * EmbeddedCollectionField#_updateDiff (common/data/fields.mjs): a parent's update may carry its
   * embedded documents' changes (a player's `combat.update({combatants: [...]})`, which
   * BaseCombat#canUpdate allows for her own), merged into each by id; only the parent's update
   * events fire. New records made this way are not modelled.
   */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (!Array.isArray(value)) return;
    if (options.recursive === false) throw new Error(`Harness: a non-recursive update of ${this.name} through the parent is not modelled`);
    const elements = (source[key] as AnyObject[] | undefined) ?? [];
    const schema = this.documentClass.schema;
    const diffs: AnyObject[] = [];
    for (const change of value as AnyObject[]) {
      const existing = elements.find((element) => element._id === change._id);
      if (!existing) throw new Error(`Harness: create ${this.name} with createEmbeddedDocuments, not through the parent's update`);
      const typeGiven = "type" in change;
      schema._addTypes(existing, change);
      const elementDiff: AnyObject = {};
      schema._updateDiff({ _source: existing }, "_source", change, elementDiff, options);
      const diff = elementDiff._source as AnyObject | undefined;
      if (diff && !isEmpty(diff)) diffs.push({ ...diff, _id: change._id });
      if (!typeGiven) delete change.type;
    }
    if (diffs.length) difference[key] = diffs;
  }
  /** EmbeddedCollectionField#_updateCommit: each changed document's own source takes its new data (the parent's array holds the same objects), and the document is initialized again. */
  override _updateCommit(source: AnyObject, key: string, value: unknown, model: DataModel): void {
    const collection = (model as unknown as AnyObject)[this.name] as Collection<ClientDocument> | undefined;
    for (const element of value as AnyObject[]) {
      const prior = (source[key] as AnyObject[]).find((s) => s._id === element._id);
      if (!prior || JSON.stringify(prior) === JSON.stringify(element)) continue;
      for (const k of Object.keys(prior)) delete prior[k];
      Object.assign(prior, element);
      collection?.get(element._id as string)?.reset();
    }
  }
  override initialize(value: unknown, model?: DataModel): unknown {
    const existing = model ? (Object.getOwnPropertyDescriptor(model, this.name)?.value as unknown) : undefined;
    if (existing instanceof Collection) return existing;
    const collection = new Collection<ClientDocument>();
    const sources = value as AnyObject[];
    sources.forEach((source, index) => {
      const doc = new this.documentClass(source, { parent: model as ClientDocument });
      collection.set(doc.id as string, doc);
      // As in Foundry, the parent's source holds the embedded document's own source, so an update of one is the other's.
      sources[index] = doc._source;
    });
    return collection;
  }
  override toObject(value: unknown): unknown {
    return value instanceof Collection ? value.map((d: ClientDocument) => d.toObject()) : deepClone(value);
  }
}

export type DocumentClass = typeof ClientDocument;
type Operation = AnyObject & { parent?: ClientDocument | null; keepId?: boolean; diff?: boolean; recursive?: boolean; render?: boolean; renderSheet?: boolean };

interface HarnessUser {
  id: string;
  name: string;
  isGM: boolean;
  role: number;
  can(permission: string): boolean;
}

function currentUser(): User {
  const user = state.game.user as User | undefined;
  if (!user) throw new Error("No current user: install the harness and create a user first");
  return user;
}

function typeChoices(documentName: string): () => string[] {
  return () => ((state.game.documentTypes as Record<string, string[]> | undefined)?.[documentName] ?? [CONST.BASE_DOCUMENT_TYPE]);
}

/**
 * v13 DocumentTypeField (common/data/fields.mjs, _validateType): a type the world declares (core's
 * and the system's, Document.TYPES), or, under fallback validation only, any non-blank string, so a
 * document of a type the system no longer declares can be built non-strictly (getInvalid) but
 * fails a strict world load.
 */
class DocumentTypeField extends StringField {
  protected override _validateType(value: unknown, options: ValidateOptions = {}): boolean | void {
    if (typeof value !== "string" || !value) throw new Error("must be a non-blank string");
    if (this._isValidChoice(value) || options.fallback) return true;
    throw new Error(`"${value}" is not a valid type for this Document class`);
  }
}

/** Schema fields shared by every document. */
function baseSchema(documentName: string, { typed = true }: { typed?: boolean } = {}): Record<string, DataField> {
  const schema: Record<string, DataField> = {
    _id: new StringField({ required: true, nullable: true, blank: false, initial: null }),
    flags: new ObjectField(),
  };
  if (typed) {
    schema.type = new DocumentTypeField({ required: true, blank: false, initial: CONST.BASE_DOCUMENT_TYPE, choices: typeChoices(documentName) });
    schema.system = new TypeDataField(documentName);
  }
  return schema;
}

/**
 * The client Document: a DataModel with an id, flags, ownership, sheets and the CRUD workflow.
 */
export class ClientDocument extends DataModel {
  static documentName = "Document";
  /** name of the world collection on game, e.g. "actors". */
  static collectionName = "";
  /** embedded document name → field name, e.g. {Item: "items"}. */
  static embedded: Record<string, string> = {};
  static hasTypeData = true;

  declare _id: string | null;
  declare flags: AnyObject;
  declare type: string;
  declare system: TypeDataModel | AnyObject;
  declare name: string;

  /** Applications rendering this document, by app id (Foundry's ClientDocument#apps). */
  apps: Record<string, { render(force?: boolean | AnyObject, options?: AnyObject): unknown; close(options?: AnyObject): unknown }> = {};
  #sheet: unknown = null;

  constructor(data: AnyObject = {}, context: DataModelConstructionOptions = {}) {
    super(data, context);
    this.prepareData();
  }

  static get implementation(): DocumentClass {
    return documentConfig(this.documentName).documentClass as DocumentClass;
  }

  static get TYPES(): string[] {
    return typeChoices(this.documentName)();
  }

  get documentName(): string {
    return (this.constructor as DocumentClass).documentName;
  }

  get id(): string | null {
    return this._id;
  }

  get isEmbedded(): boolean {
    return this.parent instanceof ClientDocument;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    return this.isEmbedded ? `${(this.parent as ClientDocument).uuid}.${own}` : own;
  }

  /** The collection this document lives in (or would live in). */
  get collection(): Collection<ClientDocument> | undefined {
    if (this.isEmbedded) return (this.parent as ClientDocument).getEmbeddedCollection(this.documentName);
    return state.game[(this.constructor as DocumentClass).collectionName] as Collection<ClientDocument> | undefined;
  }

  /* ---------------- Data preparation ---------------- */

  /** Foundry's order: system base, document base, embedded, system derived, document derived. */
  prepareData(): void {
    const typed = this.system instanceof TypeDataModel;
    if (typed) (this.system as TypeDataModel).prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (typed) (this.system as TypeDataModel).prepareDerivedData();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  prepareEmbeddedDocuments(): void {
    for (const name of Object.keys((this.constructor as DocumentClass).embedded)) {
      for (const doc of this.getEmbeddedCollection(name)) doc.prepareData();
    }
  }

  /* ---------------- Flags ---------------- */

  getFlag(scope: string, key: string): unknown {
    const scoped = this.flags?.[scope] as AnyObject | undefined;
    if (!scoped) return undefined;
    return key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as AnyObject)[k] : undefined), scoped);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const parts = key.split(".");
    const last = parts.pop() as string;
    const head = parts.length ? `.${parts.join(".")}` : "";
    return this.update({ [`flags.${scope}${head}.-=${last}`]: null });
  }

  /* ---------------- Ownership and permissions ---------------- */

  getUserLevel(user: HarnessUser | null = (state.game.user as HarnessUser | null) ?? null): number {
    if (!user) return CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
    if (user.isGM) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    if (this.isEmbedded) return (this.parent as ClientDocument).getUserLevel(user);
    const ownership = ((this as unknown as { ownership?: Record<string, number> }).ownership ?? {}) as Record<string, number>;
    const level = ownership[user.id] ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.INHERIT;
    return level === CONST.DOCUMENT_OWNERSHIP_LEVELS.INHERIT ? (ownership.default ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE) : level;
  }

  testUserPermission(user: HarnessUser, permission: OwnershipLevel | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const target = typeof permission === "number" ? permission : CONST.DOCUMENT_OWNERSHIP_LEVELS[permission];
    const level = this.getUserLevel(user);
    return exact ? level === target : level >= target;
  }

  get permission(): number {
    return this.getUserLevel();
  }
  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }
  get limited(): boolean {
    return this.testUserPermission(currentUser(), "LIMITED", { exact: true });
  }
  get visible(): boolean {
    return this.testUserPermission(currentUser(), "OBSERVER");
  }

  /** create: the user's role permission (or parent ownership for embedded); update/delete: OWNER. */
  canUserModify(user: HarnessUser, action: "create" | "update" | "delete", _data: AnyObject = {}): boolean {
    if (user.isGM) return true;
    if (action === "create") {
      if (this.isEmbedded) return (this.parent as ClientDocument).testUserPermission(user, "OWNER");
      return this._canUserCreate(user);
    }
    return this.testUserPermission(user, "OWNER");
  }

  protected _canUserCreate(user: HarnessUser): boolean {
    return user.isGM;
  }

  /* ---------------- Sheets ---------------- */

  /** The sheet registered for this type (flags.core.sheetClass, else the default, else the first), created once. */
  get sheet(): unknown {
    if (this.#sheet) return this.#sheet;
    const registered = documentConfig(this.documentName).sheetClasses[this.type ?? CONST.BASE_DOCUMENT_TYPE] ?? {};
    const chosen = this.getFlag("core", "sheetClass") as string | undefined;
    const entries = Object.values(registered);
    const entry = (chosen && registered[chosen]) || entries.find((e) => e.default) || entries[0];
    if (!entry) return null;
    const cls = entry.cls as new (options: AnyObject) => unknown;
    this.#sheet = new cls({ document: this });
    return this.#sheet;
  }

  /** Re-render every application showing this document. */
  render(force = false, options: AnyObject = {}): void {
    for (const app of Object.values(this.apps)) trackRender(app.render(force, options));
  }

  /* ---------------- Embedded documents ---------------- */

  getEmbeddedCollection(embeddedName: string): Collection<ClientDocument> {
    const field = (this.constructor as DocumentClass).embedded[embeddedName];
    if (!field) throw new Error(`${embeddedName} is not a valid embedded Document within the ${this.documentName} Document`);
    return (this as unknown as AnyObject)[field] as Collection<ClientDocument>;
  }
  getEmbeddedDocument(embeddedName: string, id: string, { strict = false }: { strict?: boolean } = {}): ClientDocument | undefined {
    return this.getEmbeddedCollection(embeddedName).get(id, { strict });
  }
  async createEmbeddedDocuments(embeddedName: string, data: AnyObject[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(embeddedName);
    const cls = documentConfig(embeddedName).documentClass as DocumentClass;
    return cls.createDocuments(data, { ...operation, parent: this });
  }
  async updateEmbeddedDocuments(embeddedName: string, updates: AnyObject[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(embeddedName);
    const cls = documentConfig(embeddedName).documentClass as DocumentClass;
    return cls.updateDocuments(updates, { ...operation, parent: this });
  }
  async deleteEmbeddedDocuments(embeddedName: string, ids: string[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(embeddedName);
    const cls = documentConfig(embeddedName).documentClass as DocumentClass;
    return cls.deleteDocuments(ids, { ...operation, parent: this });
  }

  /* ---------------- Lifecycle (delegating to the system model) ---------------- */

  protected async _preCreate(data: AnyObject, options: AnyObject, user: HarnessUser): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preCreate(data, options, user);
  }
  protected _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onCreate(data, options, userId);
  }
  protected async _preUpdate(changes: AnyObject, options: AnyObject, user: HarnessUser): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preUpdate(changes, options, user);
  }
  protected _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onUpdate(changed, options, userId);
    if (options.render !== false) this.render(false, { action: "update", renderData: changed });
  }
  protected async _preDelete(options: AnyObject, user: HarnessUser): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preDelete(options, user);
  }
  protected _onDelete(options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onDelete(options, userId);
    for (const app of Object.values(this.apps)) app.close({ submit: false });
  }

  /* ---------------- Descendant documents (v13 client/documents/abstract/client-document.mjs) ---------------- */

  /** Calls `_<event>DescendantDocuments` on this document, then on each ancestor (ClientDocument#_dispatchDescendantDocumentEvents). */
  _dispatchDescendantDocumentEvents(event: string, collection: string, args: unknown[], _parent: ClientDocument = this): void {
    const fn = (this as unknown as Record<string, unknown>)[`_${event}DescendantDocuments`];
    if (typeof fn !== "function") throw new Error(`Invalid descendant document event "${event}"`);
    (fn as (...a: unknown[]) => void).call(this, _parent, collection, ...args);
    if (this.parent instanceof ClientDocument) this.parent._dispatchDescendantDocumentEvents(event, collection, args, _parent);
  }
  protected _preCreateDescendantDocuments(_parent: ClientDocument, _collection: string, _data: AnyObject[], _options: AnyObject, _userId: string): void {}
  /** ClientDocument#_onCreateDescendantDocuments: re-render this document's apps. */
  protected _onCreateDescendantDocuments(_parent: ClientDocument, collection: string, _documents: ClientDocument[], data: AnyObject[], options: AnyObject, _userId: string): void {
    if (options.render !== false) this.render(false, { renderContext: `create${collection}`, renderData: data });
  }
  protected _preUpdateDescendantDocuments(_parent: ClientDocument, _collection: string, _changes: AnyObject[], _options: AnyObject, _userId: string): void {}
  /** ClientDocument#_onUpdateDescendantDocuments: re-render this document's apps. */
  protected _onUpdateDescendantDocuments(_parent: ClientDocument, collection: string, _documents: ClientDocument[], changes: AnyObject[], options: AnyObject, _userId: string): void {
    if (options.render !== false) this.render(false, { renderContext: `update${collection}`, renderData: changes });
  }
  protected _preDeleteDescendantDocuments(_parent: ClientDocument, _collection: string, _ids: string[], _options: AnyObject, _userId: string): void {}
  /** ClientDocument#_onDeleteDescendantDocuments: re-render this document's apps. */
  protected _onDeleteDescendantDocuments(_parent: ClientDocument, collection: string, _documents: ClientDocument[], ids: string[], options: AnyObject, _userId: string): void {
    if (options.render !== false) this.render(false, { renderContext: `delete${collection}`, renderData: ids });
  }

  /** Document._preCreateOperation (common/abstract/document.mjs): after every document's own checks; false cancels them all. */
  static async _preCreateOperation(_documents: ClientDocument[], _operation: AnyObject, _user: HarnessUser): Promise<boolean | void> {}
  /** Document._preUpdateOperation; `operation.updates` holds the diffed changes. */
  static async _preUpdateOperation(_documents: ClientDocument[], _operation: AnyObject, _user: HarnessUser): Promise<boolean | void> {}
  /** Document._preDeleteOperation; `operation.ids` holds the ids. */
  static async _preDeleteOperation(_documents: ClientDocument[], _operation: AnyObject, _user: HarnessUser): Promise<boolean | void> {}
  /**
   * Document._onUpdateOperation: after every document's _onUpdate and update hook and the parent's
   * descendant callbacks, awaited before the update resolves (ClientDatabaseBackend
   * #handleUpdateDocuments, client/data/client-backend.mjs); `operation.updates` holds the changes made.
   */
  static async _onUpdateOperation(_documents: ClientDocument[], _operation: AnyObject, _user: HarnessUser): Promise<void> {}

  /* ---------------- CRUD ---------------- */

  static async create(data: AnyObject | AnyObject[], operation: Operation = {}): Promise<ClientDocument | ClientDocument[] | undefined> {
    if (Array.isArray(data)) return this.createDocuments(data, operation);
    const created = await this.createDocuments([data], operation);
    return created[0];
  }

  static async createDocuments(data: AnyObject[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    const name = this.documentName;
    const cls = documentConfig(name).documentClass as DocumentClass;
    const user = currentUser();
    const parent = operation.parent ?? null;
    const created: ClientDocument[] = [];
    for (const datum of data) {
      const createData = deepClone(datum instanceof DataModel ? datum.toObject() : datum);
      sanitizeUserInput(cls, createData, { user, creation: true });
      if (!operation.keepId || !createData._id) createData._id = randomID();
      // Embedded documents in the creation data keep their ids (keepEmbeddedIds) or get new ones.
      for (const field of Object.values(cls.embedded)) {
        const embedded = createData[field];
        if (!Array.isArray(embedded)) continue;
        for (const e of embedded as AnyObject[]) if (!e._id || operation.keepEmbeddedIds === false) e._id = randomID();
      }
      // v13 ClientDatabaseBackend#preCreateDocumentArray (client/data/client-backend.mjs): data the
      // model refuses is not sent; the error is shown and logged, and create resolves without it.
      let doc: ClientDocument;
      try {
        doc = new cls(createData, { parent });
      } catch (error) {
        Hooks.onError("ClientDatabaseBackend##preCreateDocumentArray", error, { id: createData._id, log: "error", notify: "error" });
        continue;
      }
      if (!doc.canUserModify(user, "create", createData)) throw new Error(`User ${user.name} lacks permission to create ${name} [${String(createData._id)}]`);
      // As documented: _preCreate and the preCreate hook get the data the creation request gave, not the cleaned source.
      if ((await doc._preCreate(createData, operation, user)) === false) continue;
      if (Hooks.call(`preCreate${name}`, doc, createData, operation, user.id) === false) continue;
      doc.validate({ strict: true });
      created.push(doc);
    }
    if (!created.length || (await cls._preCreateOperation(created, operation, user)) === false) return [];
    const field = parent ? ((parent.constructor as DocumentClass).embedded[name] as string) : "";
    parent?._dispatchDescendantDocumentEvents("preCreate", field, [created.map((d) => d._source), operation, user.id]);
    for (const doc of created) {
      if (parent) {
        (parent._source[field] as AnyObject[]).push(doc._source);
        parent.getEmbeddedCollection(name).set(doc.id as string, doc);
      } else {
        (state.game[cls.collectionName] as Collection<ClientDocument>).set(doc.id as string, doc);
      }
      doc.reset();
      doc.prepareData();
      deltaKeeperOf(doc)?._recordDeltaWrite(doc, null);
    }
    // ClientDatabaseBackend (client/data/client-backend.mjs) resets the parent after its descendants change: prepared from source again.
    if (parent && created.length) resetAndPrepare(parent);
    for (const doc of created) {
      doc._onCreate(doc._source, operation, user.id);
      onActingClient(user, `create${name}`, [doc, operation, user.id]);
    }
    parent?._dispatchDescendantDocumentEvents("onCreate", field, [created, created.map((d) => d._source), operation, user.id]);
    for (const doc of created) await onOtherClients(user, `create${name}`, [doc, operation, user.id]);
    if (operation.renderSheet) for (const doc of created) (doc.sheet as { render(o: AnyObject): unknown } | null)?.render({ force: true });
    return created;
  }

  static async updateDocuments(updates: AnyObject[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    const name = this.documentName;
    const user = currentUser();
    const parent = operation.parent ?? null;
    const collection = parent ? parent.getEmbeddedCollection(name) : (state.game[this.implementation.collectionName] as Collection<ClientDocument>);
    const pending: [ClientDocument, AnyObject][] = [];
    for (const update of updates) {
      // v13 ClientDatabaseBackend#preUpdateDocumentArray works on the caller's own object: expanded in
      // place here, cleaned in place by the dry run below (DataModel#updateSource), types added.
      const expanded = expandObject(update);
      for (const key of Object.keys(update)) delete update[key];
      let changes = Object.assign(update, expanded);
      const id = changes._id as string;
      // As v13's ClientDatabaseBackend#preUpdateDocumentArray: a document that failed to load is updated through getInvalid.
      const doc = (parent ? collection.get(id, { strict: true }) : (collection as WorldCollection<ClientDocument>).get(id, { strict: true, invalid: true })) as ClientDocument;
      sanitizeUserInput(doc.constructor as DocumentClass, changes, { user, creation: false, document: doc });
      if (!doc.canUserModify(user, "update", changes)) throw new Error(`User ${user.name} lacks permission to update ${name} [${id}]`);
      // v13's order: the type is added, _preUpdate and the preUpdate hook see the changes as given,
      // not diffed (a GM re-setting the turn it already is still names the turn), and may change
      // them; only then does a dry run validate them and make the diff that is sent.
      const addType = "type" in doc._source && !("type" in changes);
      doc.schema._addTypes(doc._source, changes);
      if ((await doc._preUpdate(changes, operation, user)) === false) continue;
      if (Hooks.call(`preUpdate${name}`, doc, changes, operation, user.id) === false) continue;
      let diff: AnyObject = {};
      if (!updateValidates(() => (diff = doc.updateSource(changes, { dryRun: true, recursive: operation.recursive })))) continue;
      // Only the differences are sent; an undiffed update goes as given, less the type added above.
      if (operation.diff !== false) {
        if (isEmpty(diff)) continue;
        changes = { ...diff, _id: id };
      } else if (addType) delete changes.type;
      pending.push([doc, changes]);
    }
    if (!pending.length) return [];
    const cls = this.implementation;
    // Foundry passes the diffed changes to the operation hook as operation.updates; hooks may change options.
    if ((await cls._preUpdateOperation(pending.map(([doc]) => doc), Object.assign(operation, { updates: pending.map(([, c]) => c) }), user)) === false) return [];
    const field = parent ? ((parent.constructor as DocumentClass).embedded[name] as string) : "";
    parent?._dispatchDescendantDocumentEvents("preUpdate", field, [pending.map(([, c]) => c), operation, user.id]);
    const updated: ClientDocument[] = [];
    const applied: AnyObject[] = [];
    for (const [doc, changes] of pending) {
      // Sent updates all come back, even one that changed nothing (an undiffed update of a document
      // already so): the server answers each with its diff and `_id` (ServerDatabaseBackend
      // #_updateDocuments, dist/database/backend/server-backend.mjs), and every client fires its hooks.
      const changed = doc.updateSource(changes, { recursive: operation.recursive });
      // The server writes a document that failed to load; no client's collection holds it to update
      // (ClientDatabaseBackend#handleUpdateDocuments skips it), so no hook runs and nothing returns.
      if (!parent && (collection as WorldCollection<ClientDocument>).invalidDocumentIds?.has(doc.id as string)) {
        (collection as WorldCollection<ClientDocument>).storeInvalid(doc.id as string, doc.toObject());
        continue;
      }
      changed._id = doc.id;
      deltaKeeperOf(doc)?._recordDeltaWrite(doc, changed);
      doc.prepareData();
      updated.push(doc);
      applied.push(changed);
      if (parent) resetAndPrepare(parent);
      doc._onUpdate(changed, operation, user.id);
      onActingClient(user, `update${name}`, [doc, changed, operation, user.id]);
    }
    if (updated.length) parent?._dispatchDescendantDocumentEvents("onUpdate", field, [updated, applied, operation, user.id]);
    if (updated.length) await cls._onUpdateOperation(updated, Object.assign(operation, { updates: applied }), user);
    for (const [i, doc] of updated.entries()) await onOtherClients(user, `update${name}`, [doc, applied[i], operation, user.id]);
    return updated;
  }

  static async deleteDocuments(ids: string[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    const name = this.documentName;
    const user = currentUser();
    const parent = operation.parent ?? null;
    const collection = parent ? parent.getEmbeddedCollection(name) : (state.game[this.implementation.collectionName] as Collection<ClientDocument>);
    const toDelete: ClientDocument[] = [];
    for (const id of ids) {
      const doc = collection.get(id, { strict: true }) as ClientDocument;
      if (!doc.canUserModify(user, "delete")) throw new Error(`User ${user.name} lacks permission to delete ${name} [${id}]`);
      if ((await doc._preDelete(operation, user)) === false) continue;
      if (Hooks.call(`preDelete${name}`, doc, operation, user.id) === false) continue;
      toDelete.push(doc);
    }
    if (!toDelete.length) return [];
    const deletedIds = toDelete.map((d) => d.id as string);
    if ((await this.implementation._preDeleteOperation(toDelete, Object.assign(operation, { ids: deletedIds }), user)) === false) return [];
    const field = parent ? ((parent.constructor as DocumentClass).embedded[name] as string) : "";
    parent?._dispatchDescendantDocumentEvents("preDelete", field, [deletedIds, operation, user.id]);
    for (const doc of toDelete) {
      collection.delete(doc.id as string);
      if (parent) {
        parent._source[field] = (parent._source[field] as AnyObject[]).filter((s) => s._id !== doc.id);
      }
      deltaKeeperOf(doc)?._recordDeltaWrite(doc, null);
    }
    if (parent && toDelete.length) resetAndPrepare(parent);
    for (const doc of toDelete) {
      doc._onDelete(operation, user.id);
      onActingClient(user, `delete${name}`, [doc, operation, user.id]);
    }
    parent?._dispatchDescendantDocumentEvents("onDelete", field, [toDelete, deletedIds, operation, user.id]);
    for (const doc of toDelete) await onOtherClients(user, `delete${name}`, [doc, operation, user.id]);
    return toDelete;
  }

  /** Document#update (common/abstract/document.mjs): the caller's own object gets the `_id` and goes on, to be expanded and cleaned in place. */
  async update(changes: AnyObject = {}, operation: Operation = {}): Promise<this | undefined> {
    changes._id = this.id;
    const updated = await (this.constructor as DocumentClass).updateDocuments([changes], { ...operation, parent: this.isEmbedded ? (this.parent as ClientDocument) : null });
    return updated[0] as this | undefined;
  }

  async delete(operation: Operation = {}): Promise<this | undefined> {
    const deleted = await (this.constructor as DocumentClass).deleteDocuments([this.id as string], { ...operation, parent: this.isEmbedded ? (this.parent as ClientDocument) : null });
    return deleted[0] as this | undefined;
  }

  /**
   * Foundry's create dialog, without a dialog: records the types it would offer (honouring
   * CONFIG[documentName].typeLabels and the `types` restriction) in the harness, and resolves null
   * as a dismissed dialog does.
   */
  static async createDialog(data: AnyObject = {}, createOptions: AnyObject = {}, { types }: { types?: string[] } & AnyObject = {}): Promise<null> {
    const documentName = this.documentName;
    const config = documentConfig(documentName);
    const i18n = state.game.i18n as { has(k: string): boolean; localize(k: string): string };
    const offered: { value: string; label: string }[] = [];
    let defaultType = config.defaultType as string | undefined;
    let defaultAllowed = false;
    if (types?.length === 0) throw new Error("The array of sub-types to restrict to must not be empty");
    for (const type of this.TYPES) {
      if (type === CONST.BASE_DOCUMENT_TYPE) continue;
      if (types && !types.includes(type)) continue;
      const key = config.typeLabels[type];
      const label = key && i18n.has(key) ? i18n.localize(key) : type;
      offered.push({ value: type, label });
      if (type === defaultType) defaultAllowed = true;
    }
    if (!offered.length) throw new Error("No document types were permitted to be created");
    if (!defaultAllowed) defaultType = offered[0]?.value;
    offered.sort((a, b) => a.label.localeCompare(b.label));
    const record: CreateDialogRecord = { documentName, types: offered, defaultType, data, createOptions };
    state.createDialogs.push(record);
    return null;
  }
}

/**
 * v13 ClientDatabaseBackend#preUpdateDocumentArray (client/data/client-backend.mjs): an update the
 * model refuses does not throw; its message is shown (without the "Actor [id]" prefix), the error
 * logged, and that document is left out, so `update` resolves undefined. False when refused.
 */
function updateValidates(attempt: () => unknown): boolean {
  try {
    attempt();
    return true;
  } catch (error) {
    const ui = (globalThis as { ui?: { notifications?: { error(m: string): unknown } } }).ui;
    ui?.notifications?.error(String((error as Error).message).split("] ").pop() ?? "");
    Hooks.onError("ClientDatabaseBackend##preUpdateDocumentArray", error, { log: "error" });
    return false;
  }
}

/**
 * The server's check of what a client sends (v13 dist/database/backend/server-document.mjs,
 * ServerDocumentMixin.sanitizeUserInput, run before the permission check on every create and
 * update): a field marked `gmOnly` (common/data/fields.mjs: DocumentAuthorField, DocumentOwnershipField)
 * may be set by a GM or Assistant only. Such a field's own `sanitize` (dist/database/sanitization.mjs)
 * decides what a player's value becomes; any other gmOnly field refuses her whole write.
 */
type GmOnlySanitizer = (value: unknown, context: { user: HarnessUser; creation: boolean; document?: ClientDocument; name: string }) => unknown;

function sanitizeUserInput(cls: DocumentClass, data: AnyObject, { user, creation, document }: { user: HarnessUser; creation: boolean; document?: ClientDocument }): void {
  if (user.isGM) return;
  for (const key of Object.keys(data)) {
    const name = key.replace(/^==/, "");
    const field = cls.schema.get(name) as (DataField & { gmOnly?: boolean; sanitize?: GmOnlySanitizer }) | undefined;
    if (!field?.gmOnly) continue;
    if (field.sanitize) data[key] = field.sanitize(data[key], { user, creation, document, name });
    else throw new Error(`Harness (v13 server): only a GM may set the "${name}" field`);
  }
}

/** sanitizeDocumentAuthorField: a player's new document is hers whatever it says; she may never change its author. */
export const sanitizeAuthor: GmOnlySanitizer = (_value, { user, creation, name }) => {
  if (creation) return user.id;
  throw new Error(`Harness (v13 server): only a GM may set the "${name}" field`);
};

/**
 * sanitizeDocumentOwnershipField: on a player's new document, another user's level is dropped and
 * the default may be set; on an update, only her own level may differ from what is stored.
 */
const sanitizeOwnership: GmOnlySanitizer = (value, { user, creation, document, name }) => {
  if (typeof value !== "object" || value === null) return value;
  const stored = ((document as unknown as { ownership?: Record<string, number> } | undefined)?.ownership ?? {}) as Record<string, number>;
  const levels = value as Record<string, unknown>;
  for (const [key, level] of Object.entries(levels)) {
    if (level === stored[key] || key === user.id || (key === "default" && creation)) continue;
    if (creation) delete levels[key];
    else throw new Error(`Harness (v13 server): only a GM may set the "${name}" field`);
  }
  return levels;
};

/** An unlinked token that keeps the delta of its synthetic actor (scene.ts TokenDocument). */
interface DeltaKeeper {
  _recordDeltaWrite(doc: ClientDocument, changed: AnyObject | null): void;
}

/**
 * The token whose synthetic actor is, or holds, this document: its writes are the token's delta's
 * (ClientDatabaseBackend#adjustActorDeltaRequest and #getTokenAncestor, client/data/client-backend.mjs).
 */
function deltaKeeperOf(doc: ClientDocument): DeltaKeeper | null {
  for (let child: ClientDocument = doc, parent = doc.parent; parent instanceof ClientDocument; child = parent, parent = parent.parent) {
    if (parent.documentName === "Token") return child instanceof Actor ? (parent as unknown as DeltaKeeper) : null;
  }
  return null;
}

/** `parent?.reset()` in v13's ClientDatabaseBackend: the parent's data initialized from its source and prepared again (so Active Effects apply once). */
function resetAndPrepare(parent: ClientDocument): void {
  parent.reset();
  parent.prepareData();
}

/**
 * v13's server sends every document event to every connected client, and each client runs its own
 * hooks (client/documents/abstract/client-document.mjs, _onCreate/_onUpdate/_onDelete → Hooks.callAll).
 * One process stands in for them all: after the acting client, each other active user's client runs
 * the hook in turn with game.user set to her, and the harness waits for any work her handlers return
 * (Foundry runs the clients side by side and waits for none of it).
 */
/**
 * The acting client's own hooks, run as its user: work a hook starts and does not finish at once
 * (a GM's upkeep after her own update) goes on as that client's, even after a test switches
 * `game.user` to play someone else, as each Foundry client runs its own code. Foundry does not await
 * a hook, and neither does this.
 */
function onActingClient(user: User | HarnessUser, hook: string, args: unknown[]): void {
  state.clientContext.run(user, () => Hooks.callAll(hook, ...args));
}

/**
 * Each other client's copy of the event: its hooks, run as its user, after the acting client has
 * done all of its own (its hooks and the parent's descendant callbacks, which Foundry runs in one
 * go on every client: client/data/client-backend.mjs, _handleUpdateDocuments). The harness waits for
 * the work each client's hooks return, one client after another.
 */
async function onOtherClients(acting: User | HarnessUser | null, hook: string, args: unknown[]): Promise<void> {
  const users = state.game.users as Users | undefined;
  for (const client of users?.contents ?? []) {
    if (!client.active || client.id === acting?.id || state.frozenClients.has(client.id)) continue;
    await state.clientContext.run(client, async () => {
      const results = Hooks.callAllCollect(hook, ...args);
      await Promise.all(results.filter((result): result is Promise<unknown> => result instanceof Promise));
    });
  }
}

/**
 * Foundry does not await the re-renders an update triggers; the harness records them so tests can
 * await them (harness.flush) and so a failing background render is reported, not lost.
 */
export function trackRender(result: unknown, what = "a background render"): void {
  if (!(result instanceof Promise)) return;
  const tracked: Promise<unknown> = result.then(
    () => state.renders.delete(tracked),
    (err: unknown) => {
      state.renders.delete(tracked);
      state.renderErrors.push(err);
      console.error(`Fray harness: ${what} failed`, err);
    },
  );
  state.renders.add(tracked);
}

/* -------------------------------------------- */

/** DocumentOwnershipField: gmOnly, with the server's sanitizer. */
const ownershipField = () => new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }), gmOnly: true, sanitize: sanitizeOwnership });

/** Actors and Items grant OWNER to a non-GM creator (Foundry's BaseActor/BaseItem#_preCreate). */
async function grantCreatorOwnership(doc: ClientDocument, user: HarnessUser): Promise<void> {
  if (doc.isEmbedded || user.isGM) return;
  doc.updateSource({ [`ownership.${user.id}`]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER });
}

export class Item extends ClientDocument {
  static override documentName = "Item";
  static override collectionName = "items";
  declare img: string | null;
  declare ownership: Record<string, number>;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("Item"),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ required: false, nullable: true, initial: "icons/svg/item-bag.svg" }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: ownershipField(),
    };
  }
  get actor(): ClientDocument | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
  protected override _canUserCreate(user: HarnessUser): boolean {
    return user.can("ITEM_CREATE");
  }
  protected override async _preCreate(data: AnyObject, options: AnyObject, user: HarnessUser): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    await grantCreatorOwnership(this, user);
  }
}

/**
 * The part of Foundry's PrototypeToken Fray touches: its name, whether its tokens are linked and
 * how unlinked ones are named, and two resource bars, whose
 * attributes default to the system's primary and secondary token attributes (system.json).
 */
function prototypeTokenField(): SchemaField {
  const systemAttribute = (key: string) => () => ((globalThis as { game?: { system?: AnyObject } }).game?.system?.[key] as string | undefined) ?? null;
  return new SchemaField({
    name: new StringField({ required: true, blank: true, initial: "" }),
    // v13 PrototypeToken (common/data/data.mjs) keeps BaseToken's actorLink, false for every actor type.
    actorLink: new BooleanField(),
    // v13 PrototypeToken: how Actor#getTokenDocument names an unlinked token so that two are told apart.
    appendNumber: new BooleanField(),
    prependAdjective: new BooleanField(),
    bar1: new SchemaField({ attribute: new StringField({ required: true, nullable: true, blank: false, initial: systemAttribute("primaryTokenAttribute") }) }),
    bar2: new SchemaField({ attribute: new StringField({ required: true, nullable: true, blank: false, initial: systemAttribute("secondaryTokenAttribute") }) }),
  });
}

export class Actor extends ClientDocument {
  static override documentName = "Actor";
  static override collectionName = "actors";
  static override embedded = { Item: "items", ActiveEffect: "effects" };
  declare img: string | null;
  declare ownership: Record<string, number>;
  declare items: Collection<Item>;
  /** The actor's ActiveEffects (their statuses and the rest: effects.ts). */
  declare effects: Collection<ClientDocument>;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("Actor"),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ required: false, nullable: true, initial: "icons/svg/mystery-man.svg" }),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: ownershipField(),
      prototypeToken: prototypeTokenField(),
    };
  }
  /** Actor#isToken (client/documents/actor.mjs): a synthetic actor, whose parent is its token. */
  get isToken(): boolean {
    return this.parent instanceof ClientDocument && this.parent.documentName === "Token";
  }
  /** Actor#token: the token a synthetic actor belongs to. */
  get token(): ClientDocument | null {
    return this.isToken ? (this.parent as ClientDocument) : null;
  }
  /** BaseActor is not an embedded document: a synthetic actor's ownership is its own (its world actor's), not its token's. */
  override getUserLevel(user: HarnessUser | null = (state.game.user as HarnessUser | null) ?? null): number {
    if (!user) return CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
    if (user.isGM) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    const ownership = this.ownership ?? {};
    const level = ownership[user.id] ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.INHERIT;
    return level === CONST.DOCUMENT_OWNERSHIP_LEVELS.INHERIT ? (ownership.default ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE) : level;
  }
  /**
   * Actor#_onUpdate → _updateDependentTokens → TokenDocument#_onUpdateBaseActor: each unlinked
   * token of this world actor takes the change (unless its delta holds that field).
   */
  protected override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (!this.isToken) updateDependentTokens(this);
  }
  /**
   * Actor#getTokenDocument (client/documents/actor.mjs): an unsaved token of this actor from its
   * prototype; an unlinked one with `appendNumber` takes the lowest number its scene's tokens of
   * this actor do not use ("Bandit (2)"). v13 reads the scene on the canvas; the stand-in has none
   * and reads `options.parent`.
   */
  async getTokenDocument(data: AnyObject = {}, options: AnyObject = {}): Promise<ClientDocument> {
    const tokenData = { ...deepClone(this._source.prototypeToken as AnyObject), actorId: this.id } as AnyObject;
    delete tokenData.appendNumber;
    delete tokenData.prependAdjective;
    const prototype = this._source.prototypeToken as { name: string; actorLink: boolean; appendNumber: boolean };
    const name = prototype.name || this.name;
    tokenData.name = name;
    const scene = options.parent as { tokens?: Collection<ClientDocument & { actorId: string | null }> } | undefined;
    if (!prototype.actorLink && prototype.appendNumber) {
      const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\((\\d+)\\)$`);
      const used = new Set((scene?.tokens?.filter((t) => t.actorId === this.id) ?? []).map((t) => Number(pattern.exec(t.name)?.[1]) || 0));
      let number = 1;
      while (used.has(number)) number += 1;
      tokenData.name = `${name} (${number})`;
    }
    const cls = documentConfig("Token").documentClass as DocumentClass;
    return new cls(mergeObject(tokenData, data), options);
  }
  /** Items grouped by type (Foundry's Actor#itemTypes). */
  get itemTypes(): Record<string, Item[]> {
    const types: Record<string, Item[]> = {};
    for (const t of typeChoices("Item")()) if (t !== CONST.BASE_DOCUMENT_TYPE) types[t] = [];
    for (const item of this.items) (types[item.type] ??= []).push(item);
    return types;
  }
  protected override _canUserCreate(user: HarnessUser): boolean {
    return user.can("ACTOR_CREATE");
  }
  protected override async _preCreate(data: AnyObject, options: AnyObject, user: HarnessUser): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    await grantCreatorOwnership(this, user);
  }
}

/** Actor#_updateDependentTokens: every scene's tokens of this world actor (v13 keeps them in Actor#_dependentTokens). */
export function updateDependentTokens(actor: Actor): void {
  for (const scene of (state.game.scenes as Collection<ClientDocument> | undefined) ?? []) {
    for (const token of (scene as unknown as { tokens: Collection<ClientDocument & { actorId: string | null; _onUpdateBaseActor(): void }> }).tokens) {
      if (token.actorId === actor.id) token._onUpdateBaseActor();
    }
  }
}

interface SpeakingToken {
  id: string | null;
  name: string;
  actorId?: string | null;
  actor?: { id: string | null } | null;
  parent?: { id?: string | null } | null;
}
interface SpeakingActor {
  id: string | null;
  name: string;
  isToken?: boolean;
  token?: ClientDocument | SpeakingToken | null;
  getActiveTokens?(linked: boolean, document: boolean): SpeakingToken[];
}

export class ChatMessage extends ClientDocument {
  static override documentName = "ChatMessage";
  static override collectionName = "messages";
  /** The author's User, as v13's DocumentAuthorField initializes it (the source keeps the id). */
  declare author: User | null;
  declare content: string;
  declare whisper: string[];
  declare blind: boolean;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("ChatMessage"),
      // DocumentAuthorField: gmOnly, with the server's sanitizer.
      author: new StringField({ nullable: true, blank: false, initial: null, gmOnly: true, sanitize: sanitizeAuthor }),
      timestamp: new NumberField({ required: true, nullable: false, initial: () => Date.now() }),
      flavor: new HTMLField(),
      content: new HTMLField(),
      speaker: new SchemaField({
        scene: new StringField({ nullable: true, initial: null }),
        actor: new StringField({ nullable: true, initial: null }),
        token: new StringField({ nullable: true, initial: null }),
        alias: new StringField(),
      }),
      whisper: new ArrayField(new StringField()),
      blind: new BooleanField(),
      rolls: new ArrayField(new DataField({ required: true })),
      sound: new StringField({ nullable: true, initial: null }),
    };
  }
  declare rolls: unknown[];
  /** As Foundry does: the source keeps each roll as JSON, the prepared message holds Roll instances. */
  protected override _initialize(options: AnyObject = {}): void {
    super._initialize(options);
    const RollClass = (globalThis as unknown as { Roll?: { fromData(data: AnyObject): unknown; fromJSON(json: string): unknown } }).Roll;
    const users = state.game.users as Users | undefined;
    this.author = typeof this._source.author === "string" ? (users?.get(this._source.author as string) ?? null) : null;
    if (!RollClass) return;
    this.rolls = (this.rolls ?? []).map((roll) => (typeof roll === "string" ? RollClass.fromJSON(roll) : roll && typeof roll === "object" && !(roll instanceof (RollClass as unknown as new () => object)) ? RollClass.fromData(roll as AnyObject) : roll));
  }
  /**
   * ChatMessage.getSpeaker (client/documents/chat-message.mjs), case by case: a token given speaks as
   * itself; a synthetic actor as its token; a world actor as its first token on this client's canvas
   * (`getActiveTokens`), else as the actor on the viewed scene; no actor, as the user's character the
   * same way, else as the user. So what a client gets depends on the scene its canvas shows.
   * (Controlled tokens are not modelled: the stand-in's canvas controls none.)
   */
  static getSpeaker({ scene, actor, token, alias }: { scene?: { id: string | null } | null; actor?: SpeakingActor | ClientDocument | null; token?: SpeakingToken | ClientDocument | null; alias?: string } = {}): AnyObject {
    const user = currentUser();
    const fromToken = (t: SpeakingToken) => ({ scene: t.parent?.id ?? null, token: t.id, actor: t.actor?.id ?? t.actorId ?? null, alias: alias || t.name });
    const viewedId = () => (scene ?? (state.game.scenes as { viewed?: { id: string | null } | null } | undefined)?.viewed)?.id ?? null;
    const fromActor = (a: SpeakingActor) => {
      const [first] = a.getActiveTokens?.(false, true) ?? [];
      return first ? fromToken(first) : { scene: viewedId(), actor: a.id, token: null, alias: alias || a.name };
    };
    // A Token placeable speaks as its document; the stand-in's documents carry the fields read here.
    const tokenOf = (t: SpeakingToken | ClientDocument) => ((t as { document?: SpeakingToken }).document ?? (t as SpeakingToken));
    const speaking = actor as SpeakingActor | null | undefined;
    if (token) return fromToken(tokenOf(token));
    if (speaking?.isToken && speaking.token) return fromToken(tokenOf(speaking.token));
    if (speaking) return fromActor(speaking);
    const character = (user as unknown as { character?: SpeakingActor | null }).character;
    if (character) return fromActor(character);
    return { scene: viewedId(), actor: null, token: null, alias: alias || user.name };
  }
  get isAuthor(): boolean {
    return this._source.author === currentUser().id;
  }
  get isRoll(): boolean {
    return (this.rolls ?? []).length > 0;
  }
  /** v13 ChatMessage#isContentVisible: a whispered roll shows its content to its recipients (and its author unless blind). */
  get isContentVisible(): boolean {
    if (this.isRoll) {
      const whisper = this.whisper ?? [];
      const isBlind = whisper.length > 0 && this.blind;
      if (whisper.length) return whisper.includes(currentUser().id) || (this.isAuthor && !isBlind);
      return true;
    }
    return this.visible;
  }
  /** v13 ChatMessage#visible: a whisper that is not a roll is seen by its author and recipients only. */
  override get visible(): boolean {
    const whisper = this.whisper ?? [];
    if (whisper.length) return this.isRoll || this.isAuthor || whisper.includes(currentUser().id);
    return true;
  }
  /** v13 BaseChatMessage#getUserLevel: the author owns her message; others have the default (observer). */
  override getUserLevel(user: HarnessUser | null = (state.game.user as HarnessUser | null) ?? null): number {
    if (!user) return CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
    if (user.isGM || user.id === this._source.author) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER;
  }
  protected override _canUserCreate(user: HarnessUser): boolean {
    return this._source.author === user.id;
  }
  static override async createDocuments(data: AnyObject[] = [], operation: Operation = {}): Promise<ClientDocument[]> {
    const user = currentUser();
    // The author defaults to the creating user (Foundry's BaseChatMessage).
    return super.createDocuments(data.map((d) => ({ author: user.id, ...d })), operation);
  }
}

export class Combatant extends ClientDocument {
  static override documentName = "Combatant";
  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare hidden: boolean;
  declare defeated: boolean;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("Combatant"),
      actorId: new StringField({ nullable: true, blank: false, initial: null }),
      tokenId: new StringField({ nullable: true, blank: false, initial: null }),
      sceneId: new StringField({ nullable: true, blank: false, initial: null }),
      name: new StringField({ required: false, blank: true }),
      img: new StringField({ nullable: true, initial: null }),
      initiative: new NumberField({ required: true, nullable: true, initial: null }),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
      group: new StringField({ nullable: true, initial: null }),
    };
  }
  get combat(): Combat | null {
    return this.parent instanceof Combat ? this.parent : null;
  }
  /** Combatant#token: the token on its scene (or the combat's). */
  get token(): ClientDocument | null {
    const sceneId = this.sceneId ?? (this.combat as unknown as { scene?: string | null } | null)?.scene ?? null;
    const scene = sceneId ? (state.game.scenes as Collection<ClientDocument> | undefined)?.get(sceneId) : undefined;
    const tokens = scene ? (scene as unknown as { tokens: Collection<ClientDocument> }).tokens : undefined;
    return (this.tokenId && tokens?.get(this.tokenId)) || null;
  }
  /** Combatant#actor: the token's actor, else the world actor. */
  get actor(): Actor | null {
    const fromToken = (this.token as unknown as { actor?: Actor | null } | null)?.actor;
    return fromToken ?? (this.actorId ? ((state.game.actors as Collection<Actor>).get(this.actorId) ?? null) : null);
  }
  override getUserLevel(user: HarnessUser | null = (state.game.user as HarnessUser | null) ?? null): number {
    if (user?.isGM) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return this.actor?.getUserLevel(user) ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }
  /** BaseCombatant permissions: create and delete need ownership; a player's update may touch only initiative, flags, defeated and system. */
  override canUserModify(user: HarnessUser, action: "create" | "update" | "delete", data: AnyObject = {}): boolean {
    if (user.isGM) return true;
    if (!this.testUserPermission(user, "OWNER")) return false;
    return action !== "update" || Object.keys(data).every((k) => ["_id", "initiative", "flags", "defeated", "system"].includes(k));
  }
}

export class Combat extends ClientDocument {
  static override documentName = "Combat";
  static override collectionName = "combats";
  static override embedded = { Combatant: "combatants" };
  declare combatants: Collection<Combatant>;
  declare round: number;
  declare turn: number | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("Combat"),
      scene: new StringField({ nullable: true, initial: null }),
      combatants: new EmbeddedCollectionField("Combatant"),
      active: new BooleanField(),
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ required: true, integer: true, min: 0, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    };
  }
  get started(): boolean {
    return this.round > 0;
  }
  /** The turn order; combat.ts sets it up as Foundry does. */
  get turns(): Combatant[] {
    return [];
  }
  get combatant(): Combatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  /** BaseCombat permissions: a player may change only round, turn and combatants she may update. */
  override canUserModify(user: HarnessUser, action: "create" | "update" | "delete", data: AnyObject = {}): boolean {
    if (user.isGM) return true;
    if (action !== "update") return false;
    if (Object.keys(data).some((k) => !["_id", "round", "turn", "combatants"].includes(k))) return false;
    const combatants = (data.combatants ?? []) as AnyObject[];
    return combatants.every(({ _id, ...change }) => this.combatants.get(_id as string)?.canUserModify(user, "update", change) === true);
  }
  async startCombat(): Promise<this | undefined> {
    return this.update({ round: 1, turn: 0 });
  }
  async nextTurn(): Promise<this | undefined> {
    return this.update({ turn: (this.turn ?? -1) + 1 });
  }
  async nextRound(): Promise<this | undefined> {
    return this.update({ round: this.round + 1, turn: 0 });
  }
}

export class User extends ClientDocument implements HarnessUser {
  static override documentName = "User";
  static override collectionName = "users";
  static override hasTypeData = false;
  declare role: number;
  declare character: string | null;
  /** Whether the user is connected; harness users are. */
  active = true;

  static override defineSchema(): Record<string, DataField> {
    return {
      ...baseSchema("User", { typed: false }),
      name: new StringField({ required: true, blank: false }),
      role: new NumberField({ required: true, nullable: false, integer: true, choices: Object.values(CONST.USER_ROLES), initial: CONST.USER_ROLES.PLAYER }),
      character: new StringField({ nullable: true, blank: false, initial: null }),
      color: new StringField({ initial: "#888888" }),
      // BaseUser's permissions: a GM's grant or refusal of one permission to this user, over her role's.
      permissions: new ObjectField(),
    };
  }
  override get id(): string {
    return this._id as string;
  }
  get isGM(): boolean {
    return this.role >= CONST.USER_ROLES.ASSISTANT;
  }
  get isSelf(): boolean {
    return (state.game.user as User | undefined)?.id === this.id;
  }
  hasRole(role: keyof typeof CONST.USER_ROLES | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = typeof role === "number" ? role : CONST.USER_ROLES[role];
    return exact ? this.role === level : this.role >= level;
  }
  /** BaseUser#can (common/documents/user.mjs): a permission by hasPermission, anything else by role. */
  can(permission: string): boolean {
    if (permission in CONST.USER_PERMISSIONS) return this.hasPermission(permission);
    return this.hasRole(permission as keyof typeof CONST.USER_ROLES);
  }
  /**
   * BaseUser#hasPermission: the user's own setting first, else her role's (game.permissions, which
   * the harness keeps at each permission's default role; a GAMEMASTER has every permission).
   */
  hasPermission(permission: string): boolean {
    const explicit = ((this as unknown as { permissions?: Record<string, boolean> }).permissions ?? {})[permission];
    if (explicit !== undefined) return explicit;
    if (this.role === CONST.USER_ROLES.GAMEMASTER) return true;
    const p = CONST.USER_PERMISSIONS[permission];
    return p ? this.role >= p.defaultRole : false;
  }
  /**
   * v13 BaseUser#canUpdate (common/documents/user.mjs): a GM may update anyone; a player only
   * herself, and never her role, name, permissions or password salt. Only a GM creates or deletes users.
   */
  override canUserModify(user: HarnessUser, action: "create" | "update" | "delete" = "update", data: AnyObject = {}): boolean {
    if (user.role === CONST.USER_ROLES.GAMEMASTER) return true;
    if (action !== "update") return false;
    const restricted = ["permissions", "passwordSalt", ...(user.role < CONST.USER_ROLES.ASSISTANT ? ["name", "role"] : [])];
    if (restricted.some((key) => key in data)) return false;
    return user.isGM || user.id === this.id;
  }
  override getUserLevel(user: HarnessUser | null = null): number {
    return user?.isGM || user?.id === this.id ? CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER : CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
  }

  /**
   * Run a query on this user's client: CONFIG.queries[name](data, {timeout}) with game.user set to
   * this user while the handler runs (one process stands in for both clients).
   */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const handler = (state.CONFIG.queries as Record<string, (d: unknown, o: AnyObject) => unknown>)[name];
    if (!handler) throw new Error(`Query "${name}" is not registered in CONFIG.queries`);
    if (!this.active) throw new Error(`User ${this.name} is not active`);
    // A frozen client never answers; the asker's own timeout decides.
    if (state.frozenClients.has(this.id)) return new Promise(() => undefined);
    return state.clientContext.run(this, async () => handler(deepClone(data), { timeout }));
  }
}

export class Users extends WorldCollection<User> {
  get activeGM(): User | null {
    return this.filter((u) => u.active && u.isGM).sort((a, b) => b.role - a.role || a.id.localeCompare(b.id))[0] ?? null;
  }
  get players(): User[] {
    return this.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }
}

/** ClientDocument#getEmbeddedCollection, or nothing for a name the document does not embed (an unlinked token answers "Actor" with its synthetic actor: scene.ts). */
function embeddedOf(doc: ClientDocument, name: string): Collection<ClientDocument> | undefined {
  try {
    return doc.getEmbeddedCollection(name);
  } catch {
    return undefined;
  }
}

/** Resolve "Actor.<id>", "Actor.<id>.Item.<id>", "ChatMessage.<id>", "Scene.<id>.Token.<id>.Actor.<id>" (a token's synthetic actor), ... synchronously. */
export function fromUuidSync(uuid: string | null | undefined, { strict = false }: { strict?: boolean } = {}): ClientDocument | null {
  if (!uuid) return null;
  const parts = uuid.split(".");
  let doc: ClientDocument | null = null;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [name, id] = [parts[i] as string, parts[i + 1] as string];
    if (!doc) {
      const config = state.CONFIG[name];
      const cls = config?.documentClass as DocumentClass | undefined;
      const collection = cls ? (state.game[cls.collectionName] as Collection<ClientDocument> | undefined) : undefined;
      doc = collection?.get(id) ?? null;
    } else {
      doc = embeddedOf(doc, name)?.get(id) ?? null;
    }
    if (!doc) break;
  }
  if (!doc && strict) throw new Error(`Failed to resolve UUID "${uuid}"`);
  return doc;
}

export async function fromUuid(uuid: string | null | undefined, options: { strict?: boolean } = {}): Promise<ClientDocument | null> {
  return fromUuidSync(uuid, options);
}

/**
 * What the server stores for a document a hostile client wrote raw, when it differs from every
 * client's copy (by top-level document): the source the next world load builds it from.
 */
const serverSources = new WeakMap<ClientDocument, AnyObject>();

/**
 * A hostile client's update of a top-level document, as v13's server stores it. The server checks
 * who may write what (the document's permissions, gmOnly fields: sanitizeUserInput) but not the
 * system's data model, which only clients have (the server's TypeDataField has no model for a
 * system sub-type: common/data/fields.mjs, TypeDataField#getModelForType, empty on the server).
 * The writer's own client runs nothing (no _preUpdate, no preUpdate hooks, no cleaning). Every
 * other client receives the change as ClientDatabaseBackend#handleUpdateDocuments does
 * (client/data/client-backend.mjs): `updateSource` cleans it (numbers clamped to their fields'
 * bounds) and validates it strictly; a change its model refuses throws there, and that client's
 * copy stays as it was until the next load, which builds the document from what the server stored
 * (`reloadDocument`). Returns whether the clients' copies took the change.
 */
export async function hostileUpdate(doc: ClientDocument, update: AnyObject): Promise<{ applied: boolean; error?: unknown }> {
  if (doc.isEmbedded) throw new Error("Harness: hostileUpdate writes top-level documents");
  const user = currentUser();
  const cls = doc.constructor as DocumentClass;
  const changes = expandObject(deepClone(update));
  sanitizeUserInput(cls, changes, { user, creation: false, document: doc });
  if (!doc.canUserModify(user, "update", changes)) throw new Error(`User ${user.name} lacks permission to update ${cls.documentName} [${String(doc.id)}]`);
  serverSources.set(doc, mergeObject(deepClone(serverSources.get(doc) ?? doc._source), deepClone(changes), { inplace: false, performDeletions: true }));
  let changed: AnyObject;
  try {
    changed = doc.updateSource(deepClone(changes));
  } catch (error) {
    console.error(`Harness: every client refused ${cls.documentName} [${String(doc.id)}]'s stored change`, error);
    return { applied: false, error };
  }
  if (isEmpty(changed)) return { applied: true };
  changed._id = doc.id;
  doc.prepareData();
  // The receiving client's callback (protected on the class; the harness's server calls it as Foundry's backend does).
  (doc as unknown as { _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void })._onUpdate(changed, {}, user.id);
  // The writer's own client runs nothing of Fray's: only the others take the event.
  await onOtherClients(user, `update${cls.documentName}`, [doc, changed, {}, user.id]);
  return { applied: true };
}

/**
 * The next world load of a top-level document (DocumentCollection#_initialize): built from what the
 * server stored, strictly, embedded documents that fail dropped; one that fails to build leaves the
 * collection for `invalidDocumentIds`. Returns the new copy, or null.
 */
export function reloadDocument(doc: ClientDocument): ClientDocument | null {
  const cls = doc.constructor as DocumentClass;
  const collection = state.game[cls.collectionName] as WorldCollection<ClientDocument>;
  const stored = deepClone(serverSources.get(doc) ?? doc._source);
  collection.delete(doc.id as string);
  try {
    const loaded = cls.fromSource(stored, { strict: true, dropInvalidEmbedded: true }) as ClientDocument;
    collection.set(loaded.id as string, loaded);
    return loaded;
  } catch (error) {
    collection.invalidDocumentIds.add(doc.id as string);
    console.error(`Harness: ${cls.documentName} [${String(doc.id)}] failed to load`, error);
    return null;
  }
}

export const documentClasses = { Actor, Item, ChatMessage, Combat, Combatant, User } as const;

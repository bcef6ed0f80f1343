/**
 * foundry.data.fields, foundry.abstract.DataModel and TypeDataModel, after Foundry v13's
 * common/data/fields.mjs and common/abstract/data.mjs (see their fvtt-types declarations).
 * Cleaning: null → initial unless nullable, undefined → initial, then _cast and _cleanType
 * (NumberField rounds integers and clamps to min/max). Validation: _validateSpecial then _validateType;
 * failures are collected per field and thrown as one DataModelValidationError naming each field.
 */
import { applySpecialKeys, deepClone, diffObject, expandObject, getProperty, getType, isEmpty, isPlainObject, isSpecialKey, mergeObject, type AnyObject } from "./utils.js";

export interface CleanOptions {
  partial?: boolean;
  source?: AnyObject;
  /** The model being cleaned or updated (lets a TypeDataField find the document's type). */
  model?: DataModel | null;
}

export interface ValidateOptions extends CleanOptions {
  fallback?: boolean;
}

/** DataModelUpdateOptions (common/abstract/data.mjs): `recursive: false` replaces each given field whole. */
export interface UpdateOptions {
  dryRun?: boolean;
  fallback?: boolean;
  recursive?: boolean;
}

/** A failure of one field, or of a schema with failures inside it. */
export class DataModelValidationFailure {
  invalidValue: unknown;
  message: string;
  unresolved: boolean;
  fallback: unknown;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: number; failure: DataModelValidationFailure }[] = [];

  constructor({ invalidValue, message = "", unresolved = false, fallback }: { invalidValue?: unknown; message?: string; unresolved?: boolean; fallback?: unknown } = {}) {
    this.invalidValue = invalidValue;
    this.message = message;
    this.unresolved = unresolved;
    this.fallback = fallback;
  }

  /** Flat list of "path: message" for every leaf failure. */
  lines(prefix = ""): string[] {
    const out: string[] = [];
    const nested = Object.keys(this.fields).length > 0 || this.elements.length > 0;
    if (!nested) out.push(`${prefix || "value"}: ${this.message}`);
    for (const [k, f] of Object.entries(this.fields)) out.push(...f.lines(prefix ? `${prefix}.${k}` : k));
    for (const { id, failure } of this.elements) out.push(...failure.lines(prefix ? `${prefix}.${id}` : String(id)));
    return out;
  }

  asError(): DataModelValidationError {
    return new DataModelValidationError(this);
  }
}

export class DataModelValidationError extends Error {
  failure: DataModelValidationFailure;
  constructor(failure: DataModelValidationFailure) {
    super(`${failure.message}\n${failure.lines().map((l) => `  ${l}`).join("\n")}`);
    this.name = "DataModelValidationError";
    this.failure = failure;
  }
  getAllFailures(): Record<string, DataModelValidationFailure> {
    return Object.fromEntries(this.failure.lines().map((l) => [l.split(":")[0] as string, this.failure]));
  }
}

export interface DataFieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  label?: string;
  hint?: string;
  validate?: (value: unknown, options: ValidateOptions) => boolean | void | DataModelValidationFailure;
  validationError?: string;
  gmOnly?: boolean;
  [key: string]: unknown;
}

type Choices = readonly unknown[] | Record<string, unknown> | (() => readonly unknown[] | Record<string, unknown>);

export class DataField {
  options: DataFieldOptions;
  name = "";
  parent: DataField | undefined;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare readonly: boolean;
  declare label: string;
  declare hint: string;
  declare validationError: string;

  constructor(options: DataFieldOptions = {}, { name, parent }: { name?: string; parent?: DataField } = {}) {
    if (name) this.name = name;
    this.parent = parent;
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    for (const k of Object.keys(defaults)) (this as AnyObject)[k] = k in options && options[k] !== undefined ? options[k] : defaults[k];
    for (const [k, v] of Object.entries(options)) if (!(k in defaults) && v !== undefined) (this as AnyObject)[k] = v;
  }

  static get _defaults(): DataFieldOptions {
    return { required: false, nullable: false, initial: undefined, readonly: false, gmOnly: false, label: "", hint: "", validationError: "is not a valid value" };
  }

  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter((p) => p).join(".");
  }

  getInitialValue(data?: unknown): unknown {
    return typeof this.initial === "function" ? (this.initial as (d: unknown) => unknown)(data) : deepClone(this.initial);
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return value;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    value = this._cast(value);
    return this._cleanType(value, options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** Returns a failure, or undefined when the value is valid. */
  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | undefined {
    const validators: ((v: unknown, o: ValidateOptions) => unknown)[] = [this._validateSpecial, this._validateType];
    if (this.options.validate) validators.push(this.options.validate);
    let failure: DataModelValidationFailure | undefined;
    try {
      for (const validator of validators) {
        const result = validator.call(this, value, options);
        if (result === true) return undefined;
        if (result === false) {
          failure = new DataModelValidationFailure({ invalidValue: value, message: this.validationError, unresolved: true });
          break;
        }
        if (result instanceof DataModelValidationFailure) {
          failure = result;
          break;
        }
      }
    } catch (err) {
      failure = new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message, unresolved: true });
    }
    if (failure && options.fallback && failure.unresolved && !(this instanceof SchemaField)) {
      const initial = this.getInitialValue(options.source);
      if (this.validate(initial, { ...options, fallback: false }) === undefined) {
        failure.fallback = initial;
        failure.unresolved = false;
      }
    }
    return failure;
  }

  protected _validateSpecial(value: unknown, _options?: ValidateOptions): boolean | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }

  protected _validateType(_value: unknown, _options?: ValidateOptions): boolean | void | DataModelValidationFailure {}

  /** The value a model exposes for this field's source value. */
  initialize(value: unknown, _model?: DataModel, _options?: AnyObject): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }

  /**
   * DataField#_updateDiff (common/data/fields.mjs): an update's value for this field, written into
   * `source` (a safe copy) and recorded in `difference` unless it is the very value already there.
   */
  _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, _options: UpdateOptions): void {
    if (value === source[key]) return;
    difference[key] = value;
    source[key] = value;
  }

  /** DataField#_updateCommit: the field's value from the safe copy, into the model's own source. */
  _updateCommit(source: AnyObject, key: string, value: unknown, _model: DataModel): void {
    source[key] = value;
  }

  /**
   * DataField#applyChange (common/data/fields.mjs, "Active Effect Integration"): an effect's change
   * on this field, its value cast to the field's type, by mode (CONST.ACTIVE_EFFECT_MODES:
   * 0 custom, 1 multiply, 2 add, 3 downgrade, 4 upgrade, 5 override).
   */
  applyChange(value: unknown, model: DataModel, change: { key: string; value: unknown; mode: number }): unknown {
    const delta = this._cast(change.value);
    switch (change.mode) {
      case 1:
        return this._applyChangeMultiply(value, delta);
      case 2:
        return this._applyChangeAdd(value, delta);
      case 3:
        return this._applyChangeDowngrade(value, delta);
      case 4:
        return this._applyChangeUpgrade(value, delta);
      case 5:
        return delta;
    }
    // CUSTOM: the "applyActiveEffect" hook may change the model; v13 reads the field back after it.
    const before = getProperty(model, change.key);
    const hooks = (globalThis as { Hooks?: { call(hook: string, ...args: unknown[]): unknown } }).Hooks;
    hooks?.call("applyActiveEffect", model, change, value, delta, {});
    const after = getProperty(model, change.key);
    return after === before ? undefined : after;
  }
  protected _applyChangeAdd(value: unknown, delta: unknown): unknown {
    return (value as number) + (delta as number);
  }
  protected _applyChangeMultiply(_value: unknown, _delta: unknown): unknown {
    return undefined;
  }
  protected _applyChangeUpgrade(_value: unknown, _delta: unknown): unknown {
    return undefined;
  }
  protected _applyChangeDowngrade(_value: unknown, _delta: unknown): unknown {
    return undefined;
  }

  protected _isValidChoice(value: unknown): boolean {
    const raw = (this as AnyObject).choices as Choices | undefined;
    const choices = typeof raw === "function" ? raw() : raw;
    if (!choices) return true;
    if (Array.isArray(choices)) return choices.includes(value);
    return String(value) in (choices as object);
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: DataFieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    this.fields = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!(field instanceof DataField)) throw new Error(`The "${name}" field is not an instance of the DataField class.`);
      field.name = name;
      field.parent = this;
      this.fields[name] = field;
    }
  }

  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial(this: void) { return undefined; } };
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = typeof this.options.initial === "function" || this.options.initial !== undefined ? super.getInitialValue(data) : undefined;
    if (initial !== undefined) return this._cleanType(isPlainObject(initial) ? initial : {}, {});
    if (this.required) return this._cleanType({}, {});
    return initial;
  }

  has(name: string): boolean {
    return name in this.fields;
  }
  get(name: string): DataField | undefined {
    return this.fields[name];
  }
  keys(): string[] {
    return Object.keys(this.fields);
  }
  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }
  *[Symbol.iterator](): Generator<DataField> {
    yield* Object.values(this.fields);
  }
  /** The field at a dot path, e.g. "attributes.verve". */
  getField(path: string | string[]): DataField | undefined {
    const [head, ...rest] = Array.isArray(path) ? path : path.split(".");
    const field = head === undefined ? undefined : this.fields[head];
    if (!rest.length) return field;
    return field instanceof SchemaField ? field.getField(rest) : undefined;
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  /**
   * SchemaField#_cleanType (common/data/fields.mjs): an "==name" value replaces the field whole, so it
   * is cleaned as a complete value (missing fields take their defaults) and "name" beside it is left
   * as given; a "-=name" or "==name" key stays only for a field the schema has.
   */
  protected override _cleanType(data: unknown, options: CleanOptions = {}): unknown {
    const obj = data as AnyObject;
    const inner = { ...options, source: options.source ?? obj };
    for (const [name, field] of Object.entries(this.fields)) {
      if (`==${name}` in obj) obj[`==${name}`] = field.clean(applySpecialKeys(obj[`==${name}`]), { ...inner, partial: false });
      else if (name in obj || !options.partial) obj[name] = field.clean(obj[name], inner);
    }
    for (const k of Object.keys(obj)) if (!this.has(k) && !(isSpecialKey(k) && this.has(k.slice(2)))) delete obj[k];
    return obj;
  }

  /** SchemaField#_validateType: each field, and each "-=" (the field emptied) or "==" (the whole new value) key of one. */
  protected override _validateType(data: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (!isPlainObject(data)) throw new Error("must be an object");
    const schemaFailure = new DataModelValidationFailure();
    for (const [name, field] of Object.entries(this.fields)) {
      for (const prefix of ["", "-=", "=="]) {
        const key = prefix + name;
        if ((prefix || options.partial) && !(key in data)) continue;
        let value = data[key];
        if (prefix === "-=") {
          if (value !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
          value = undefined;
        }
        const failure = field.validate(value, { ...options, source: options.source ?? data, ...(prefix ? { fallback: false } : {}) });
        if (!failure) continue;
        schemaFailure.fields[key] = failure;
        if (failure.unresolved) schemaFailure.unresolved = true;
        else if (options.fallback) data[name] = failure.fallback;
      }
    }
    if (Object.keys(schemaFailure.fields).length) return schemaFailure;
  }

  /** SchemaField#_validateModel (common/data/fields.mjs): the joint validation of the models inside (a document's `system`). */
  _validateModel(data: AnyObject): void {
    for (const [name, field] of Object.entries(this.fields)) {
      const value = data[name];
      if (!isPlainObject(value)) continue;
      if (field instanceof TypeDataField) field.getModelForType(data.type)?.validateJoint(value);
      else if (field instanceof SchemaField) field._validateModel(value);
    }
  }

  /**
   * SchemaField#_addTypes (common/data/fields.mjs): a document's update always says its type, so the
   * `system` field knows which model cleans and validates it.
   */
  _addTypes(source: AnyObject, changes: AnyObject): void {
    if (!(this.fields.system instanceof TypeDataField) || !isPlainObject(changes)) return;
    if ("type" in changes) changes.type ??= this.fields.type?.getInitialValue(source);
    else changes.type = source.type;
  }

  /**
   * SchemaField#_updateDiff (common/data/fields.mjs): field by field into the safe copy, or, for
   * null, undefined or a non-recursive update, the whole value cleaned and replaced. A document's
   * type changes only with its `system` replaced whole ("==system") or a non-recursive update.
   */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (value === undefined || value === null || (options.recursive === false && key !== "_source")) {
      let whole = applySpecialKeys(value);
      if (options.recursive === false) whole = this.clean(whole);
      super._updateDiff(source, key, whole, difference, options);
      return;
    }
    const changes = value as AnyObject;
    const typed = this.fields.system instanceof TypeDataField;
    if (typed && ("==type" in changes || "-=type" in changes)) throw new Error("The type of a Document cannot be updated with ==type or -=type");
    source[key] ||= {};
    const inner = source[key] as AnyObject;
    const schemaDiff: AnyObject = {};
    difference[key] = schemaDiff;
    for (const [k, v] of Object.entries(changes)) {
      const special = isSpecialKey(k);
      const name = special ? k.slice(2) : k;
      const field = this.fields[name];
      if (!field) continue;
      if (!special) field._updateDiff(inner, k, v, schemaDiff, options);
      else if (k[0] === "=") schemaDiff[k] = inner[name] = applySpecialKeys(v);
      else {
        if (v !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
        if (name in inner) {
          schemaDiff[k] = v;
          delete inner[name];
        }
      }
    }
    if (typed && "type" in schemaDiff && !("==system" in changes || ("system" in changes && options.recursive === false))) {
      throw new Error("The type of a Document can be changed only if the system field is force-replaced (==) or updated with {recursive: false}");
    }
    if (isEmpty(schemaDiff)) delete difference[key];
  }

  override initialize(value: unknown, model?: DataModel, options?: AnyObject): unknown {
    if (!isPlainObject(value)) return value;
    const data: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) data[name] = field.initialize(value[name], model, options);
    return data;
  }

  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return deepClone(value);
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) if (name in value) out[name] = field.toObject(value[name]);
    return out;
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  protected override _validateType(value: unknown): void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
  /** BooleanField's Active Effect modes (common/data/fields.mjs). */
  protected override _applyChangeAdd(value: unknown, delta: unknown): unknown {
    return value || delta;
  }
  protected override _applyChangeMultiply(value: unknown, delta: unknown): unknown {
    return value && delta;
  }
  protected override _applyChangeUpgrade(value: unknown, delta: unknown): unknown {
    return (delta as number) > (value as number) ? delta : value;
  }
  protected override _applyChangeDowngrade(value: unknown, delta: unknown): unknown {
    return (delta as number) < (value as number) ? delta : value;
  }
}

export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: Choices | undefined;

  constructor(options: DataFieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    // Fields with choices are not nullable unless asked.
    if (this.choices) this.nullable = options.nullable ?? false;
    if (Number.isFinite(this.min) && Number.isFinite(this.max) && (this.min as number) > (this.max as number)) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }

  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, initial: null, nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }

  /** NumberField#_cast: an empty string is no number, null where the field allows it (a cleared form input). */
  protected override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }
  /** NumberField's Active Effect modes (common/data/fields.mjs). */
  protected override _applyChangeMultiply(value: unknown, delta: unknown): unknown {
    return (value as number) * (delta as number);
  }
  protected override _applyChangeUpgrade(value: unknown, delta: unknown): unknown {
    return (delta as number) > (value as number) ? delta : value;
  }
  protected override _applyChangeDowngrade(value: unknown, delta: unknown): unknown {
    return (delta as number) < (value as number) ? delta : value;
  }

  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    if (this.integer) value = Math.round(value);
    if (Number.isFinite(this.min)) value = Math.max(value as number, this.min as number);
    if (Number.isFinite(this.max)) value = Math.min(value as number, this.max as number);
    if (Number.isFinite(this.step)) value = Math.round((value as number) / (this.step as number)) * (this.step as number);
    return value;
  }

  protected override _validateType(value: unknown): void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < (this.min as number)) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > (this.max as number)) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !this._isValidChoice(value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: Choices | undefined;

  constructor(options: DataFieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    // Fields with choices are neither nullable nor blank unless asked.
    if (this.choices) {
      this.nullable = options.nullable ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
  }

  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, blank: true, trim: true, nullable: false, initial: undefined, choices: undefined, textSearch: false };
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (initial !== undefined) return initial;
    if (this.required) return this.blank ? "" : this.nullable ? null : undefined;
    return initial;
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    if (value === "") {
      if (this.blank) return value;
      value = undefined;
    }
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    return String(value);
  }

  protected override _validateSpecial(value: unknown, options?: ValidateOptions): boolean | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value, options);
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices) {
      if (this._isValidChoice(value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
}

/** A UUID string such as "Actor.abc" or "Actor.abc.Item.def"; validated by shape. */
export class DocumentUUIDField extends StringField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, type: undefined, embedded: undefined };
  }
  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new Error("must be a string");
    const parts = value.split(".");
    if (parts.length < 2 || parts.length % 2 !== 0 || parts.some((p) => !p)) throw new Error(`"${value}" is not a valid UUID string`);
    const type = this.options.type as string | undefined;
    if (type && parts[parts.length - 2] !== type) throw new Error(`Invalid document type "${parts[parts.length - 2]}" which must be a ${type}`);
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }
  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (initial !== undefined) return initial;
    return this.required ? {} : initial;
  }
  protected override _cast(value: unknown): unknown {
    return getType(value) === "Object" ? value : {};
  }
  protected override _validateType(value: unknown): void {
    if (getType(value) !== "Object") throw new Error("must be an object");
  }
  override initialize(value: unknown): unknown {
    return deepClone(value);
  }
  /** ObjectField#_updateDiff: an object merges into the stored one (its "-=" and "==" keys obeyed); anything else, or a non-recursive update, replaces it. */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (!isPlainObject(value) || options.recursive === false) {
      super._updateDiff(source, key, applySpecialKeys(value), difference, options);
      return;
    }
    if (!isPlainObject(source[key])) source[key] = {};
    const diff = diffObject(source[key] as AnyObject, value, { deletionKeys: true });
    if (isEmpty(diff)) return;
    difference[key] = diff;
    mergeObject(source[key] as AnyObject, value, { insertKeys: true, insertValues: true, performDeletions: true });
  }
}

export class ArrayField extends DataField {
  element: DataField;
  declare min: number | undefined;
  declare max: number | undefined;
  declare empty: boolean;

  constructor(element: DataField, options: DataFieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    if (!(element instanceof DataField)) throw new Error("An ArrayField must have a DataField as its contained element");
    this.element = element;
    element.parent = this;
    element.name = "element";
  }

  static override get _defaults(): DataFieldOptions {
    return { ...super._defaults, required: true, nullable: false, empty: true, exact: undefined, min: 0, max: Infinity, initial: () => [] };
  }

  /** Arrays arrive as arrays, Sets, or objects with index keys (from forms via expandObject). */
  protected override _cast(value: unknown): unknown {
    const t = getType(value);
    if (t === "Object") {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value as AnyObject)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    if (t === "Set") return Array.from(value as Set<unknown>);
    return Array.isArray(value) ? value : [value];
  }

  protected override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    // Arrays are replaced whole, so their elements are cleaned as complete values.
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (value.length < (this.min ?? 0)) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (value.length > (this.max ?? Infinity)) throw new Error(`cannot have more than ${this.max} elements`);
    const exact = this.options.exact as number | undefined;
    if (exact !== undefined && value.length !== exact) throw new Error(`must have exactly ${exact} elements`);
    const arrayFailure = new DataModelValidationFailure();
    // ArrayField#_validateElements counts through every index: a gap (a list sent as {0: 3, 2: 4}) is an undefined element.
    for (let i = 0; i < value.length; i++) {
      const failure = this.element.validate(value[i], { ...options, partial: false });
      if (failure) {
        arrayFailure.elements.push({ id: i, failure });
        if (failure.unresolved) arrayFailure.unresolved = true;
      }
    }
    if (arrayFailure.elements.length) return arrayFailure;
  }

  /** ArrayField#_updateDiff: a list is replaced whole (its elements' "-=" and "==" keys applied), unless it equals the stored one. */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, _options: UpdateOptions): void {
    const whole = applySpecialKeys(value);
    if (whole === source[key] || JSON.stringify(whole) === JSON.stringify(source[key])) return;
    source[key] = whole;
    difference[key] = deepClone(whole);
  }

  override initialize(value: unknown, model?: DataModel, options?: AnyObject): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, model, options)) : value;
  }

  override toObject(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.toObject(v)) : value;
  }
}

/* -------------------------------------------- */
/*  DataModel                                   */
/* -------------------------------------------- */

export interface DataModelConstructionOptions {
  parent?: DataModel | null;
  strict?: boolean;
  fallback?: boolean;
  [key: string]: unknown;
}

type ModelClass = typeof DataModel;

const schemas = new WeakMap<ModelClass, SchemaField>();

export class DataModel {
  declare _source: AnyObject;
  declare parent: DataModel | null;
  #validationFailures: { fields: DataModelValidationFailure | null; joint: Error | null } = { fields: null, joint: null };

  constructor(data: AnyObject = {}, { parent = null, strict = true, ...options }: DataModelConstructionOptions = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: true, enumerable: false });
    Object.defineProperty(this, "_source", { value: this._initializeSource(data, { ...options, strict }), writable: true, enumerable: false });
    this.validate({ strict, fallback: options.fallback as boolean | undefined, fields: true, joint: true });
    this._initialize(options);
  }

  static defineSchema(): Record<string, DataField> {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  /** The schema, built once per class from defineSchema(). */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      const fields = this.defineSchema();
      schema = fields instanceof SchemaField ? fields : new SchemaField(fields);
      schemas.set(this, schema);
    }
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as ModelClass).schema;
  }

  get invalid(): boolean {
    return Object.values(this.#validationFailures).some((f) => f);
  }

  get validationFailures() {
    return this.#validationFailures;
  }

  static migrateData(source: AnyObject): AnyObject {
    return source;
  }

  static migrateDataSafe(source: AnyObject): AnyObject {
    try {
      this.migrateData(source);
    } catch (err) {
      console.warn(`Failed data migration for ${this.name}: ${(err as Error).message}`);
    }
    return source;
  }

  static shimData(data: AnyObject): AnyObject {
    return data;
  }

  /** Clean source data in place: fill initial values, cast, round/clamp, drop unknown keys. */
  static cleanData(source: AnyObject = {}, options: CleanOptions = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  static validateJoint(_data: AnyObject): void {}

  protected _initializeSource(data: AnyObject | DataModel, options: AnyObject = {}): AnyObject {
    if (data instanceof DataModel) data = data.toObject();
    let source: AnyObject = isPlainObject(data) ? data : {};
    const cls = this.constructor as ModelClass;
    source = cls.migrateDataSafe(source);
    source = cls.cleanData(source, { model: this, ...options } as CleanOptions);
    cls.shimData(source);
    return source;
  }

  protected _configure(_options: AnyObject = {}): void {}

  /** Assign each field's initialized value to the instance. */
  protected _initialize(options: AnyObject = {}): void {
    for (const [name, field] of this.schema.entries()) {
      const value = field.initialize(this._source[name], this, options);
      Object.defineProperty(this, name, { value, writable: true, configurable: true, enumerable: true });
    }
  }

  /** Re-initialize from _source. */
  reset(): void {
    this._initialize();
  }

  clone(data: AnyObject = {}, context: DataModelConstructionOptions = {}): this {
    const cls = this.constructor as new (data: AnyObject, context: DataModelConstructionOptions) => this;
    return new cls(mergeObject(this.toObject(), data, { insertKeys: false, performDeletions: true, inplace: true }), { parent: this.parent, ...context });
  }

  /**
   * Validate the model's source, or a set of changes (then partially: only the keys given). With
   * clean, the data is cleaned first (in place). With fallback, invalid values are replaced by their
   * initial value. strict (default) throws a DataModelValidationError; otherwise returns false.
   */
  validate({ changes, clean = false, fallback = false, strict = true, fields = true, joint }: { changes?: AnyObject; clean?: boolean; fallback?: boolean; strict?: boolean; fields?: boolean; joint?: boolean; dropInvalidEmbedded?: boolean } = {}): boolean {
    const source = changes ?? this._source;
    this.#validationFailures = { fields: null, joint: null };
    const partial = !!changes;
    joint = joint ?? !changes;
    if (partial && joint) throw new Error("It is not supported to conduct joint validation over a partial data object.");
    const cls = this.constructor as ModelClass;
    if (clean) cls.cleanData(source, { partial, model: this });
    if (fields) {
      const failure = this.schema.validate(source, { partial, fallback, model: this });
      if (failure) {
        const id = this._source?._id ? `[${String(this._source._id)}] ` : "";
        failure.message = `${cls.name} ${id}validation errors:`;
        this.#validationFailures.fields = failure;
        if (failure.unresolved) {
          if (strict) throw failure.asError();
          return false;
        }
      }
    }
    if (joint) {
      try {
        cls.validateJoint(source);
      } catch (err) {
        this.#validationFailures.joint = err as Error;
        if (strict) throw err;
        return false;
      }
    }
    return true;
  }

  /**
   * v13 DataModel#updateSource (common/abstract/data.mjs): dotted keys are expanded in the caller's
   * own object (which is cleaned in place, so it is never the same object after), the document's
   * type is added, the changes are cleaned and worked into a safe copy field by field
   * (SchemaField#_updateDiff), the fields that changed are validated, then the whole model jointly,
   * and only then (unless a dry run) written into the source. Throws on any failure, changing nothing.
   * Returns what changed.
   */
  updateSource(changes: AnyObject = {}, options: UpdateOptions = {}): AnyObject {
    if (Object.keys(changes).some((k) => k.includes("."))) {
      const expanded = expandObject(changes);
      for (const k of Object.keys(changes)) delete changes[k];
      Object.assign(changes, expanded);
    }
    const cls = this.constructor as ModelClass;
    this.schema._addTypes(this._source, changes);
    cls.cleanData(changes, { partial: true, model: this });
    // #prepareSafeSource: the fields the changes name are copied, the rest shared.
    const copy: AnyObject = { ...this._source };
    for (const k of Object.keys(changes)) {
      const key = isSpecialKey(k) ? k.slice(2) : k;
      if (key in copy) copy[key] = deepClone(copy[key]);
    }
    const rootDiff: AnyObject = {};
    this.schema._updateDiff({ _source: copy }, "_source", changes, rootDiff, options);
    const diff = (rootDiff._source ?? {}) as AnyObject;
    if (isEmpty(diff)) return diff;
    const typeChanged = "type" in diff;
    this.validate({ changes: diff, fields: true, strict: true });
    if (!typeChanged) delete diff.type;
    // DataModel#validate, joint: the inner models' validateJoint (SchemaField#_validateModel), then this one's.
    try {
      this.schema._validateModel(copy);
      cls.validateJoint(copy);
    } catch (err) {
      const id = this._source._id ? `[${String(this._source._id)}] ` : "";
      const joint = new Error(`${cls.name} ${id}Joint Validation Error:\n${(err as Error).message}`);
      this.#validationFailures = { fields: null, joint };
      throw joint;
    }
    if (options.dryRun) return diff;
    // The source object keeps its identity (an embedded document's source is its parent's too).
    for (const k of Object.keys(diff)) {
      const key = isSpecialKey(k) ? k.slice(2) : k;
      const field = this.schema.get(key);
      if (!(key in copy)) delete this._source[key];
      else if (field) field._updateCommit(this._source, key, copy[key], this);
      else this._source[key] = copy[key];
    }
    this._initialize();
    return diff;
  }

  toObject(source = true): AnyObject {
    if (source) return deepClone(this._source);
    const out: AnyObject = {};
    for (const [name, field] of this.schema.entries()) out[name] = field.toObject((this as unknown as AnyObject)[name]);
    return out;
  }

  toJSON(): AnyObject {
    return this.toObject();
  }

  static fromSource<T extends DataModel>(this: new (data: AnyObject, options: DataModelConstructionOptions) => T, source: AnyObject, options: DataModelConstructionOptions = {}): T {
    return new this(source, options);
  }
}

/** A document's `system`: cleaned, validated and initialized by the data model registered for its type. */
export class TypeDataField extends ObjectField {
  documentName: string;
  constructor(documentName: string, options: DataFieldOptions = {}) {
    super(options);
    this.documentName = documentName;
  }

  getModelForType(type: unknown): typeof TypeDataModel | undefined {
    if (typeof type !== "string") return undefined;
    const config = (globalThis as unknown as { CONFIG?: Record<string, { dataModels?: Record<string, typeof TypeDataModel> }> }).CONFIG;
    return config?.[this.documentName]?.dataModels?.[type];
  }

  #type(options: CleanOptions): unknown {
    return options.source?.type ?? options.model?._source?.type;
  }

  override getInitialValue(data?: unknown): unknown {
    const cls = this.getModelForType((data as AnyObject | undefined)?.type);
    return cls ? cls.cleanData({}) : {};
  }

  protected override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const cls = this.getModelForType(this.#type(options));
    if (!cls) return value;
    return cls.cleanData(value as AnyObject, { partial: options.partial });
  }

  protected override _validateType(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | void {
    if (getType(value) !== "Object") throw new Error("must be an object");
    const cls = this.getModelForType(this.#type(options));
    if (!cls) return;
    const failure = cls.schema.validate(value, { partial: options.partial, fallback: options.fallback });
    if (failure) return failure;
    if (!options.partial) cls.validateJoint(value as AnyObject);
  }

  /** TypeDataField#_updateDiff: field by field as its type's model's schema, or as a plain object when the type has no model. */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    const cls = this.getModelForType(source.type);
    if (cls) cls.schema._updateDiff(source, key, value, difference, options);
    else super._updateDiff(source, key, value, difference, options);
  }

  override initialize(value: unknown, model?: DataModel): unknown {
    const cls = this.getModelForType(model?._source?.type);
    if (!cls) return deepClone(value);
    return new cls(value as AnyObject, { parent: model ?? null, strict: false });
  }

  override toObject(value: unknown): unknown {
    return value instanceof DataModel ? value.toObject(false) : deepClone(value);
  }
}

/** Base for the `system` models of typed documents, with the lifecycle hooks documents delegate to. */
export class TypeDataModel extends DataModel {
  static override defineSchema(): Record<string, DataField> {
    return {};
  }

  /** Prepare data before the document's own base data. */
  prepareBaseData(): void {}
  /** Prepare derived data after embedded documents. */
  prepareDerivedData(): void {}

  /** Called by the document's _preCreate; return false to cancel. Modify via this.parent.updateSource. */
  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}
  /** Called by the document's _preUpdate with the candidate changes (may be mutated); false cancels. */
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preDelete(_options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onDelete(_options: AnyObject, _userId: string): void {}
}

export const fields = {
  DataField,
  SchemaField,
  NumberField,
  StringField,
  BooleanField,
  ArrayField,
  ObjectField,
  HTMLField,
  DocumentUUIDField,
  TypeDataField,
};

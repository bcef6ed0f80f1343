/**
 * foundry.utils: the object helpers Fray uses, following common/utils/helpers.mjs of Foundry v13
 * (see fvtt-types src/foundry/common/utils/helpers.d.mts for the documented behaviour).
 */
export type AnyObject = Record<string, unknown>;

/** Foundry's getType: "Object" only for plain objects; "Array", "Set", "Map", "null", "number", ... */
export function getType(value: unknown): string {
  if (value === null) return "null";
  const t = typeof value;
  if (t !== "object") return t;
  if (Array.isArray(value)) return "Array";
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null || proto === Object.prototype) return "Object";
  for (const [cls, name] of [[Set, "Set"], [Map, "Map"], [Promise, "Promise"], [Error, "Error"]] as const) {
    if (value instanceof cls) return name;
  }
  if (typeof HTMLElement !== "undefined" && value instanceof HTMLElement) return "HTMLElement";
  return "Unknown";
}

export function isPlainObject(value: unknown): value is AnyObject {
  return getType(value) === "Object";
}

/** Deep-clone plain objects, arrays and Dates; other class instances are kept by reference (strict: false). */
export function deepClone<T>(original: T, { strict = false }: { strict?: boolean } = {}): T {
  if (typeof original !== "object" || original === null) return original;
  if (Array.isArray(original)) return original.map((v: unknown) => deepClone(v, { strict })) as T;
  if (original instanceof Date) return new Date(original) as T;
  if (!isPlainObject(original)) {
    if (strict) throw new Error("deepClone cannot clone advanced objects");
    return original;
  }
  const clone: AnyObject = {};
  for (const [k, v] of Object.entries(original)) clone[k] = deepClone(v, { strict });
  return clone as T;
}

/** Foundry's duplicate: a JSON round trip. */
export function duplicate<T>(original: T): T {
  return JSON.parse(JSON.stringify(original)) as T;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/**
 * Merge `other` into `original`. Dot-notation keys of `other` are expanded first; with
 * performDeletions, "-=key" deletes and "==key" replaces without merging.
 */
export function mergeObject<T extends object, U extends object>(original: T, other: U = {} as U, options: MergeOptions = {}, _d = 0): T & U {
  const { insertKeys = true, insertValues = true, overwrite = true, recursive = true, inplace = true, enforceTypes = false, performDeletions = false } = options;
  other = (other ?? {}) as U;
  if (!isPlainObject(original) && !Array.isArray(original)) throw new Error("One of original or other are not Objects!");
  if (!isPlainObject(other)) throw new Error("One of original or other are not Objects!");
  const depth = _d + 1;
  if (!inplace && depth === 1) original = deepClone(original);
  if (Object.keys(other).some((k) => k.includes("."))) other = expandObject(other as AnyObject) as U;
  const target = original as AnyObject;
  for (const [key, v] of Object.entries(other)) {
    let k = key;
    if (k.startsWith("-=") && performDeletions) {
      delete target[k.slice(2)];
      continue;
    }
    if (k.startsWith("==") && performDeletions) {
      k = k.slice(2);
      target[k] = applySpecialKeys(v);
      continue;
    }
    const exists = Object.prototype.hasOwnProperty.call(target, k);
    if (!exists) {
      if (depth === 1 ? insertKeys : insertValues) target[k] = isPlainObject(v) ? mergeObject({}, v, { ...options, inplace: true }, depth) : v;
      continue;
    }
    const existing = target[k];
    if (recursive && isPlainObject(existing) && isPlainObject(v)) {
      mergeObject(existing, v, { ...options, inplace: true }, depth);
      continue;
    }
    if (!overwrite) continue;
    if (enforceTypes && existing !== undefined && existing !== null && v !== null && getType(existing) !== getType(v)) {
      throw new Error(`Mismatched data types encountered during object merge.`);
    }
    // v13 _mergeUpdate (common/utils/helpers.mjs): an overwritten value is stored without its special keys.
    target[k] = applySpecialKeys(v);
  }
  return target as T & U;
}

/** Expand {"a.b": 1} into {a: {b: 1}}. */
export function expandObject(obj: AnyObject): AnyObject {
  const expand = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
    if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) setProperty(out, k, expand(v, depth + 1));
    return out;
  };
  return expand(obj, 0) as AnyObject;
}

/** Flatten {a: {b: 1}} into {"a.b": 1}; empty objects stay as values. */
export function flattenObject(obj: AnyObject, _d = 0): AnyObject {
  const flat: AnyObject = {};
  if (_d > 100) throw new Error("Maximum depth exceeded");
  for (const [k, v] of Object.entries(obj)) {
    if (isPlainObject(v) && !isEmpty(v)) {
      for (const [ik, iv] of Object.entries(flattenObject(v, _d + 1))) flat[`${k}.${ik}`] = iv;
    } else flat[k] = v;
  }
  return flat;
}

export function getProperty(object: unknown, key: string | string[]): unknown {
  if (!key || !object) return undefined;
  const parts = Array.isArray(key) ? key : key.split(".");
  let target: unknown = object;
  for (const p of parts) {
    if (target === null || target === undefined) return undefined;
    if (typeof target !== "object") return undefined;
    target = (target as AnyObject)[p];
  }
  return target;
}

/** Set a dot-notation property, creating objects along the way; returns whether the value changed. */
export function setProperty(object: object, key: string, value: unknown): boolean {
  if (!key) return false;
  let target = object as AnyObject;
  const parts = key.split(".");
  const last = parts.pop() as string;
  for (const p of parts) {
    if (!(p in target) || target[p] === null || typeof target[p] !== "object") target[p] = {};
    target = target[p] as AnyObject;
  }
  const changed = !(last in target) || target[last] !== value;
  target[last] = value;
  return changed;
}

export function hasProperty(object: unknown, key: string): boolean {
  if (!key || object === null || typeof object !== "object") return false;
  let target: unknown = object;
  for (const p of key.split(".")) {
    if (target === null || typeof target !== "object" || !(p in (target as object))) return false;
    target = (target as AnyObject)[p];
  }
  return true;
}

export function isEmpty(value: unknown): boolean {
  const t = getType(value);
  switch (t) {
    case "undefined":
    case "null":
      return true;
    case "Array":
      return (value as unknown[]).length === 0;
    case "Object":
      return Object.keys(value as object).length === 0;
    case "Set":
    case "Map":
      return (value as Set<unknown>).size === 0;
    default:
      return false;
  }
}

/**
 * The parts of `other` that differ from `original`. Arrays compare as wholes; with deletionKeys,
 * "-=" keys in `other` are kept when `original` has the key.
 */
export function diffObject(original: AnyObject, other: AnyObject, { inner = false, deletionKeys = false }: { inner?: boolean; deletionKeys?: boolean } = {}): AnyObject {
  const diff: AnyObject = {};
  for (const [k, v] of Object.entries(other)) {
    if (deletionKeys && k.startsWith("-=")) {
      if (Object.prototype.hasOwnProperty.call(original, k.slice(2))) diff[k] = v;
      continue;
    }
    if (inner && !(k in original)) continue;
    const o = original[k];
    if (isPlainObject(v) && isPlainObject(o)) {
      const d = diffObject(o, v, { inner, deletionKeys });
      if (!isEmpty(d)) diff[k] = d;
    } else if (isPlainObject(v) && !(k in original)) {
      diff[k] = v;
    } else if (Array.isArray(v) || Array.isArray(o) || (typeof v === "object" && v !== null)) {
      if (JSON.stringify(v) !== JSON.stringify(o)) diff[k] = v;
    } else if (v !== o) diff[k] = v;
  }
  return diff;
}

/** A "-=key" (delete) or "==key" (replace whole) update key (v13 common/utils/helpers.mjs, isDeletionKey). */
export function isSpecialKey(key: string): boolean {
  return key[1] === "=" && (key[0] === "=" || key[0] === "-");
}

/**
 * v13 applySpecialKeys (common/utils/helpers.mjs): a value that replaces a field whole, as it will be
 * stored: at every depth a "-=key" removes the key and an "==key" becomes the plain key.
 */
export function applySpecialKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(applySpecialKeys);
  if (getType(value) !== "Object") return value;
  const out: AnyObject = {};
  for (const [key, inner] of Object.entries(value as AnyObject)) {
    if (key.startsWith("-=") && isSpecialKey(key)) {
      if (inner !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
      delete out[key.slice(2)];
    } else if (key.startsWith("==")) out[key.slice(2)] = applySpecialKeys(inner);
    else out[key] = applySpecialKeys(inner);
  }
  return out;
}

const ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function randomID(length = 16): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let id = "";
  for (const b of bytes) id += ID_CHARS[b % ID_CHARS.length];
  return id;
}

export const utils = {
  mergeObject,
  expandObject,
  flattenObject,
  getProperty,
  setProperty,
  hasProperty,
  deepClone,
  duplicate,
  randomID,
  diffObject,
  isEmpty,
  getType,
};

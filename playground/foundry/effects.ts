/**
 * ActiveEffect after Foundry v13 (common/documents/active-effect.mjs, client/documents/active-effect.mjs)
 * embedded in Actor, and the Actor side of statuses (client/documents/actor.mjs): `statuses`
 * gathered from active effects on preparation, their `changes` applied to the prepared data (never
 * to `_source`) in priority order, `temporaryEffects`, `toggleStatusEffect`, and the tokens redrawn
 * when an effect changes. A change whose key names no field of the schema (v13's `_applyLegacy`) is
 * not applied.
 */
import { ArrayField, BooleanField, DataModel, NumberField, ObjectField, SchemaField, StringField, type DataField } from "./data.js";
import { Actor, ClientDocument, CONST, trackRender, updateDependentTokens, type Collection } from "./documents.js";
import { state } from "./state.js";
import { deepClone, expandObject, getProperty, setProperty, type AnyObject } from "./utils.js";

/** foundry.data.fields.SetField: stored as an array, a Set once prepared. */
class SetField extends ArrayField {
  /** SetField#initialize: a Set. */
  override initialize(value: unknown, model?: DataModel, options?: AnyObject): unknown {
    return new Set(super.initialize(value, model, options) as unknown[]);
  }
  /** SetField#toObject: back to an array. */
  override toObject(value: unknown): unknown {
    return value instanceof Set ? [...value] : super.toObject(value);
  }
}

interface StatusEffectConfig {
  id: string;
  name: string;
  img: string;
  _id?: string;
  statuses?: string[];
  hud?: unknown;
}

export class ActiveEffect extends ClientDocument {
  static override documentName = "ActiveEffect";
  declare img: string | null;
  declare disabled: boolean;
  declare statuses: Set<string>;
  declare duration: { seconds: number | null; rounds: number | null; turns: number | null };
  declare changes: EffectChange[];

  /** BaseActiveEffect's schema: what statuses and durations need. */
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      flags: new ObjectField(),
      type: new StringField({ required: true, blank: false, initial: CONST.BASE_DOCUMENT_TYPE }),
      system: new ObjectField(),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ nullable: true, initial: null }),
      // BaseActiveEffect's changes: a key, a value (a string, cast by the field it changes), a mode (ADD by default) and a priority.
      changes: new ArrayField(
        new SchemaField({
          key: new StringField({ required: true }),
          value: new StringField({ required: true }),
          mode: new NumberField({ required: true, nullable: false, integer: true, initial: CONST.ACTIVE_EFFECT_MODES.ADD }),
          priority: new NumberField(),
        }),
      ),
      disabled: new BooleanField(),
      duration: new SchemaField({
        startTime: new NumberField({ nullable: true, initial: null }),
        seconds: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        combat: new StringField({ nullable: true, initial: null }),
        rounds: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        turns: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
      }),
      description: new StringField({ initial: "" }),
      origin: new StringField({ nullable: true, blank: false, initial: null }),
      tint: new StringField({ initial: "#ffffff" }),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
    };
  }

  /** ActiveEffect.fromStatusEffect: an unsaved effect built from the CONFIG.statusEffects entry. */
  static async fromStatusEffect(statusId: string, options: AnyObject = {}): Promise<ActiveEffect> {
    const status = statusEffects().find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, hud: _hud, ...data } = deepClone(status) as StatusEffectConfig & AnyObject;
    const i18n = state.game.i18n as { localize(key: string): string };
    data.name = i18n.localize(data.name);
    data.statuses = [...new Set([id, ...(data.statuses ?? [])])];
    if (data.statuses.length > 1 && !status._id) throw new Error("Status effects with implicit statuses must have a static _id");
    const cls = (state.CONFIG.ActiveEffect as AnyObject).documentClass as typeof ActiveEffect;
    return new cls(data, options);
  }

  /** ActiveEffect#isSuppressed: no system rule suppresses an effect in the harness. */
  get isSuppressed(): boolean {
    return false;
  }
  /** ActiveEffect#active: not disabled and not suppressed. */
  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
  /** ActiveEffect#isTemporary: a duration, or any status. */
  get isTemporary(): boolean {
    const duration = this.duration.seconds ?? (this.duration.rounds || this.duration.turns) ?? 0;
    return duration > 0 || this.statuses.size > 0;
  }
  /** ActiveEffect#apply: one change applied to the actor's prepared data; the overrides it made. */
  apply(actor: Actor, change: EffectChange): Record<string, unknown> {
    return applyEffectChange(actor as ActorWithEffects, change);
  }
  /** BaseActiveEffect#_preCreate: an effect created on an actor does not transfer. */
  protected override async _preCreate(data: AnyObject, options: AnyObject, user: never): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (this.parent instanceof Actor) this.updateSource({ transfer: false });
  }
}

interface EffectChange {
  key: string;
  value: string;
  mode: number;
  priority: number | null;
}

/**
 * ActiveEffect#apply and ActiveEffect.applyField (client/documents/active-effect.mjs): the field the
 * key names, in the system's schema for "system." keys, changes its prepared value by the field's
 * applyChange; returns the overrides it made. Actor#applyActiveEffects calls it as the change's
 * effect's `apply`, so a system's ActiveEffect class may decline a change.
 */
function applyEffectChange(actor: ActorWithEffects, change: EffectChange): Record<string, unknown> {
  const system = (actor as unknown as { system: unknown }).system;
  const field = change.key.startsWith("system.") ? (system instanceof DataModel ? system.schema.getField(change.key.slice(7)) : undefined) : actor.schema.getField(change.key);
  if (!field) return {};
  const current = getProperty(actor, change.key);
  const update = field.applyChange(current, actor, change);
  if (update === undefined) return {};
  setProperty(actor, change.key, update);
  return { [change.key]: update };
}

const statusEffects = () => (state.CONFIG as AnyObject).statusEffects as StatusEffectConfig[];

// Actor#statuses is an instance field in Foundry; preparation runs inside the constructor, before fields exist.
const statusesOf = new WeakMap<object, Set<string>>();

type ActorWithEffects = Actor & { effects: Collection<ActiveEffect>; statuses: Set<string> };

function* allApplicableEffects(actor: ActorWithEffects): Generator<ActiveEffect> {
  for (const effect of actor.effects ?? []) yield effect;
}

/**
 * Adds the effect side of Actor (client/documents/actor.mjs) to the harness Actor, as tokens.ts adds
 * getActiveTokens: statuses, applyActiveEffects on preparation, appliedEffects, temporaryEffects,
 * toggleStatusEffect, and token redraws on embedded changes.
 */
function installActorEffects(): void {
  const proto = Actor.prototype as unknown as AnyObject;
  const base = ClientDocument.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  Object.defineProperty(proto, "statuses", {
    configurable: true,
    get(this: Actor) {
      let set = statusesOf.get(this);
      if (!set) statusesOf.set(this, (set = new Set()));
      return set;
    },
  });
  // Actor#applyActiveEffects: the statuses of every active effect, and their changes in priority order (mode × 10 unless given).
  proto.applyActiveEffects = function (this: ActorWithEffects) {
    this.statuses.clear();
    const changes: (EffectChange & { effect: ActiveEffect; order: number })[] = [];
    for (const effect of allApplicableEffects(this)) {
      if (!effect.active) continue;
      for (const change of effect.changes ?? []) changes.push({ ...deepClone(change), effect, order: change.priority ?? change.mode * 10 });
      for (const id of effect.statuses) this.statuses.add(id);
    }
    changes.sort((a, b) => a.order - b.order);
    const overrides: Record<string, unknown> = {};
    for (const change of changes) if (change.key) Object.assign(overrides, change.effect.apply(this, change));
    (this as unknown as { overrides: AnyObject }).overrides = expandObject(overrides);
  };
  // Actor#prepareEmbeddedDocuments: the embedded documents, then the effects applied.
  proto.prepareEmbeddedDocuments = function (this: ActorWithEffects) {
    base.prepareEmbeddedDocuments!.call(this);
    (this as unknown as { applyActiveEffects(): void }).applyActiveEffects();
  };
  Object.defineProperty(proto, "appliedEffects", {
    configurable: true,
    get(this: ActorWithEffects) {
      return [...allApplicableEffects(this)].filter((e) => e.active);
    },
  });
  // Actor#temporaryEffects: what tokens and the combat tracker draw.
  Object.defineProperty(proto, "temporaryEffects", {
    configurable: true,
    get(this: ActorWithEffects) {
      return [...allApplicableEffects(this)].filter((e) => e.active && e.isTemporary);
    },
  });
  // Actor#toggleStatusEffect: removes the single-status effects of that status, or creates one from CONFIG.statusEffects.
  proto.toggleStatusEffect = async function (this: ActorWithEffects, statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}) {
    const status = statusEffects().find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing: string[] = [];
    if (status._id) {
      if (this.effects.get(status._id)) existing.push(status._id);
    } else {
      for (const effect of this.effects) if (effect.statuses.size === 1 && effect.statuses.has(status.id)) existing.push(effect.id as string);
    }
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (!active && active !== undefined) return undefined;
    const cls = (state.CONFIG.ActiveEffect as AnyObject).documentClass as typeof ActiveEffect;
    const effect = await cls.fromStatusEffect(statusId);
    if (overlay) effect.updateSource({ "flags.core.overlay": true });
    return cls.create(effect.toObject(), { parent: this, keepId: true });
  };
  // Actor#_on*DescendantDocuments → _onEmbeddedDocumentChange → TokenDocument#_onRelatedUpdate: the
  // actor's tokens redraw their effects, and the combat tracker re-renders when a token is a combatant.
  for (const event of ["Create", "Update", "Delete"]) {
    proto[`_on${event}DescendantDocuments`] = function (this: ActorWithEffects, ...args: unknown[]) {
      base[`_on${event}DescendantDocuments`]!.apply(this, args);
      if (!(this as unknown as { isToken: boolean }).isToken) updateDependentTokens(this);
      const tokens = (this as unknown as { getActiveTokens?(): { drawEffects?(): void }[] }).getActiveTokens?.() ?? [];
      for (const token of tokens) token.drawEffects?.();
      const combat = state.game.combat as { combatants: Collection<ClientDocument & { token: { actor?: unknown } | null }> } | null;
      const ui = (globalThis as unknown as { ui?: { combat?: { render(): unknown } } }).ui;
      if (combat?.combatants.some((c) => c.token?.actor === this)) trackRender(ui?.combat?.render());
    };
  }
}

/** Foundry's statuses the harness knows (client/config.mjs statusEffects): the ones a system reuses most. */
const CORE_STATUS_EFFECTS: StatusEffectConfig[] = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "sleep", name: "EFFECT.StatusAsleep", img: "icons/svg/sleep.svg" },
  { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
  { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  { id: "restrain", name: "EFFECT.StatusRestrained", img: "icons/svg/net.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  { id: "fear", name: "EFFECT.StatusFear", img: "icons/svg/terror.svg" },
  { id: "bleeding", name: "EFFECT.StatusBleeding", img: "icons/svg/blood.svg" },
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
];

/** The English names of those statuses, as Foundry's own language file gives a system beside its own. */
export const CORE_STATUS_NAMES = {
  EFFECT: {
    StatusDead: "Dead",
    StatusUnconscious: "Unconscious",
    StatusAsleep: "Asleep",
    StatusStunned: "Stunned",
    StatusProne: "Prone",
    StatusRestrained: "Restrained",
    StatusBlind: "Blind",
    StatusFear: "Frightened",
    StatusBleeding: "Bleeding",
    StatusInvisible: "Invisible",
  },
};

/** CONFIG.ActiveEffect, CONFIG.statusEffects with Foundry's own, CONFIG.specialStatusEffects, the class where Foundry has it. */
export function installEffects(CONFIG: AnyObject, foundry: AnyObject): void {
  CONFIG.ActiveEffect = { documentClass: ActiveEffect, dataModels: {}, typeLabels: {}, trackableAttributes: {}, sheetClasses: {}, legacyTransferral: false };
  CONFIG.statusEffects = deepClone(CORE_STATUS_EFFECTS);
  CONFIG.specialStatusEffects = { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" };
  Object.assign(foundry.documents as AnyObject, { ActiveEffect });
  Object.assign(globalThis, { ActiveEffect });
  installActorEffects();
}

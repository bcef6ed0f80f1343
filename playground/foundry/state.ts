/**
 * The harness's shared state: the objects installFoundry puts on globalThis, reachable from the
 * harness modules without going through the (fvtt-types-typed) globals.
 */
import type { AnyObject } from "./utils.js";

export interface DocumentConfig {
  documentClass: unknown;
  dataModels: Record<string, unknown>;
  typeLabels: Record<string, string>;
  trackableAttributes: Record<string, unknown>;
  sheetClasses: Record<string, Record<string, SheetRegistration>>;
  [key: string]: unknown;
}

export interface SheetRegistration {
  id: string;
  cls: unknown;
  default: boolean;
  label: string;
  canBeDefault: boolean;
  canConfigure: boolean;
}

/** What Actor.createDialog would have offered (the harness renders no dialog). */
export interface CreateDialogRecord {
  documentName: string;
  types: { value: string; label: string }[];
  defaultType: string | undefined;
  data: AnyObject;
  createOptions: AnyObject;
}

export interface PendingDialog {
  kind: "wait" | "prompt" | "confirm";
  config: AnyObject;
  /** The action names of the buttons offered. */
  actions: string[];
  /** Press a button (by action), after filling named fields of the content; resolves the dialog's promise as Foundry would. */
  answer(action: string, values?: Record<string, string | boolean>): void;
  /** Close the dialog without choosing (resolves null, or rejects when rejectClose). */
  dismiss(): void;
}

/**
 * Which client's code is running. One process stands in for every connected client, so code run
 * "on" a client (its hooks, a query to it, a click on her screen) must see that client's user as
 * game.user through every await and timer it starts, as on her own computer; outside any client
 * game.user is the user switched to (the one the page is drawn for). In Node an AsyncLocalStorage
 * carries it (node.ts); in the browser zone.ts patches Promise#then and the timers to carry it, on
 * code whose async functions are lowered (playground/server.ts). The default here, for neither,
 * holds only while `fn` runs synchronously.
 */
export interface ClientContext {
  /** Runs `fn` as `user`'s client: `user` is current until `fn` returns, and again in whatever it left to run later. */
  run<T>(user: unknown, fn: () => T): T;
  current(): unknown;
}

/** A context that holds while `fn` runs synchronously: what zone.ts builds on. */
export function synchronousContext(): ClientContext {
  let current: unknown;
  return {
    run(user, fn) {
      const previous = current;
      current = user;
      try {
        return fn();
      } finally {
        current = previous;
      }
    },
    current: () => current,
  };
}

export const state = {
  clientContext: synchronousContext(),
  /** Users whose client is connected but answers nothing (a frozen tab): their hooks and queries never run. */
  frozenClients: new Set<string>(),
  CONFIG: {} as Record<string, DocumentConfig> & AnyObject,
  game: {} as AnyObject,
  createDialogs: [] as CreateDialogRecord[],
  dialogs: [] as PendingDialog[],
  /** Called when a DialogV2 opens; may answer it at once. */
  onDialog: undefined as ((dialog: PendingDialog) => void) | undefined,
  /** Whether a DialogV2 is also drawn as a window (the playground), besides being queued for a test. */
  drawDialogs: false,
  renders: new Set<Promise<unknown>>(),
  renderErrors: [] as unknown[],
  fetchText: (async (path: string) => {
    throw new Error(`No fetchText installed (asked for ${path})`);
  }) as (path: string) => Promise<string>,
};

export function documentConfig(name: string): DocumentConfig {
  const config = state.CONFIG[name];
  if (!config) throw new Error(`CONFIG.${name} is not defined`);
  return config;
}

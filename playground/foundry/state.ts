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
 * "on" a client (its hooks, a query to it) must see that client's user as game.user, even after an
 * await. In Node an AsyncLocalStorage carries it through awaits (node.ts installs that); the
 * default, for the browser bundle, is a stack that holds only while runs do not overlap.
 */
export interface ClientContext {
  run<T>(user: unknown, fn: () => T): T;
  current(): unknown;
}

function stackContext(): ClientContext {
  // Runs that overlap (a client's async hook still going when another client's starts) end in any
  // order: each takes its own entry out when it ends, so the one still running is current again.
  const stack: { user: unknown }[] = [];
  const leave = (entry: { user: unknown }) => {
    const at = stack.lastIndexOf(entry);
    if (at >= 0) stack.splice(at, 1);
  };
  return {
    run(user, fn) {
      const entry = { user };
      stack.push(entry);
      let result: unknown;
      try {
        result = fn();
      } catch (error) {
        leave(entry);
        throw error;
      }
      if (result instanceof Promise) return result.finally(() => leave(entry)) as never;
      leave(entry);
      return result as never;
    },
    current: () => stack.at(-1)?.user,
  };
}

export const state = {
  clientContext: stackContext(),
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

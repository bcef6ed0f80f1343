/** Foundry's Hooks: on/once/off, call (stops at and returns false) and callAll. */
type HookFn = (...args: unknown[]) => unknown;
interface Registered {
  id: number;
  fn: HookFn;
  once: boolean;
}

export class Hooks {
  static #events = new Map<string, Registered[]>();
  static #nextId = 1;
  /** Every hook name called, in order; the harness's record, not a Foundry API. */
  static called: string[] = [];

  static on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = Hooks.#nextId++;
    const list = Hooks.#events.get(hook) ?? [];
    list.push({ id, fn, once });
    Hooks.#events.set(hook, list);
    return id;
  }

  static once(hook: string, fn: HookFn): number {
    return Hooks.on(hook, fn, { once: true });
  }

  static off(hook: string, fn: number | HookFn): void {
    const list = Hooks.#events.get(hook);
    if (!list) return;
    Hooks.#events.set(hook, list.filter((h) => (typeof fn === "number" ? h.id !== fn : h.fn !== fn)));
  }

  get events(): Record<string, unknown[]> {
    return Object.fromEntries(Hooks.#events);
  }

  static #run(hook: string, args: unknown[], stopOnFalse: boolean, results?: unknown[]): boolean {
    Hooks.called.push(hook);
    const list = [...(Hooks.#events.get(hook) ?? [])];
    for (const h of list) {
      if (h.once) Hooks.off(hook, h.id);
      let result: unknown;
      try {
        result = h.fn(...args);
      } catch (err) {
        // Foundry catches and logs a failing hook, and carries on with the others.
        console.error(`Error thrown in hooked function for hook "${hook}"`, err);
        continue;
      }
      results?.push(result);
      if (stopOnFalse && result === false) return false;
    }
    return true;
  }

  /** Harness only: callAll, returning what each handler returned (so a stand-in client can wait for its work). */
  static callAllCollect(hook: string, ...args: unknown[]): unknown[] {
    const results: unknown[] = [];
    Hooks.#run(hook, args, false, results);
    return results;
  }

  /** Call every handler; a handler returning false stops the chain and makes call return false. */
  static call(hook: string, ...args: unknown[]): boolean {
    return Hooks.#run(hook, args, true);
  }

  static callAll(hook: string, ...args: unknown[]): true {
    Hooks.#run(hook, args, false);
    return true;
  }

  /**
   * Hooks.onError (client/helpers/hooks.mjs): logs the error when asked, shows it as a notification
   * when asked, and calls the "error" hook with where it happened.
   */
  static onError(location: string, error: unknown, { msg = "", notify = null, log = null, ...data }: { msg?: string; notify?: "error" | "warn" | "info" | null; log?: "error" | "warn" | "info" | null; [key: string]: unknown } = {}): void {
    if (!(error instanceof Error)) return;
    if (msg) error = new Error(`${msg}. ${error.message}`, { cause: error });
    if (log) console[log](error);
    const ui = (globalThis as { ui?: { notifications?: Record<string, (m: string) => unknown> } }).ui;
    if (notify) ui?.notifications?.[notify === "warn" ? "warn" : notify]?.(msg || (error as Error).message);
    Hooks.callAll("error", location, error, data);
  }

  /**
   * Harness only: a client whose own copy of the system skips a hook (a player who unhooked Fray's
   * check from her console, `Hooks.off` on v13's `Hooks.events`). The handlers are set aside until
   * the returned function puts them back, so a test can play a tampered client.
   */
  static silence(hook: string): () => void {
    const list = Hooks.#events.get(hook) ?? [];
    Hooks.#events.set(hook, []);
    return () => Hooks.#events.set(hook, [...list, ...(Hooks.#events.get(hook) ?? [])]);
  }

  /** Harness: forget every registered handler. */
  static reset(): void {
    Hooks.#events.clear();
    Hooks.called = [];
  }
}

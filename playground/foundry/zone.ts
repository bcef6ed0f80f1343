/**
 * The browser's ClientContext (state.ts): which client's code runs now, carried through awaits as
 * Node's AsyncLocalStorage carries it, the way Zone.js does. The browser has no async context of
 * its own, so every way this page's code goes on later is patched to go on as the client that asked
 * for it: a callback given to Promise#then (and so catch, finally, and each await of code whose
 * async functions are lowered to generators and thens), queueMicrotask, setTimeout, setInterval and
 * requestAnimationFrame runs under the context current when it was given. A native `await` resumes
 * outside any client (the engine does not go through Promise#then), which is why the server lowers
 * every script the page runs as a client: its own bundle and the built system (playground/server.ts).
 */
import { synchronousContext, type ClientContext } from "./state.js";

type Callback = (...args: unknown[]) => unknown;

let installed: ClientContext | undefined;

/** Installs the patches (once per page) and returns the context they carry. */
export function zoneContext(): ClientContext {
  if (installed) return installed;
  const context = synchronousContext();
  /** `fn`, to run later as the client current now. */
  const bind = <T>(fn: T): T => {
    if (typeof fn !== "function") return fn;
    const client = context.current();
    return function (this: unknown, ...args: unknown[]) {
      return context.run(client, () => (fn as Callback).apply(this, args));
    } as T;
  };
  const then = Promise.prototype.then as (this: Promise<unknown>, ...callbacks: unknown[]) => Promise<unknown>;
  Promise.prototype.then = function (this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown) {
    return then.call(this, bind(onFulfilled), bind(onRejected));
  } as typeof Promise.prototype.then;
  // Each takes its callback first; setTimeout's string to evaluate (its oldest form) is left as it is.
  const host = globalThis as unknown as Record<string, Callback>;
  for (const name of ["queueMicrotask", "setTimeout", "setInterval", "requestAnimationFrame"]) {
    const original = host[name];
    if (typeof original === "function") host[name] = (callback: unknown, ...rest: unknown[]) => original.call(globalThis, bind(callback), ...rest);
  }
  installed = context;
  return context;
}

import type { OddsAnswer, OddsRequest } from "./simulate.js";

/** How the fights are run: by default in a Web Worker; a test (the stand-in has no Worker) gives the same module in-process. */
export type OddsRunner = (request: OddsRequest) => Promise<OddsAnswer>;

/**
 * In a Web Worker, so the table never stutters. Vite builds worker.ts and what it imports (the rules
 * of every ruleset) as a file of its own, fetched when a GM first asks, never with the world.
 */
export const inWorker: OddsRunner = (request) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<{ answer?: OddsAnswer; error?: string }>) => {
      done();
      if (event.data.answer) resolve(event.data.answer);
      else reject(new Error(event.data.error ?? "no answer"));
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || "the worker failed"));
    };
    worker.postMessage(request);
  });

let runner: OddsRunner = inWorker;

export const oddsRunner = (): OddsRunner => runner;

/** Where the fights run from now on (the tests' in-process runner of the same module). */
export function useOddsRunner(next: OddsRunner): void {
  runner = next;
}

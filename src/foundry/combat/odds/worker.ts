/**
 * The Web Worker of the tracker's odds (built as its own file in dist/workers/, fetched only when a
 * GM asks): one request in, one answer or error out, so the table never waits on the fights.
 */
import { fightOdds, type OddsRequest } from "./simulate.js";

self.onmessage = (event: MessageEvent<OddsRequest>) => {
  try {
    self.postMessage({ answer: fightOdds(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};

import type { AttackRequest, CheckRequest } from "../requests.js";

/** What the UI hands its requests to: the roll flow that rolls and posts the chat cards. */
export interface RollFlow {
  postAttack(request: AttackRequest): Promise<unknown>;
  postCheck(request: CheckRequest): Promise<unknown>;
}

async function unavailable(): Promise<null> {
  ui.notifications?.warn(game.i18n!.localize("FRAY.Ui.NoRollFlow"));
  return null;
}

// The roll flow is written separately (cards/post.ts); until it installs itself the buttons
// say so instead of failing, and tests install a fake to see exactly what the UI asks for.
const DEFAULT_FLOW: RollFlow = { postAttack: unavailable, postCheck: unavailable };
let current: RollFlow = DEFAULT_FLOW;

export function setRollFlow(flow: RollFlow | null): void {
  current = flow ?? DEFAULT_FLOW;
}

export function rollFlow(): RollFlow {
  return current;
}

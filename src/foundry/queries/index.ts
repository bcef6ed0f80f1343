/**
 * Who may do what. A step that changes only what the requester may change herself runs on her
 * client; anything else goes to the active GM through CONFIG.queries["fray.exchange"] (User#query),
 * where the step checks the request against the card's stored state before it changes anything.
 * Foundry does not tell a query handler who sent it, so the sender names herself (userId) and the
 * GM side checks what that user may do; the table trusts its players' clients that far.
 */
import { cardDefinition, type Requester } from "../chat/card.js";
import { withCardLock } from "../chat/lock.js";

export const EXCHANGE_QUERY = "fray.exchange";

export interface StepRequest {
  messageId: string;
  step: string;
  payload: Record<string, unknown>;
  userId: string;
}

export type StepResult = { ok: true } | { ok: false; reason: string };

function localize(key: string, data?: Record<string, string>): string {
  return data ? game.i18n!.format(key, data) : game.i18n!.localize(key);
}

/** Runs a step here, under the card's lock; a refusal comes back as its reason. */
export async function performStep(request: StepRequest): Promise<StepResult> {
  const message = game.messages?.get(request.messageId);
  if (!message) return { ok: false, reason: localize("FRAY.Card.Refused.NoCard") };
  const step = cardDefinition(message.type)?.steps[request.step];
  if (!step) return { ok: false, reason: localize("FRAY.Card.Refused.NoStep", { step: request.step }) };
  const user = game.users?.get(request.userId);
  if (!user) return { ok: false, reason: localize("FRAY.Card.Refused.NoUser") };
  const requester: Requester = { id: user.id, isGM: user.isGM };
  try {
    const locked = await withCardLock(message.id!, () => step.run(message, request.payload, requester));
    return locked.ran ? { ok: true } : { ok: false, reason: localize("FRAY.Card.Refused.Busy") };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The GM side of the query: only the GM's client acts on it. */
async function handleQuery(data: StepRequest): Promise<StepResult> {
  if (!game.user?.isGM) return { ok: false, reason: localize("FRAY.Card.Refused.NotGM") };
  return performStep(data);
}

export function registerQueries(): void {
  Object.assign(CONFIG.queries, { [EXCHANGE_QUERY]: handleQuery });
}

/**
 * Runs a card step for the current user: here when she may, else through the active GM. Without an
 * active GM nothing changes and she is told why. Refusals are shown as warnings.
 */
export async function runStep(message: ChatMessage.Implementation, stepName: string, payload: Record<string, unknown> = {}): Promise<StepResult> {
  const user = game.user!;
  const step = cardDefinition(message.type)?.steps[stepName];
  const request: StepRequest = { messageId: message.id!, step: stepName, payload, userId: user.id };
  let result: StepResult;
  if (!step || step.local(message, payload, { id: user.id, isGM: user.isGM })) {
    result = await performStep(request);
  } else {
    const gm = game.users?.activeGM;
    if (!gm) result = { ok: false, reason: localize("FRAY.Card.NoGM") };
    // User#query is typed for the queries fvtt-types knows (CONFIG.Queries); Fray's is added at run time.
    else result = (await gm.query(EXCHANGE_QUERY as never, request as never)) as StepResult;
  }
  if (!result.ok) ui.notifications?.warn(result.reason);
  return result;
}

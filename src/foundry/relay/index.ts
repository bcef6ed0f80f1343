/**
 * The one way a client asks the active GM to do something it may not do itself (post a card,
 * add a choice, apply, undo). The request is a JSON string in a flag on the asker's own User
 * document: only she or a GM may write there, and Foundry gives the GM's `updateUser` hook the id
 * of the user who wrote it, which the server vouches for. That id, never anything in the request,
 * says who asks. The GM serves requests one at a time, in the order they arrive, and answers
 * through a query to the asker; an asker who hears nothing in ten seconds is told so, and a request
 * that reaches the GM later than that is refused, so "nothing changed" stays true.
 */
import { SYSTEM_ID } from "../system.js";

export const REQUEST_FLAG = "request";
export const ANSWER_QUERY = `${SYSTEM_ID}.answer`;
export const RELAY_TIMEOUT_MS = 10_000;

export type Answer = { ok: true; value?: unknown } | { ok: false; reason: string };

/** What serves one kind of request on the GM's client: the asker is the user the server named. */
export type RequestHandler = (payload: Record<string, unknown>, asker: User.Implementation) => Promise<unknown>;

/** A refusal the asker should read: the reason is shown to her as it is. */
export class Refused extends Error {
  override name = "Refused";
}

const HANDLERS = new Map<string, RequestHandler>();
const PENDING = new Map<string, (answer: Answer) => void>();
let queue: Promise<unknown> = Promise.resolve();

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

export function onRequest(kind: string, handler: RequestHandler): void {
  HANDLERS.set(kind, handler);
}

function now(): number {
  return game.time?.serverTime ?? Date.now();
}

/** Runs one request on this (the active GM's) client, after every request before it. */
function serve(kind: string, payload: Record<string, unknown>, asker: User.Implementation): Promise<Answer> {
  const run = async (): Promise<Answer> => {
    const handler = HANDLERS.get(kind);
    if (!handler) return { ok: false, reason: localize("FRAY.Relay.Unknown", { kind: String(kind).slice(0, 40) }) };
    try {
      const value = await handler(payload, asker);
      return value === undefined ? { ok: true } : { ok: true, value };
    } catch (error) {
      if (!(error instanceof Refused)) console.error(`${SYSTEM_ID} | request ${kind} failed`, error);
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
  const answer = queue.then(run, run);
  queue = answer;
  return answer;
}

/**
 * Asks the active GM to serve a request and waits for the answer. The active GM's own requests are
 * served here, in the same queue. A refusal is shown as a warning and returned.
 */
export async function ask(kind: string, payload: Record<string, unknown>): Promise<Answer> {
  const answer = await send(kind, payload);
  if (!answer.ok) ui.notifications?.warn(answer.reason);
  return answer;
}

async function send(kind: string, payload: Record<string, unknown>): Promise<Answer> {
  const user = game.user!;
  const gm = game.users?.activeGM;
  if (!gm) return { ok: false, reason: localize("FRAY.Relay.NoGM") };
  if (gm.id === user.id) return serve(kind, payload, user);
  const id = foundry.utils.randomID();
  const answered = new Promise<Answer>((resolve) => {
    const timer = setTimeout(() => {
      PENDING.delete(id);
      resolve({ ok: false, reason: localize("FRAY.Relay.Timeout", { seconds: String(RELAY_TIMEOUT_MS / 1000) }) });
    }, RELAY_TIMEOUT_MS);
    PENDING.set(id, (answer) => {
      clearTimeout(timer);
      PENDING.delete(id);
      resolve(answer);
    });
  });
  const request = JSON.stringify({ id, kind, payload, sentAt: now() });
  // A flag path built from the system id: outside fvtt-types' typed update data.
  await user.update({ [`flags.${SYSTEM_ID}.${REQUEST_FLAG}`]: request } as never);
  return answered;
}

interface RelayRequest {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  sentAt: number;
}

/** The request as written, or null when it is not one (the flag is the asker's to fill with anything). */
function parseRequest(raw: string): RelayRequest | null {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const { id, kind, payload, sentAt } = data as Record<string, unknown>;
  if (typeof id !== "string" || !/^[A-Za-z0-9]{1,32}$/.test(id) || typeof kind !== "string" || typeof sentAt !== "number") return null;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  return { id, kind, payload: payload as Record<string, unknown>, sentAt };
}

/**
 * The GM side: a user wrote a request on her own User document. Returns the work it started (Foundry
 * ignores a hook's return value; the test harness awaits it to stand in for a second client).
 */
function onUpdateUser(user: User.Implementation, changed: unknown, _options: unknown, userId: string): Promise<void> | void {
  const raw = foundry.utils.getProperty(changed as object, `flags.${SYSTEM_ID}.${REQUEST_FLAG}`);
  if (typeof raw !== "string" || game.users?.activeGM?.id !== game.user?.id) return;
  // A request is written by its asker on her own document; anything else is not a request.
  if (userId !== user.id) return;
  const asker = game.users?.get(userId);
  const request = parseRequest(raw);
  if (!asker || !request) return;
  const late = now() - request.sentAt > RELAY_TIMEOUT_MS;
  const answered = late ? Promise.resolve<Answer>({ ok: false, reason: localize("FRAY.Relay.Late") }) : serve(request.kind, request.payload, asker);
  return answered.then(async (answer) => {
    try {
      // User#query is typed for the queries fvtt-types knows; Fray's answer query is added at run time.
      await asker.query(ANSWER_QUERY as never, { id: request.id, answer } as never, { timeout: RELAY_TIMEOUT_MS });
    } catch (error) {
      console.warn(`${SYSTEM_ID} | could not answer ${asker.name}`, error);
    }
  });
}

/** The asker's side of an answer: settles the request it names, if this client is waiting for it. */
function onAnswer(data: unknown): boolean {
  const { id, answer } = (data ?? {}) as { id?: unknown; answer?: unknown };
  const settle = typeof id === "string" ? PENDING.get(id) : undefined;
  if (!settle || typeof answer !== "object" || answer === null) return false;
  const { ok, reason } = answer as { ok?: unknown; reason?: unknown };
  settle(ok === true ? { ok: true, value: (answer as { value?: unknown }).value } : { ok: false, reason: String(reason ?? "") });
  return true;
}

export function registerRelay(): void {
  Object.assign(CONFIG.queries, { [ANSWER_QUERY]: onAnswer });
  Hooks.on("updateUser", onUpdateUser);
}

/** Requests served so far have all finished (for tests and the browser harness). */
export async function relayIdle(): Promise<void> {
  await queue;
}

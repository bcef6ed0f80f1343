/**
 * The one way a client asks the active GM to do something it may not do itself (post a card,
 * add a choice, apply, undo). The request is a JSON string in a flag on the asker's own User
 * document: only she or a GM may write there, and Foundry gives the GM's `updateUser` hook the id
 * of the user who wrote it, which the server vouches for. That id, never anything in the request,
 * says who asks. The GM serves requests one at a time, in the order they arrive, and answers on
 * his own User document (`flags.fray.answers.<asker's id>`, naming the request's id): only a GM may
 * write there, and the asker's `updateUser` hook hears the writer's id from the server, so she
 * takes an answer only from the active GM. (A query would not do: v13 does not tell a query's
 * handler who sent it, `client/documents/collections/users.mjs` `#handleUserQuery`, so anyone
 * could answer her.)
 *
 * The asker learns the true outcome even when the GM is slow. Ten seconds without an answer tell
 * her only that it has not come yet; the answer, whenever it comes, is shown to her then. Asking
 * again for the same thing while it is unanswered (the same kind and payload, whatever dice were
 * rolled for it again) sends the first request again under its id, and the GM serves each id once:
 * a retry gets the first answer, never a second card. A request that reaches the GM more than ten
 * seconds after it was sent is refused unserved.
 */
import { SYSTEM_ID } from "../system.js";

export const REQUEST_FLAG = "request";
/** On the GM's own User: the latest answer to each asker, by her user id. */
export const ANSWERS_FLAG = "answers";
export const RELAY_TIMEOUT_MS = 10_000;
/** The most a request's payload may hold (a card's or a tracker step's, dice included): a forged one cannot make the GM's client parse without end. */
export const MAX_REQUEST_CHARS = 20_000;
/** The most a written request may hold before the GM reads it at all. */
const MAX_WRITTEN_CHARS = 2 * MAX_REQUEST_CHARS;
/** The longest refusal sent back to an asker. */
const MAX_REASON_CHARS = 2000;
/** Requests each side remembers by id (answers given on the GM, requests unanswered on the asker). */
const REMEMBERED = 200;

export type Answer = { ok: true; value?: unknown } | { ok: false; reason: string };

/** What serves one kind of request on the GM's client: the asker is the user the server named. */
export type RequestHandler = (payload: Record<string, unknown>, asker: User.Implementation) => Promise<unknown>;

/** A refusal the asker should read: the reason is shown to her as it is. */
export class Refused extends Error {
  override name = "Refused";
}

const HANDLERS = new Map<string, RequestHandler>();
let queue: Promise<unknown> = Promise.resolve();

/** On the asker: a request not yet answered, by its id; `waiting` settles the ask() still waiting for it. */
interface Unanswered {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  identity: string;
  attempt: number;
  waiting: ((answer: Answer) => void) | null;
  answered: Promise<Answer> | null;
}
const UNANSWERED = new Map<string, Unanswered>();

/** On the active GM: each request served (or refused as late), by asker and id, with its answer. */
const SERVED = new Map<string, Promise<Answer>>();

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** Keeps a map to its newest `REMEMBERED` entries. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > REMEMBERED) map.delete(map.keys().next().value as string);
}

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
      // A reason may quote a name or a value of any length: the asker hears its start.
      return { ok: false, reason: (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_CHARS) };
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

/**
 * What makes two requests the same: the asker, the kind and the payload, without the dice rolled
 * for it (a retry rolls again). The asker too, since a client may act for several users in turn.
 */
function identityOf(user: User.Implementation, kind: string, payload: Record<string, unknown>): string {
  const { roll: _roll, ...rest } = payload;
  return `${user.id}\u0000${kind}\u0000${JSON.stringify(rest)}`;
}

async function send(kind: string, payload: Record<string, unknown>): Promise<Answer> {
  const user = game.user!;
  const gm = game.users?.activeGM;
  if (!gm) return { ok: false, reason: localize("FRAY.Relay.NoGM") };
  if (gm.id === user.id) return serve(kind, payload, user);
  const identity = identityOf(user, kind, payload);
  const known = [...UNANSWERED.values()].find((request) => request.identity === identity);
  // The same request still on its way: wait for its answer rather than ask twice.
  if (known?.answered) return known.answered;
  const request: Unanswered = known ?? { id: foundry.utils.randomID(), kind, payload, identity, attempt: 0, waiting: null, answered: null };
  request.attempt += 1;
  remember(UNANSWERED, request.id, request);
  const answered = new Promise<Answer>((resolve) => {
    const timer = setTimeout(() => {
      // Not "nothing changed": the GM may still serve it, and its answer will be shown then.
      request.waiting = null;
      request.answered = null;
      resolve({ ok: false, reason: localize("FRAY.Relay.Timeout", { seconds: String(RELAY_TIMEOUT_MS / 1000) }) });
    }, RELAY_TIMEOUT_MS);
    request.waiting = (answer) => {
      clearTimeout(timer);
      resolve(answer);
    };
  });
  request.answered = answered;
  // The first request's own payload goes again (its dice too), under its id, sent now.
  const written = JSON.stringify({ id: request.id, kind: request.kind, payload: request.payload, sentAt: now(), attempt: request.attempt });
  // Not awaited past the answer: the server's acknowledgement of the write is not the GM's answer.
  // A flag path built from the system id: outside fvtt-types' typed update data.
  user.update({ [`flags.${SYSTEM_ID}.${REQUEST_FLAG}`]: written } as never).catch((error: unknown) => {
    UNANSWERED.delete(request.id);
    request.waiting?.({ ok: false, reason: error instanceof Error ? error.message : String(error) });
  });
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
 * The GM side: a user wrote a request on her own User document. Each id of hers is served once: a
 * retry gets the answer the first got (or will get). Returns the work it started (Foundry ignores a
 * hook's return value; the test harness awaits it to stand in for a second client).
 */
function onUpdateUser(user: User.Implementation, changed: unknown, _options: unknown, userId: string): Promise<void> | void {
  const raw = foundry.utils.getProperty(changed as object, `flags.${SYSTEM_ID}.${REQUEST_FLAG}`);
  if (typeof raw !== "string" || game.users?.activeGM?.id !== game.user?.id) return;
  // A request is written by its asker on her own document; anything else is not a request.
  if (userId !== user.id) return;
  const asker = game.users?.get(userId);
  const request = raw.length > MAX_WRITTEN_CHARS ? null : parseRequest(raw);
  if (!asker || !request) return;
  const key = `${asker.id}.${request.id}`;
  let answered = SERVED.get(key);
  if (!answered) {
    const late = now() - request.sentAt > RELAY_TIMEOUT_MS;
    answered = late ? Promise.resolve<Answer>({ ok: false, reason: localize("FRAY.Relay.Late") }) : serve(request.kind, request.payload, asker);
    remember(SERVED, key, answered);
  }
  return answered.then(async (answer) => {
    // The GM's own document: no player may write it, so the server's writer id vouches for the answer.
    // Each write differs (its stamp), so a retry's answer is heard even when it says the same thing.
    const written = JSON.stringify({ id: request.id, answer, stamp: foundry.utils.randomID() });
    try {
      // A flag path built from the system id: outside fvtt-types' typed update data.
      await game.user!.update({ [`flags.${SYSTEM_ID}.${ANSWERS_FLAG}.${asker.id}`]: written } as never);
    } catch (error) {
      console.warn(`${SYSTEM_ID} | could not answer ${asker.name}`, error);
    }
  });
}

/**
 * The asker's side of an answer, heard from the active GM's User document: settles the ask() still
 * waiting for that id, or, when she was already told it had not come, shows her what happened. An
 * answer written by anyone but the active GM, or naming an id she is not waiting on, is ignored.
 */
function onAnswer(user: User.Implementation, changed: unknown, _options: unknown, userId: string): boolean {
  const me = game.user;
  if (!me) return false;
  const raw = foundry.utils.getProperty(changed as object, `flags.${SYSTEM_ID}.${ANSWERS_FLAG}.${me.id}`);
  if (typeof raw !== "string" || raw.length > MAX_WRITTEN_CHARS) return false;
  const gm = game.users?.activeGM;
  if (!gm || userId !== gm.id || user.id !== gm.id) return false;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return false;
  }
  const { id, answer } = (data ?? {}) as { id?: unknown; answer?: unknown };
  const request = typeof id === "string" ? UNANSWERED.get(id) : undefined;
  if (!request || typeof answer !== "object" || answer === null) return false;
  UNANSWERED.delete(request.id);
  const { ok, reason } = answer as { ok?: unknown; reason?: unknown };
  const settled: Answer = ok === true ? { ok: true, value: (answer as { value?: unknown }).value } : { ok: false, reason: String(reason ?? "") };
  if (request.waiting) request.waiting(settled);
  else if (settled.ok) ui.notifications?.info(localize("FRAY.Relay.AnsweredLate"));
  else ui.notifications?.warn(localize("FRAY.Relay.RefusedLate", { reason: settled.reason }));
  return true;
}

export function registerRelay(): void {
  Hooks.on("updateUser", onUpdateUser);
  Hooks.on("updateUser", onAnswer);
}

/** Requests served so far have all finished (for tests and the browser harness). */
export async function relayIdle(): Promise<void> {
  await queue;
}

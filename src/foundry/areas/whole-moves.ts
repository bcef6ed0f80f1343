/**
 * Whole moves. Foundry v13 cuts a token's movement at every Area border (a Region whose behaviour
 * hears tokens come and go) and sends the rest on as new updates, a chain, each naming the ones
 * before it; an arrow key moves one square at a time, so crossing a gap between two rooms takes
 * several moves. Each client follows every token here: its footing (the Area it last stood in, and
 * where) and the chain under way. When a chain ends, the move is whole: from the footing's Area to
 * the Area the token stands in now. A move that ends between Areas is not over, and the token keeps
 * its footing until it stands in an Area again.
 *
 * A movement Foundry stops (stopToken) ends its chain at once, where the token stands.
 *
 * Only places are trusted: where the token was and is, as this client saw them. A movement's chain
 * and what it says is still to come are the mover's words; they group pieces, nothing more. A chain
 * joins only pieces of the user who began it; another's update, or a chain that goes quiet, ends it.
 * Wherever a piece lands, the move so far is judged soon (`chainStall.refusedMs`) if the ruleset
 * would refuse it already (three Areas away, say), whatever the mover says is still coming, unless
 * the rest of it arrives first (a drag that crosses a room on its way); and until a chain ends, the
 * token's Area is not read by a card (`moveUnderway`): it waits or refuses.
 */
import { areaAt, type TokenPlace } from "./place.js";

/** Where a token last stood in an Area. */
export interface Footing {
  area: string;
  place: TokenPlace;
}

/** A move from one Area into another, made whole across the pieces Foundry sent it in. */
export interface WholeMove {
  token: TokenDocument.Implementation;
  from: string;
  to: string;
  /** Where the token set out (its top-left corner), in `from`. */
  origin: { x: number; y: number };
  /** Who moved it, as Foundry's hook named her (the server vouches for it). */
  user: User.Implementation;
}

interface Chain {
  root: string;
  userId: string;
  began: number;
  /** A GM placed the token by her word: it costs nothing and nobody judges it. */
  ruling: boolean;
  /** When a quiet chain is taken as ended. */
  stall?: ReturnType<typeof setTimeout>;
}

/** What one client knows of the tokens. */
interface Ledger {
  places: Map<string, TokenPlace>;
  footings: Map<string, Footing | null>;
  chains: Map<string, Chain>;
}

/**
 * A chain that hears nothing more for `ms` is taken as ended where the token stands, and one that
 * has gone on for `longestMs` ends before its next piece: a client that says more is coming, and
 * sends nothing or never stops, does not hold a move unjudged. (Long enough for a paused movement,
 * or a long drag's animation; a test shortens them.) A piece that lands where the move so far is
 * refused already waits only `refusedMs` (a piece's animation) for the rest before it is judged.
 */
export const chainStall = { ms: 15_000, longestMs: 60_000, refusedMs: 5_000 };

const MOVEMENT_FIELDS = ["x", "y", "elevation", "width", "height", "shape"];

/**
 * One ledger per user: a client is one user at a table. (The test harness plays every client in one
 * process; keyed so, each of its clients keeps its own knowledge as a real one does.)
 */
const ledgers = new Map<string, Ledger>();

function ledger(): Ledger {
  const id = game.user?.id ?? "";
  let found = ledgers.get(id);
  if (!found) ledgers.set(id, (found = { places: new Map(), footings: new Map(), chains: new Map() }));
  return found;
}

function placeOf(token: TokenDocument.Implementation): TokenPlace {
  return { x: token.x ?? 0, y: token.y ?? 0, width: token.width ?? 1, height: token.height ?? 1 };
}

function footingAt(token: TokenDocument.Implementation, place: TokenPlace): Footing | null {
  const area = areaAt(token, place);
  return area ? { area, place } : null;
}

/** A token this client now knows of (the world loaded, a token made): where it is and the Area it stands in. */
export function meetToken(token: TokenDocument.Implementation): void {
  const known = ledger();
  const place = placeOf(token);
  known.places.set(token.uuid, place);
  known.footings.set(token.uuid, footingAt(token, place));
}

export function forgetToken(token: TokenDocument.Implementation): void {
  const known = ledger();
  const chain = known.chains.get(token.uuid);
  if (chain?.stall) clearTimeout(chain.stall);
  for (const map of [known.places, known.footings, known.chains]) map.delete(token.uuid);
}

/** The Area a token last stood in, as this client knows it. */
export function footingOf(token: TokenDocument.Implementation): Footing | null {
  return ledger().footings.get(token.uuid) ?? null;
}

/** The movement Foundry recorded for this token in an update's options (v13's `operation._movement[id]`), as far as Fray reads it. */
interface MovementRecord {
  id: string;
  chain: string[];
  pending: number;
  origin: TokenPlace | null;
}

function movementOf(options: unknown, tokenId: string | null): MovementRecord | null {
  const all = (options as { _movement?: Record<string, unknown> } | null)?._movement;
  const raw = all && tokenId && Object.hasOwn(all, tokenId) ? (all[tokenId] as Record<string, unknown> | null) : null;
  if (!raw || typeof raw !== "object" || typeof raw.id !== "string") return null;
  const chain = Array.isArray(raw.chain) ? raw.chain.filter((id): id is string => typeof id === "string") : [];
  const waypoints = (raw.pending as { waypoints?: unknown } | undefined)?.waypoints;
  const origin = raw.origin as { x?: unknown; y?: unknown } | undefined;
  const place = origin && typeof origin.x === "number" && typeof origin.y === "number" ? { x: origin.x, y: origin.y } : null;
  return { id: raw.id, chain, pending: Array.isArray(waypoints) ? waypoints.length : 0, origin: place };
}

/** A GM's update placing a token by her word: `fray.ruling` (a card's put-back, an Undo, Alt on the drop). */
export function asksRuling(options: unknown): boolean {
  return (options as { fray?: { ruling?: unknown } } | null)?.fray?.ruling === true;
}

export type WholeMoveListener = (move: WholeMove) => Promise<void> | void;

/** Whether a move from one Area to another would be refused already: the chain ends where the token landed, and is judged. */
export type RefusedSoFar = (token: TokenDocument.Implementation, from: string, to: string) => boolean;

/**
 * Whether a token stands where its move is not yet judged on this client: a chain its mover says
 * goes on has taken it out of the Area it last stood in (its footing, which was judged). A card
 * reads no Area from such a place (service.ts `placeTokens` refuses until the move ends).
 */
export function moveUnderway(token: TokenDocument.Implementation): boolean {
  const known = ledger();
  const chain = known.chains.get(token.uuid);
  if (!chain || chain.ruling) return false;
  return areaAt(token, placeOf(token)) !== (known.footings.get(token.uuid)?.area ?? null);
}

/** Ends a chain where the token stands now (`place`), and tells the listener of a move that took it into another Area. */
function close(token: TokenDocument.Implementation, chain: Chain, place: TokenPlace, user: User.Implementation | null, heard: WholeMoveListener): Promise<void> | void {
  const known = ledger();
  if (chain.stall) clearTimeout(chain.stall);
  if (known.chains.get(token.uuid) === chain) known.chains.delete(token.uuid);
  const to = areaAt(token, place);
  if (chain.ruling) {
    known.footings.set(token.uuid, to ? { area: to, place } : null);
    return;
  }
  if (!to) return;
  const footing = known.footings.get(token.uuid) ?? null;
  known.footings.set(token.uuid, { area: to, place });
  if (!footing || footing.area === to || !user) return;
  return heard({ token, from: footing.area, to, origin: { x: footing.place.x, y: footing.place.y }, user });
}

/**
 * The stopToken hook on this client (v13's TokenDocument#stopMovement: the mover's Escape, or the
 * start of the token's turn clearing its movement history): nothing more of the move will come, so
 * it is whole where the token stands now, without waiting for the chain to go quiet.
 */
export function stopMove(token: TokenDocument.Implementation, heard: WholeMoveListener): Promise<void> | void {
  const known = ledger();
  const chain = known.chains.get(token.uuid);
  const place = known.places.get(token.uuid);
  // A token deleted mid-move stops too (TokenDocument#_onDelete); it has no move left to judge.
  if (!chain || !place || token.parent?.tokens.get(token.id ?? "") !== token) return;
  return close(token, chain, place, game.users?.get(chain.userId) ?? null, heard);
}

/**
 * The updateToken hook on this client: a piece of a movement arrived. Returns the work a whole
 * move started (Foundry ignores a hook's return value; the test harness awaits it).
 */
export function followMove(token: TokenDocument.Implementation, changed: object, options: unknown, userId: string, heard: WholeMoveListener, refusedSoFar?: RefusedSoFar): Promise<void> | void {
  if (!MOVEMENT_FIELDS.some((field) => field in changed) || !token.parent) return;
  const known = ledger();
  const key = token.uuid;
  const movement = movementOf(options, token.id);
  const now = placeOf(token);
  // A token this client has not seen yet (made before it connected, say): the mover's word for where it set out is all there is.
  const prior = known.places.get(key) ?? movement?.origin ?? null;
  known.places.set(key, now);
  if (!known.footings.has(key)) known.footings.set(key, prior ? footingAt(token, prior) : null);
  const user = game.users?.get(userId) ?? null;
  const ruling = user?.isGM === true && asksRuling(options);
  const work: Array<Promise<void> | void> = [];
  let chain = known.chains.get(key);
  const continues = !!chain && !!movement && movement.chain[0] === chain.root && chain.userId === userId && Date.now() - chain.began <= chainStall.longestMs;
  if (chain && !continues) {
    work.push(close(token, chain, prior ?? now, game.users?.get(chain.userId) ?? null, heard));
    chain = undefined;
  }
  if (!chain) {
    chain = { root: movement?.id ?? "", userId, began: Date.now(), ruling };
    known.chains.set(key, chain);
  } else chain.ruling ||= ruling;
  const here = areaAt(token, now);
  const footing = known.footings.get(key) ?? null;
  // Where she landed is judged soon when the move so far is refused already, whatever she says is
  // coming: Foundry sends a real continuation at once (a drag across a room on its way goes on).
  const refusedHere = !chain.ruling && !!here && !!footing && footing.area !== here && refusedSoFar?.(token, footing.area, here) === true;
  if (movement && movement.pending > 0) {
    const open = chain;
    if (open.stall) clearTimeout(open.stall);
    open.stall = setTimeout(() => {
      const place = known.places.get(key);
      if (known.chains.get(key) === open && place) void close(token, open, place, user, heard);
    }, refusedHere ? chainStall.refusedMs : chainStall.ms);
  } else work.push(close(token, chain, now, user, heard));
  const started = work.filter((item): item is Promise<void> => item instanceof Promise);
  return started.length ? Promise.all(started).then(() => undefined) : undefined;
}

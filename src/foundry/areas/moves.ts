/**
 * A ruleset's say over tokens moving between Areas. A move is judged whole (from the Area the token
 * stood in to the one it stands in when the move ends, however many pieces Foundry cut it into) and
 * from places, never from what the mover's client says of them.
 *
 * - On the mover's client, before the first piece lands (Foundry's preMoveToken hook), the world's
 *   ruleset may refuse the whole move with a message; the token stays. This is a courtesy: a client
 *   may skip it.
 * - On the active GM's client, when a move is whole (whole-moves.ts), the ruleset checks it again:
 *   a move the rules refuse is put back where it set out, and the mover is told why; a move that
 *   stands is charged (the ruleset's listener: Unhex spends the action on a move card), and a
 *   charge that cannot be made puts the token back too.
 * - Wherever a piece of a move lands, the move so far is judged soon when a guard refuses it
 *   already, whatever the mover's client says is still to come (whole-moves.ts); a card reads no
 *   Area from a token whose move is under way.
 * - A GM's ruling (Alt held on the drop; a card's put-back or an Undo, update option `fray.ruling`)
 *   is never refused nor charged. Only a GM's ruling counts: the GM's client reads who moved the
 *   token from Foundry's hook, which the server vouches for.
 * - The mover's own client tells her how far the move went (Move, Run, too far).
 */
import { SYSTEM_ID } from "../system.js";
import { putBack } from "./placing.js";
import { areaAt } from "./service.js";
import { reportMove } from "./tracking.js";
import { followMove, footingOf, forgetToken, meetToken, stopMove, type WholeMove } from "./whole-moves.js";

/** A refusal in the players' words, or null to let the token go. */
export type MoveGuard = (token: TokenDocument.Implementation, from: string, to: string) => string | null;

export interface AreaMove {
  /** Where the token set out (its top-left corner), in the Area it left. */
  origin: { x: number; y: number };
  /** Who moved it, as Foundry's hook named her. */
  user: User.Implementation;
}

/**
 * Heard on the active GM's client once a move stands (no guard refused it): the ruleset charges for
 * it. A refusal (a sentence) puts the token back where it set out, and the mover is told.
 */
export type MoveListener = (token: TokenDocument.Implementation, from: string, to: string, move: AreaMove) => Promise<string | null | void>;

const guards: MoveGuard[] = [];
const listeners: MoveListener[] = [];
/** The active GM's checks under way, so tests and the browser harness can wait for them. */
const judging = new Set<Promise<unknown>>();

/** A guard says null for tokens that are not its business (another ruleset's, a token out of a fight). */
export function addMoveGuard(next: MoveGuard): void {
  guards.push(next);
}

export function onAreaMove(listener: MoveListener): void {
  listeners.push(listener);
}

function refusalOf(token: TokenDocument.Implementation, from: string, to: string): string | null {
  for (const guard of guards) {
    const answer = guard(token, from, to);
    if (answer !== null) return answer;
  }
  return null;
}

/** A GM holding Alt as she drops the token (KeyboardManager#isModifierActive), or a GM's update marked a ruling. */
function gmRuling(options: Record<string, unknown>): boolean {
  if (game.user?.isGM !== true) return false;
  if ((options.fray as { ruling?: unknown } | undefined)?.ruling === true) return true;
  const keyboard = (game as { keyboard?: { isModifierActive?(modifier: string): boolean } }).keyboard;
  return keyboard?.isModifierActive?.("Alt") === true;
}

interface Movement {
  chain: readonly string[];
  origin: { x: number; y: number; width?: number; height?: number };
  destination: { x: number; y: number; width?: number; height?: number };
  pending: { waypoints: ReadonlyArray<{ x: number; y: number; width?: number; height?: number }> };
}

/**
 * preMoveToken, on the mover's client: the first piece of a movement stands for the whole of it
 * (its last waypoint is where it ends); the pieces Foundry sends on after it were judged with it.
 * A GM's ruling is marked on the update, for the GM's client to read (whole-moves.ts carries it to
 * the pieces that follow, which Foundry sends without it).
 */
function beforeMove(token: TokenDocument.Implementation, movement: Movement, options: Record<string, unknown>): boolean {
  if (movement.chain.length > 0) return true;
  if (gmRuling(options)) {
    options.fray = { ...(options.fray as object | undefined), ruling: true };
    return true;
  }
  const end = movement.pending.waypoints.at(-1) ?? movement.destination;
  const to = areaAt(token, end);
  const from = areaAt(token, movement.origin) ?? footingOf(token)?.area ?? null;
  if (!from || !to || from === to) return true;
  const refusal = refusalOf(token, from, to);
  if (!refusal) return true;
  ui.notifications?.warn(refusal);
  return false;
}

/** The active GM's check of a whole move: refused moves go back, moves that stand are charged. */
async function judge(move: WholeMove): Promise<void> {
  const { token, from, to, origin, user } = move;
  const refusal = refusalOf(token, from, to);
  if (refusal) return putBack(token, origin, refusal, user);
  for (const listener of listeners) {
    const answer = await listener(token, from, to, { origin, user });
    if (typeof answer === "string") return putBack(token, origin, answer, user);
  }
}

/** A whole move, heard on every client: its mover is told how far it went; the active GM judges it. */
function wholeMove(move: WholeMove): Promise<void> | void {
  if (move.user.id === game.user?.id) reportMove(move.token, move.from, move.to);
  if (game.users?.activeGM?.id !== game.user?.id) return;
  const work = judge(move).catch((error: unknown) => console.error(`${SYSTEM_ID} | judging a move`, error));
  judging.add(work);
  void work.finally(() => judging.delete(work));
  return work;
}

/** Every check of a move the active GM started has finished (for tests and the browser harness). */
export async function movesIdle(): Promise<void> {
  while (judging.size) await Promise.all([...judging]);
}

export function registerMoveChecks(): void {
  // fvtt-types 13.345 does not declare v13's preMoveToken hook (client/hooks.mjs); its arguments are typed here.
  const hooks = Hooks as unknown as { on(hook: string, fn: (token: TokenDocument.Implementation, movement: never, options: Record<string, unknown>) => boolean | void): number };
  hooks.on("preMoveToken", (token, movement, options) => beforeMove(token, movement, options));
  // Nor v13's stopToken (client/documents/token.mjs #stopMovement), whose one argument is the token.
  hooks.on("stopToken", (token) => void stopMove(token, wholeMove));
  Hooks.on("updateToken", (token, changed, options, userId) => followMove(token as TokenDocument.Implementation, changed, options, userId, wholeMove, (t, from, to) => refusalOf(t, from, to) !== null));
  Hooks.on("createToken", (token) => meetToken(token as TokenDocument.Implementation));
  Hooks.on("deleteToken", (token) => forgetToken(token as TokenDocument.Implementation));
  Hooks.once("ready", () => {
    for (const scene of game.scenes ?? []) for (const token of scene.tokens) meetToken(token as TokenDocument.Implementation);
  });
}

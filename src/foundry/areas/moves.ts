/**
 * A ruleset's say over tokens moving between Areas. Before a drag lands (Foundry's preMoveToken
 * hook, on the client of whoever drags), the world's ruleset may refuse a move from one Area to
 * another with a message; a GM holding Alt while dropping, or a move the GM's ruling makes (a
 * card putting a token back, an Undo: update option `fray.ruling`), is never refused. After a
 * token has entered another Area, the ruleset hears of the move on that same client, with where
 * the token stood before and whether it was such a ruling, to post what the move costs.
 */
import { AreaBehaviorModel } from "./model.js";
import { tokenArea } from "./service.js";

/** A refusal in the players' words, or null to let the token go. */
export type MoveGuard = (token: TokenDocument.Implementation, from: string, to: string) => string | null;

export interface AreaMove {
  /** Where the token stood before (its top-left corner). */
  origin: { x: number; y: number };
  /** The GM placed it, by Alt or by a ruling: it costs nothing. */
  ruling: boolean;
}

export type MoveListener = (token: TokenDocument.Implementation, from: string, to: string, move: AreaMove | null) => Promise<void>;

const guards: MoveGuard[] = [];
const listeners: MoveListener[] = [];
/** Moves this client started, by token id, until the token's new Area is known. */
const started = new Map<string, AreaMove>();

/** A guard says null for tokens that are not its business (another ruleset's, a token out of a fight). */
export function addMoveGuard(next: MoveGuard): void {
  guards.push(next);
}

export function onAreaMove(listener: MoveListener): void {
  listeners.push(listener);
}

/** The Area whose Region holds a token placed at `place` (its centre), if any. */
function areaAt(token: TokenDocument.Implementation, place: { x: number; y: number; width?: number; height?: number }): string | null {
  const scene = token.parent;
  if (!scene) return null;
  const size = scene.grid.size;
  const centre = { x: place.x + ((place.width ?? token.width ?? 1) * size) / 2, y: place.y + ((place.height ?? token.height ?? 1) * size) / 2, elevation: token.elevation ?? 0 };
  for (const region of scene.regions) {
    if (!region.testPoint(centre)) continue;
    for (const behavior of region.behaviors) if (!behavior.disabled && behavior.system instanceof AreaBehaviorModel) return behavior.system.areaKey;
  }
  return null;
}

function gmOverride(options: Record<string, unknown>): boolean {
  if ((options.fray as { ruling?: unknown } | undefined)?.ruling === true) return true;
  // KeyboardManager#isModifierActive: the GM holds Alt while dropping the token.
  const keyboard = (game as { keyboard?: { isModifierActive?(modifier: string): boolean } }).keyboard;
  return game.user?.isGM === true && keyboard?.isModifierActive?.("Alt") === true;
}

/** preMoveToken: the ruleset's guard on a move between two Areas; a refusal is told and the token stays. */
function beforeMove(token: TokenDocument.Implementation, movement: { origin: { x: number; y: number }; destination: { x: number; y: number; width?: number; height?: number } }, options: Record<string, unknown>): boolean {
  const from = tokenArea(token);
  const to = areaAt(token, movement.destination);
  const ruling = gmOverride(options);
  if (from && to && from !== to && !ruling) {
    const refusal = guards.map((guard) => guard(token, from, to)).find((answer) => answer !== null) ?? null;
    if (refusal) {
      ui.notifications?.warn(refusal);
      return false;
    }
  }
  if (token.id) started.set(token.id, { origin: { x: movement.origin.x, y: movement.origin.y }, ruling });
  return true;
}

/** Called on the moving client once the token's Area changed (tracking.ts). */
export async function areaMoved(token: TokenDocument.Implementation, from: string, to: string): Promise<void> {
  const move = token.id ? (started.get(token.id) ?? null) : null;
  if (token.id) started.delete(token.id);
  for (const listener of listeners) await listener(token, from, to, move);
}

export function registerMoveChecks(): void {
  // fvtt-types 13.345 does not declare v13's preMoveToken hook (client/hooks.mjs); its arguments are typed here.
  const hooks = Hooks as unknown as { on(hook: string, fn: (token: TokenDocument.Implementation, movement: never, options: Record<string, unknown>) => boolean): number };
  hooks.on("preMoveToken", (token, movement, options) => beforeMove(token, movement, options));
}

/**
 * The little of the canvas the attack dialog reads: Token placeables (id, name, actor and their
 * TokenDocument's uuid), the current user's targets (User#targets, a Set of Tokens, as Foundry's
 * UserTargets), Actor#getActiveTokens, and the status icons a token draws from its actor's
 * temporary effects, and the two ways a player moves a scene's token on the canvas: a drag
 * (`dragToken`) and an arrow key (`pressArrowKey`). No scene is drawn: placeToken(actor) puts a token
 * on an imaginary viewed scene "Scene.harness".
 */
import { Actor, User, type ClientDocument } from "./documents.js";
import { Scene, viewedScene } from "./scene.js";
import { randomID, type AnyObject } from "./utils.js";

export class HarnessToken {
  readonly id: string;
  readonly name: string;
  readonly document: { id: string; uuid: string; name: string; actor: ClientDocument; actorLink: boolean; object: HarnessToken } | (ClientDocument & { object?: HarnessToken });
  /** The effect icons drawn on the token (img paths, in order), and the overlay's, if any. */
  effects: { icons: string[]; overlay: string | null } = { icons: [], overlay: null };
  /** Token#constructor with its document; it draws its effects at once (Token#draw). */
  constructor(actor: ClientDocument, { name, actorLink = true, document }: { name?: string; actorLink?: boolean; document?: ClientDocument } = {}) {
    this.id = document?.id ?? randomID();
    this.name = name ?? (document as { name?: string } | undefined)?.name ?? actor.name;
    if (document) {
      // A TokenDocument of a harness scene, drawn on the viewed canvas (TokenDocument#object).
      this.document = Object.assign(document, { object: this });
    } else this.document = { id: this.id, uuid: `Scene.harness.Token.${this.id}`, name: this.name, actor, actorLink, object: this };
    this.drawEffects();
  }
  /** Token#actor: its document's (an unlinked scene token's synthetic actor; scene.ts). */
  get actor(): ClientDocument {
    return (this.document as { actor: ClientDocument }).actor;
  }
  /** Token#_drawEffects: an icon for each of the actor's temporaryEffects with an img; the last overlay one is the overlay. */
  drawEffects(): void {
    type Effect = { img: string | null; getFlag(scope: string, key: string): unknown };
    const effects = ((this.actor as unknown as { temporaryEffects?: Effect[] }).temporaryEffects ?? []).filter((e) => e.img);
    const overlay = effects.findLast((e) => e.getFlag("core", "overlay"));
    this.effects = { icons: effects.filter((e) => e !== overlay).map((e) => e.img as string), overlay: overlay?.img ?? null };
  }
  /**
   * Token#_onUpdate's movement animation (client/canvas/placeables/token.mjs, `animate` →
   * movementAnimationPromise, which `_movementContinuation.waitPromise` waits for): it ends a moment
   * later, or, while a test holds animations (`holdTokenAnimations`), when the test lets them go.
   */
  animateMovement(): Promise<void> {
    if (heldAnimations) return heldAnimations.promise;
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  /** Token#setTarget: add to or remove from the current user's targets. */
  setTarget(targeted = true, { user, releaseOthers = true }: { user?: User; releaseOthers?: boolean } = {}): void {
    const who = user ?? ((globalThis as unknown as { game: { user: User } }).game.user);
    const targets = targetsOf(who);
    if (releaseOthers) targets.clear();
    if (targeted) targets.add(this);
    else targets.delete(this);
  }
}

const TARGETS = new WeakMap<User, Set<HarnessToken>>();
/** UserTargets: one Set per user. */
function targetsOf(user: User): Set<HarnessToken> {
  let set = TARGETS.get(user);
  if (!set) TARGETS.set(user, (set = new Set()));
  return set;
}

const placed: HarnessToken[] = [];

/** Animations held by a test: each drawn token's movement animation runs until it lets them go. */
let heldAnimations: { promise: Promise<void>; release(): void } | null = null;

/**
 * Holds every drawn token's movement animation from now until the returned function is called (a
 * slow animation, a long drag across the canvas): v13 continues a movement cut at a Region border
 * only once its animation is done.
 */
export function holdTokenAnimations(): () => void {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  const held = { promise, release };
  heldAnimations = held;
  return () => {
    if (heldAnimations === held) heldAnimations = null;
    held.release();
  };
}

/** Put a token of this actor on the viewed scene (drawing a scene's TokenDocument when `document` is given). */
export function placeToken(actor: ClientDocument, options: { name?: string; actorLink?: boolean; document?: ClientDocument } = {}): HarnessToken {
  const token = new HarnessToken(actor, options);
  placed.push(token);
  return token;
}

/** Remove every token (and every user's targets). */
export function clearTokens(): void {
  placed.length = 0;
  heldAnimations?.release();
  heldAnimations = null;
}

/** User#targets and Actor#getActiveTokens on the harness classes. */
export function installTokens(): void {
  Object.defineProperty(User.prototype, "targets", {
    configurable: true,
    get(this: User) {
      return targetsOf(this);
    },
  });
  /**
   * Actor#getActiveTokens(linked, document) → getDependentTokens (client/documents/actor.mjs): a
   * world actor's tokens on the scene this client's canvas shows (`canvas.scene`: another client, a
   * GM viewing another scene, gets none of them), linked or not (only linked ones when asked); a
   * synthetic actor's own token only. A token placed without a scene stands on every canvas.
   */
  (Actor.prototype as unknown as AnyObject).getActiveTokens = function (this: Actor & { isToken: boolean; token: ClientDocument | null }, linked = false, document = false) {
    const viewed = viewedScene();
    const mine = placed.filter((t) => {
      const doc = t.document as { actorId?: string | null; actorLink?: boolean; parent?: unknown };
      if (doc.parent instanceof Scene && doc.parent !== viewed) return false;
      if (this.isToken) return t.document === this.token;
      const represents = doc.actorId === undefined ? t.actor === this : doc.actorId === this.id;
      return represents && (!linked || doc.actorLink);
    });
    return document ? mine.map((t) => t.document) : mine;
  };
}

/* -------------------------------------------- */

/** A scene's token as the canvas moves it: its id, place, grid and its scene's update. */
interface MovableToken {
  id: string | null;
  x: number;
  y: number;
  movementAction?: string | null;
  parent: unknown;
}

function sceneOf(token: MovableToken): { grid: { size: number }; updateEmbeddedDocuments(name: string, updates: AnyObject[], operation: AnyObject): Promise<unknown[]> } {
  return token.parent as never;
}

/**
 * Token#_onDragLeftDrop → #prepareDragLeftDropUpdates (client/canvas/placeables/token.mjs): a token
 * dropped after a drag moves through the ruler's waypoints (each place the user set down, the drop
 * last) in one movement, method "dragging"; nothing else is in the update.
 */
export async function dragToken(token: MovableToken, ...path: { x: number; y: number }[]): Promise<void> {
  const waypoints = path.map((place) => ({ x: place.x, y: place.y, snapped: true, explicit: true, checkpoint: true }));
  await sceneOf(token).updateEmbeddedDocuments("Token", [{ _id: token.id }], { movement: { [token.id as string]: { waypoints, method: "dragging" } } });
}

/**
 * TokenLayer#moveMany → _prepareKeyboardMovementUpdates (client/canvas/layers/tokens.mjs): an arrow
 * key moves the token one grid space (dx, dy in spaces), one snapped checkpoint, method "keyboard".
 */
export async function pressArrowKey(token: MovableToken, dx: number, dy: number): Promise<void> {
  const size = sceneOf(token).grid.size;
  const waypoint = { x: token.x + dx * size, y: token.y + dy * size, action: token.movementAction ?? "walk", snapped: true, explicit: false, checkpoint: true };
  await sceneOf(token).updateEmbeddedDocuments("Token", [{ _id: token.id }], { movement: { [token.id as string]: { waypoints: [waypoint], method: "keyboard" } } });
}

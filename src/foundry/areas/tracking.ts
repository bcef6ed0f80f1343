/**
 * What follows a token from Area to Area on the client of whoever moved it: the actor's `area`
 * field (cavaliers' current Area), set when the token enters or leaves an Area's Region, and the
 * note telling her how far a whole move went. The Area itself is always read from where the token
 * stands (service.ts); nothing here is read back to decide anything.
 */
import type { AreaBehaviorModel } from "./model.js";
import { checkMove, tokenArea } from "./service.js";

function eventToken(event: RegionDocument.RegionEvent): TokenDocument.Implementation | null {
  const token = (event.data as { token?: TokenDocument.Implementation }).token;
  return token ?? null;
}

/** An Area's name on the token's scene. */
function areaName(token: TokenDocument.Implementation, id: string): string {
  for (const region of token.parent?.regions ?? []) {
    for (const behavior of region.behaviors) {
      const system = behavior.system as Partial<AreaBehaviorModel>;
      if (system.areaKey === id) return system.areaName ?? id;
    }
  }
  return id;
}

/**
 * The actor's `area` field follows her token, where the actor has one: the name of the Area the
 * token stands in, or nothing. A token just deleted stands nowhere; only a linked actor outlives it
 * (an unlinked token's actor went with it, and writing to it would write to the deleted token).
 */
async function followActorArea(token: TokenDocument.Implementation): Promise<void> {
  const deleted = token.parent?.tokens.get(token.id ?? "") !== token;
  if (deleted && !token.actorLink) return;
  const actor = token.actor;
  if (!actor?.isOwner) return;
  const system = actor.system as { area?: unknown };
  const area = deleted ? null : tokenArea(token);
  const name = area ? areaName(token, area) : "";
  if (typeof system.area !== "string" || system.area === name) return;
  await actor.update({ "system.area": name } as Actor.UpdateData);
}

/**
 * Tells whoever moved the token (the GM, when the GM drags it) how far the whole move was. A move
 * beyond a Run is warned about here; whether it stands is the ruleset's say (moves.ts), and with no
 * ruleset refusing it, it stands: the GM may have a reason (a fall, a rope, a story beat).
 */
export function reportMove(token: TokenDocument.Implementation, from: string, to: string): void {
  const scene = token.parent;
  if (!scene) return;
  const check = checkMove(scene, from, to);
  if (!check) return;
  const data = { token: token.name ?? "", from: areaName(token, from), to: areaName(token, to), moves: String(check.moves ?? "") };
  if (check.kind === "run") ui.notifications?.info(game.i18n?.format("FRAY.Area.Notice.Run", data) ?? "");
  else if (check.kind === "too-far") ui.notifications?.warn(game.i18n?.format("FRAY.Area.Notice.TooFar", data) ?? "");
  else if (check.kind === "unreachable") ui.notifications?.warn(game.i18n?.format("FRAY.Area.Notice.Unreachable", data) ?? "");
}

/** A token entered this Area: the client of the user who moved it keeps the actor's Area in step. */
export async function onTokenEnter(this: AreaBehaviorModel, event: RegionDocument.RegionEvent): Promise<void> {
  const token = eventToken(event);
  if (token && event.user.isSelf) await followActorArea(token);
}

/**
 * A token left this Area (or was deleted in it: v13 empties the deleted token's Regions, then sends
 * the exits). Entries and exits of one move may be handled in any order; each reads where the token
 * stands, so the last one handled is right.
 */
export async function onTokenExit(this: AreaBehaviorModel, event: RegionDocument.RegionEvent): Promise<void> {
  const token = eventToken(event);
  if (token && event.user.isSelf) await followActorArea(token);
}

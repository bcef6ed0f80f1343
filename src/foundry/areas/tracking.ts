import { SYSTEM_ID } from "../system.js";
import { AREA_FLAG } from "./constants.js";
import type { AreaBehaviorModel } from "./model.js";
import { areaMoved } from "./moves.js";
import { checkMove } from "./service.js";

/** Where a token last stood when it left every Area, so the next entry is checked as one move. */
const LEFT_FLAG = "leftArea";

function eventToken(event: RegionDocument.RegionEvent): TokenDocument.Implementation | null {
  const token = (event.data as { token?: TokenDocument.Implementation }).token;
  return token ?? null;
}

/** The actor's `area` field (cavaliers' current Area) follows the token, where the actor has one. */
async function setActorArea(token: TokenDocument.Implementation, name: string): Promise<void> {
  const actor = token.actor;
  if (!actor?.isOwner) return;
  const system = actor.system as { area?: unknown };
  if (typeof system.area !== "string" || system.area === name) return;
  await actor.update({ "system.area": name } as Actor.UpdateData);
}

/**
 * Tells whoever moved the token (the GM, when the GM drags it) how far the move was. A move beyond a
 * Run is warned about but never undone: the GM may have a reason (a fall, a rope, a story beat),
 * and refusing the GM's own drag would fight the table.
 */
function reportMove(token: TokenDocument.Implementation, from: string, to: string, names: (id: string) => string): void {
  const scene = token.parent;
  if (!scene) return;
  const check = checkMove(scene, from, to);
  if (!check) return;
  const data = { token: token.name ?? "", from: names(from), to: names(to), moves: String(check.moves ?? "") };
  if (check.kind === "run") ui.notifications?.info(game.i18n?.format("FRAY.Area.Notice.Run", data) ?? "");
  else if (check.kind === "too-far") ui.notifications?.warn(game.i18n?.format("FRAY.Area.Notice.TooFar", data) ?? "");
  else if (check.kind === "unreachable") ui.notifications?.warn(game.i18n?.format("FRAY.Area.Notice.Unreachable", data) ?? "");
}

function areaNames(token: TokenDocument.Implementation): (id: string) => string {
  return (id) => {
    for (const region of token.parent?.regions ?? []) {
      for (const behavior of region.behaviors) {
        const system = behavior.system as Partial<AreaBehaviorModel>;
        if (system.areaKey === id) return system.areaName ?? id;
      }
    }
    return id;
  };
}

/**
 * A token entered this Area. Only the client of the user who moved it writes, so the flag is set
 * once; that user owns the token (or is the GM).
 */
export async function onTokenEnter(this: AreaBehaviorModel, event: RegionDocument.RegionEvent): Promise<void> {
  const token = eventToken(event);
  if (!token || !event.user.isSelf) return;
  const area = this.areaKey;
  const current = token.getFlag(SYSTEM_ID, AREA_FLAG);
  if (current === area) return;
  const previous = typeof current === "string" && current ? current : token.getFlag(SYSTEM_ID, LEFT_FLAG);
  await token.update({ [`flags.${SYSTEM_ID}.${AREA_FLAG}`]: area, [`flags.${SYSTEM_ID}.-=${LEFT_FLAG}`]: null } as TokenDocument.UpdateData);
  await setActorArea(token, this.areaName);
  if (typeof previous === "string" && previous && previous !== area) {
    reportMove(token, previous, area, areaNames(token));
    await areaMoved(token, previous, area);
  }
}

/** Whether the token already stands in another Area's Region (its entry there sets the flag). */
function inAnotherArea(token: TokenDocument.Implementation, left: AreaBehaviorModel): boolean {
  for (const region of token.regions ?? []) {
    if (region === left.region) continue;
    for (const behavior of region.behaviors) {
      const system = behavior.system as Partial<AreaBehaviorModel>;
      if (!behavior.disabled && behavior.type === left.behavior?.type && system.areaKey) return true;
    }
  }
  return false;
}

/**
 * A token left this Area: it stands in none until it enters another. When it is already inside
 * another Area, nothing is written here, so an exit handled alongside (or after) that entry can
 * never wipe the new Area.
 */
export async function onTokenExit(this: AreaBehaviorModel, event: RegionDocument.RegionEvent): Promise<void> {
  const token = eventToken(event);
  if (!token || !event.user.isSelf) return;
  const area = this.areaKey;
  if (token.getFlag(SYSTEM_ID, AREA_FLAG) !== area || inAnotherArea(token, this)) return;
  await token.update({ [`flags.${SYSTEM_ID}.-=${AREA_FLAG}`]: null, [`flags.${SYSTEM_ID}.${LEFT_FLAG}`]: area } as TokenDocument.UpdateData);
  await setActorArea(token, "");
}

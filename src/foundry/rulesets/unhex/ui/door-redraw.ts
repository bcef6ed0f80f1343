/**
 * An Unhex sheet lists a door button for each door beside its character, read from the Area her
 * token stands in and from the scene's Area behaviours. Neither a door opened or shut nor her token
 * walking into another Area changes her actor, so Foundry would not redraw the sheet and its button
 * would go on offering to open a door already open. These hooks redraw the open sheets they touch.
 */
import { AREA_BEHAVIOR_TYPE } from "../../../areas/constants.js";
import { unhexActor } from "../models.js";

/** Redraws the actor's sheets that are open (render without force leaves closed ones closed). */
function redraw(actor: Actor.Implementation | null | undefined): void {
  if (actor && unhexActor(actor)) void actor.render(false);
}

export function registerDoorRedraw(): void {
  Hooks.on("updateRegionBehavior", (behavior, changed) => {
    if (behavior.type !== AREA_BEHAVIOR_TYPE || !("system" in (changed as object))) return;
    const scene = behavior.parent?.parent;
    for (const token of scene?.tokens ?? []) redraw(token.actor);
  });
  Hooks.on("updateToken", (token, changed) => {
    if ("x" in (changed as object) || "y" in (changed as object)) redraw(token.actor);
  });
}

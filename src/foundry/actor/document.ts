import { activeRuleset } from "../settings.js";
import { rulesetOfType } from "../rulesets/index.js";

/**
 * Fray's Actor: offers only the active ruleset's types when a user creates one, and points a new
 * actor's token bars at its ruleset's tracks.
 */
export class FrayActor extends Actor {
  static override async createDialog(...[data, createOptions, options]: Parameters<typeof Actor.createDialog>) {
    const types = Object.keys(activeRuleset().actors) as Actor.SubType[];
    return super.createDialog(data, createOptions, { ...options, types: types as never });
  }

  protected override async _preCreate(...[data, options, user]: Parameters<Actor["_preCreate"]>) {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    const definition = rulesetOfType(this.type)?.actors[this.type];
    const [bar1, bar2] = definition?.bars ?? [];
    const changes: Record<string, unknown> = {};
    if (bar1 && !foundry.utils.hasProperty(data, "prototypeToken.bar1.attribute")) changes["prototypeToken.bar1.attribute"] = bar1;
    if (bar2 && !foundry.utils.hasProperty(data, "prototypeToken.bar2.attribute")) changes["prototypeToken.bar2.attribute"] = bar2;
    if (Object.keys(changes).length > 0) this.updateSource(changes);
  }
}

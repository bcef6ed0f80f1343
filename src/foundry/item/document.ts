import { keepOnLoad } from "../migrations/document.js";
import { documentsOf } from "../rulesets/registry.js";
import { activeRulesetId } from "../settings.js";

/**
 * Fray's Item: offers only the active ruleset's types when a user creates one (as FrayActor does;
 * items of other rulesets stay valid and open as before), and keeps, rather than drops, stored
 * values its schema cannot hold (see migrations/).
 */
export class FrayItem extends Item {
  protected override _initializeSource(...args: Parameters<Item["_initializeSource"]>) {
    keepOnLoad("Item", args[0]);
    return super._initializeSource(...args);
  }

  static override async createDialog(...[data, createOptions, options]: Parameters<typeof Item.createDialog>) {
    const types = Object.keys(documentsOf(activeRulesetId()).items) as Item.SubType[];
    return super.createDialog(data, createOptions, { ...options, types: types as never });
  }
}

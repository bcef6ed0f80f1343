import { keepOnLoad } from "../migrations/document.js";
import { activeRulesetId } from "../settings.js";
import { documentsOf, documentsOfType } from "../rulesets/registry.js";

/**
 * Fray's Actor: offers only the active ruleset's types when a user creates one, points a new
 * actor's token bars at its ruleset's tracks, links a new character's tokens, and keeps, rather than drops, stored values its
 * schema cannot hold (see migrations/).
 */
export class FrayActor extends Actor {
  protected override _initializeSource(data: this | Actor.CreateData, options?: foundry.abstract.Document.InitializeSourceOptions) {
    keepOnLoad("Actor", data);
    return super._initializeSource(data, options);
  }

  static override async createDialog(...[data, createOptions, options]: Parameters<typeof Actor.createDialog>) {
    const types = Object.keys(documentsOf(activeRulesetId()).actors) as Actor.SubType[];
    return super.createDialog(data, createOptions, { ...options, types: types as never });
  }

  protected override async _preCreate(...[data, options, user]: Parameters<Actor["_preCreate"]>) {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    const definition = documentsOfType(this.type)?.actors[this.type];
    if (!definition) return;
    // system.json names one default pair for all rulesets; a bar that is not one of this type's
    // tracks is replaced by the type's own, while a bar the creator chose among them is kept.
    const tracks = [...definition.trackable.bar, ...definition.trackable.value];
    const changes: Record<string, unknown> = {};
    definition.bars.forEach((bar, index) => {
      const key = `prototypeToken.bar${index + 1}.attribute`;
      const current = foundry.utils.getProperty(this._source, key);
      if (bar && (typeof current !== "string" || !tracks.includes(current))) changes[key] = bar;
    });
    // v13 leaves every prototype token unlinked: a player character's tokens are made linked, so the
    // sheet in the Actors directory is the one that takes her wounds; an NPC's stay unlinked, each
    // token of it a fighter of its own.
    if (definition.kind === "character") changes["prototypeToken.actorLink"] = true;
    if (Object.keys(changes).length > 0) this.updateSource(changes);
  }
}

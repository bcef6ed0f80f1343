import { documentsOfType } from "../rulesets/registry.js";

/**
 * Fray's ActiveEffect: an effect may change what its actor's owner may write on her sheet anyway
 * (attributes, skills, armour: ratings the rules read), never a track the GM's cards and tracker
 * write (Yield, Wounds, Initiative Points, rounds out...: each ruleset's `tracks`). The rules read a
 * track's prepared value while Apply writes its stored one: an effect overriding Cavaliers Yield to
 * 0 would have every card read 0 and every Apply add to the stored value, so she would never fall.
 * A declined change leaves the stored value shown and read everywhere.
 */
export class FrayActiveEffect extends ActiveEffect {
  override apply(actor: Actor.Implementation, change: ActiveEffect.ChangeData): ReturnType<ActiveEffect["apply"]> {
    if (touchesTrack(actor.type, change.key)) return {};
    return super.apply(actor, change);
  }
}

/** Whether a change's key names a track of the actor type, a field inside one, or an object holding one. */
export function touchesTrack(type: string, key: string): boolean {
  const tracks = documentsOfType(type)?.tracks ?? [];
  return tracks.some((track) => key === track || key.startsWith(`${track}.`) || track.startsWith(`${key}.`));
}

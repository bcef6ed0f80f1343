/**
 * The shapes a Drama dialog hands its card: whom it is about and what the player chose. The dialogs
 * (ui/) and the cards that post their answers (post.ts) both read them here, so neither imports the other's module for a type.
 */

/** A placeable or a document: what the user targets, or a token document read elsewhere. */
export type TokenLike = { actor: Actor.Implementation | null; document?: { uuid: string } | null; uuid?: string };

/** A token the player aimed at, with the actor and name a dialog shows. */
export type Target = TokenLike & { actor: Actor.Implementation; name: string };

export interface CourageValues {
  wound: number | null;
  base: number;
  resistance: number;
  drama: number;
}

export interface MeleeAnswer {
  weapon: string;
  unopposed: number[];
}

export interface RangedValues {
  weapon: string;
  situation: Record<string, string>;
  bonuses: string[];
  advantages: string[];
  base: number;
  resistance: number;
  shootsBack: boolean;
}

export type RangedAnswer = RangedValues;

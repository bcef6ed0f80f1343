/**
 * The compulsions: what Intimidation, Goad and Parry make another character do. Intimidation's
 * nearest Engaged enemy "must attack while Impaired" this round; a Goaded target is goaded "into
 * attacking you on the next round"; a Parried enemy "must make a melee attack against you next
 * round". The Impairments and Enhancements they bring are the attack's situation; here is only
 * where the compelled character's attack may go, and that it must attack.
 */
export const COMPULSION_KINDS = ["intimidation", "goad", "parry"] as const;
export type CompulsionKind = (typeof COMPULSION_KINDS)[number];

export interface CompulsionRule {
  /** The round it binds, counted from the one it was taken in: 0 the same round, 1 the next. */
  bindsAfter: 0 | 1;
  /** The compelled character's attack must go at the one who compels it. */
  atCompeller: boolean;
  /** ...and be a melee attack. Only an attack sent at the compeller has a kind to obey: Intimidation has none. */
  melee?: boolean;
}

export const COMPULSIONS: Readonly<Record<CompulsionKind, CompulsionRule>> = {
  intimidation: { bindsAfter: 0, atCompeller: false },
  goad: { bindsAfter: 1, atCompeller: true, melee: false },
  parry: { bindsAfter: 1, atCompeller: true, melee: true },
};

export interface Compulsion {
  kind: CompulsionKind;
  /** Who compels: the intimidator, the goader, the parrier. */
  by: string;
}

/**
 * Why this attack breaks the compulsions on its attacker (what they demand, in words), or undefined
 * when it obeys them. Compulsions that name different characters cannot all be obeyed by one
 * attack: obeying any one of them is enough.
 */
export function compulsionBroken(compulsions: readonly Compulsion[], attack: { target: string; melee: boolean }): string | undefined {
  const aimed = compulsions.filter((c) => COMPULSIONS[c.kind].atCompeller);
  if (aimed.length === 0) return undefined;
  const obeyed = aimed.some((c) => c.by === attack.target && (attack.melee || !COMPULSIONS[c.kind].melee));
  if (obeyed) return undefined;
  return aimed.map((c) => `${COMPULSIONS[c.kind].melee ? "a melee attack" : "an attack"} on ${c.by} (${c.kind})`).join(" or ");
}

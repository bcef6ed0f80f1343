/** Dice patterns in a shield bearer's Bd: each triple adds 3Ad, a quad (or more) is a Shield Bash. */
export interface ShieldPatterns {
  triples: number;
  quad: boolean;
}

export function shieldPatterns(baseFaces: readonly number[]): ShieldPatterns {
  const counts = new Map<number, number>();
  for (const face of baseFaces) counts.set(face, (counts.get(face) ?? 0) + 1);
  const sizes = [...counts.values()];
  return { triples: sizes.filter((n) => n === 3).length, quad: sizes.some((n) => n >= 4) };
}

/**
 * How the tracker's fights are bounded. A module of its own, importing nothing, so the tracker reads
 * these without pulling the fights (and every ruleset's rules) into the world's download.
 */
export const ODDS_LIMITS = {
  /** A fight still on after this many rounds counts as no side winning, as `fray fight` does by default. */
  roundLimit: 50,
  /** Stop once the party's 95% interval is this narrow on each side of its chance... */
  margin: 0.02,
  /** ...but not on fewer fights than these, whose interval could be narrow by luck. */
  minRuns: 200,
  maxRuns: 20_000,
} as const;

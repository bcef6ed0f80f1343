/**
 * The command line's caps. Each refusal that a cap causes names it, and docs/cli.md lists them all.
 * They keep one command bounded in time and memory whatever it is fed.
 */
export const LIMITS = {
  /** Bytes of one request, from a file or standard input; reading stops one byte past it. */
  inputBytes: 65_536,
  /** Bouts one `fray duel` fights. */
  runs: 10_000,
  /** Rounds one bout may last before it is called a draw. */
  rounds: 1_000,
  /** Rounds one `fray duel` may fight in all (runs × rounds), so a stalemate still ends soon. */
  duelRounds: 200_000,
  /** Fighters on one side of a `fray fight`. */
  sideFighters: 24,
  /** Fighter-rounds one `fray fight` may fight in all (runs × rounds × fighters), so a stalemate still ends soon. */
  fightTurns: 100_000,
  /** Seeds are 32-bit: a larger one would roll the same dice as a smaller one. */
  seed: 4_294_967_295,
  /** Characters of one error line; a longer one (a huge name echoed back) is cut. */
  messageChars: 500,
} as const;

/**
 * One step at a time per card on this client: a second click (or a second player's query reaching
 * the GM) while a step runs is turned away, and the stored state refuses it afterwards.
 */
const HELD = new Set<string>();

export async function withCardLock<T>(messageId: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (HELD.has(messageId)) return { ran: false };
  HELD.add(messageId);
  try {
    return { ran: true, value: await work() };
  } finally {
    HELD.delete(messageId);
  }
}

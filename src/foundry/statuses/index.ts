/** Token statuses as Active Effects (the full table arrives with the statuses work; this is its API). */
export function hasStatus(actor: Actor.Implementation, id: string): boolean {
  return actor.statuses.has(id);
}

export async function setStatus(actor: Actor.Implementation, id: string, active: boolean): Promise<void> {
  await actor.toggleStatusEffect(id, { active });
}

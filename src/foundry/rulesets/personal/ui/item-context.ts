/** A Fallen Fate's sheet offers the token statuses Foundry knows, by their names. */
export function fateItemContext(): Record<string, unknown> {
  const statuses = Object.fromEntries(CONFIG.statusEffects.map((status) => [status.id, status.name ? game.i18n!.localize(status.name) : status.id]));
  return { statusChoices: statuses };
}

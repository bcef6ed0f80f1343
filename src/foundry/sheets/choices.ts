/** Select options for die sizes: 0 reads as "none". */
export function dieChoices(sizes: readonly number[], noneLabel = "FRAY.Common.None"): Record<string, string> {
  return Object.fromEntries(sizes.map((size) => [String(size), size === 0 ? game.i18n!.localize(noneLabel) : `d${size}`]));
}

/** Select options from ids, labelled through lang keys `<prefix>.<id>`. */
export function labelledChoices(ids: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, game.i18n!.localize(`${prefix}.${id}`)]));
}

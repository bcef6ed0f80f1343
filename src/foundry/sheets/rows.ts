/**
 * Adding and removing rows of a list on a sheet (wounds, armor, fates, success-table entries).
 * A new row takes its list's element defaults from the data model, so it is valid at once.
 */
type WithSystem = { system: unknown; update(changes: Record<string, unknown>): Promise<unknown> };

function listAt(document: WithSystem, path: string): { rows: unknown[]; blank: unknown } {
  const system = document.system as foundry.abstract.DataModel.Any;
  const field = system.schema.getField(path);
  if (!(field instanceof foundry.data.fields.ArrayField)) throw new Error(`system.${path} is not a list`);
  const rows = foundry.utils.getProperty(system.toObject(), path);
  return { rows: Array.isArray(rows) ? rows : [], blank: (field.element as foundry.data.fields.DataField.Any).getInitialValue({}) };
}

export async function addRow(document: WithSystem, path: string): Promise<void> {
  const { rows, blank } = listAt(document, path);
  await document.update({ [`system.${path}`]: [...rows, blank] });
}

export async function removeRow(document: WithSystem, path: string, index: number): Promise<void> {
  const { rows } = listAt(document, path);
  if (!Number.isInteger(index) || index < 0 || index >= rows.length) return;
  await document.update({ [`system.${path}`]: rows.filter((_, at) => at !== index) });
}

/** Reads the list path and row index a row button carries. */
export function rowTarget(target: HTMLElement): { path: string; index: number } {
  return { path: target.dataset.path ?? "", index: Number(target.dataset.index) };
}

/** The system id, as in system.json; every setting, flag and template path hangs off it. */
export const SYSTEM_ID = "fray";

/** Where Foundry serves this system's files from. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

export function templatePath(relative: string): string {
  return `${SYSTEM_PATH}/templates/${relative}`;
}

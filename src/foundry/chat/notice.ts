/**
 * Runs one step of a roll flow for the user who clicked: whatever it refuses (bad input, a rule the
 * request breaks) becomes an error notification, and nothing is posted or changed.
 */
export async function withNotice<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    ui.notifications?.error(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

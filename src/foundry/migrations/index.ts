import { SYSTEM_ID } from "../system.js";
import { registerTokenLinkButton } from "./links.js";
import { isMigratingClient, migrateWorld, SCHEMA_SETTING } from "./world.js";

export { LINK_VERSION, linkCharacterTokens, unlinkedCharacterTokens } from "./links.js";
export { keepUnmigratable, unmigratedOf, type UnmigratedValue } from "./keep.js";
export { RETIRED_MESSAGE_TYPES, retiredMessages, type RetiredMessageType } from "./messages.js";
export { migrateModelSource } from "./model.js";
export { MIGRATION_STEPS, SCHEMA_VERSION, migrateSystem, type MigrationStep } from "./steps.js";
export { isMigratingClient, migrateWorld, storedSchemaVersion, type MigrationReport } from "./world.js";

/** The world's schema version (a hidden world setting) and the one-time world migration on the GM's client. */
export function registerMigrations(): void {
  game.settings!.register(SYSTEM_ID, SCHEMA_SETTING, { scope: "world", config: false, type: Number, default: 0 });
  registerTokenLinkButton();
  Hooks.once("ready", () => {
    if (!isMigratingClient()) return;
    migrateWorld().catch((error: unknown) => console.error("Fray | world migration failed", error));
  });
}

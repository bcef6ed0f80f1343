import { dramaRules } from "../../../rules/drama/index.js";
import { SHIELD_SIZES, WEAPON_CLASSES } from "../../../rules/drama/tables.js";
import { registerSheetExtension } from "../../actor/sheet.js";
import { registerCardKind } from "../../cards/index.js";
import { activeRulesetId } from "../../settings.js";
import { labelledChoices } from "../../sheets/choices.js";
import { templatePath } from "../../system.js";
import type { FoundryRuleset } from "../types.js";
import { DRAMA_CARD_KINDS } from "./cards/kinds.js";
import { registerShotMarks } from "./cards/shots.js";
import { postCourage, postMelee, postMomentum, postRanged, postShootFirst } from "./cards/post.js";
import { advanceRound, dramaCombatRules } from "./combat/index.js";
import { dramaDocuments } from "./documents.js";
import { ADVANTAGE_KINDS, ARMOUR_KINDS } from "./items.js";
import { openCourageDialog, openMeleeDialog, openRangedDialog } from "./ui/open.js";
import { DRAMA_SHEET_EXTENSION, dramaSheetContext } from "./ui/sheet.js";

const DIALOG_TEMPLATES = ["drama-melee", "drama-pool", "drama-ranged", "drama-courage", "drama-stance", "drama-skirmish", "drama-summary"].map((name) => templatePath(`dialog/${name}.hbs`));

/**
 * A new round, on the active GM's client only: rounds out counted down, spent disadvantages lifted.
 * Only a GM's own turn controls move the round on (a player's write of the round, which any player
 * may make in v13, is put back by the GM and counts nothing): the user the server names must be a
 * GM, and so the `direction` her client passed is a GM's.
 */
function onUpdateCombat(combat: Combat.Implementation, changed: Record<string, unknown>, options: { direction?: number }, userId: string): void {
  if (!("round" in changed) || options.direction !== 1 || !game.users?.get(userId)?.isGM || !game.users?.activeGM?.isSelf || activeRulesetId() !== "drama") return;
  void advanceRound(combat).catch((error: unknown) => console.error("Fray | drama round", error));
}

export const dramaFoundry: FoundryRuleset = {
  id: "drama",
  documents: dramaDocuments,
  rules: dramaRules,
  actorContexts: { dramaCharacter: dramaSheetContext, dramaNpc: dramaSheetContext },
  itemContexts: {
    dramaWeapon: () => ({ weaponClasses: labelledChoices(WEAPON_CLASSES, "FRAY.Drama.WeaponClass") }),
    dramaArmour: () => ({ kinds: labelledChoices(ARMOUR_KINDS, "FRAY.Drama.ArmourKind"), shieldSizes: labelledChoices(SHIELD_SIZES.filter((s) => s !== "none"), "FRAY.Drama.Shield") }),
    dramaAdvantage: () => ({ kinds: labelledChoices(ADVANTAGE_KINDS, "FRAY.Drama.AdvantageKind") }),
  },
  combat: dramaCombatRules,
  init() {
    for (const kind of DRAMA_CARD_KINDS) registerCardKind(kind);
    registerShotMarks();
    for (const type of Object.keys(dramaDocuments.actors)) registerSheetExtension(type, DRAMA_SHEET_EXTENSION);
    // The hook passes the stored base Combat; CONFIG.Combat.documentClass makes it Fray's.
    Hooks.on("updateCombat", (combat, changed, options, userId) => onUpdateCombat(combat as unknown as Combat.Implementation, changed as Record<string, unknown>, options as { direction?: number }, userId));
    void foundry.applications.handlebars.loadTemplates([templatePath("chat/drama-card.hbs"), ...DIALOG_TEMPLATES]);
    // For macros and the browser tests, which reach the system only through globals.
    const fray = ((CONFIG as { fray?: Record<string, unknown> }).fray ??= {});
    fray.drama = { postMelee, postRanged, postShootFirst, postCourage, postMomentum, openMeleeDialog, openRangedDialog, openCourageDialog, advanceRound };
  },
};

/**
 * Foundry's own English for what the stand-in draws and Fray's templates name of core's (the tracker's
 * controls, a window's close control, a dialog's Yes and No), as v13's public/lang/en.json gives them
 * to every client beside a system's own (client/helpers/localization.mjs, #getTranslations).
 * Only the keys shown here; the words are v13's.
 */
export const CORE_ENGLISH = {
  APPLICATION: { TOOLS: { Close: "Close Window" } },
  COMBAT: {
    Begin: "Begin Encounter",
    CombatantClear: "Clear Initiative",
    CombatantRemove: "Remove Participant",
    CombatantReroll: "Re-roll Initiative",
    CombatantUpdate: "Update Participant",
    Delete: "Delete Encounter",
    End: "End Encounter",
    InitiativeReset: "Reset Initiative",
    InitiativeRoll: "Roll Initiative",
    InitiativeScore: "Initiative Score",
    None: "No Encounter",
    PanToCombatant: "Pan to Combatant",
    PingCombatant: "Ping Token",
    RollAll: "Roll All",
    Round: "Round {round}",
    RoundNext: "Next Round",
    ToggleDead: "Mark Defeated",
    ToggleVis: "Toggle Visibility",
    TurnEnd: "End Turn",
    TurnNext: "Next Turn",
    TurnPrev: "Previous Turn",
  },
  Confirm: "Confirm",
  HOTBAR: { EMPTY: "Empty Slot", LABEL: "Action Bar" },
  No: "No",
  Yes: "Yes",
};

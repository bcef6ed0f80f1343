/**
 * Unhex's changes in the game's words: a character's level and wound boxes by the shared rules, and
 * the fight's bookkeeping on the Combat said as players know it ("Guard has used an action", "Team
 * turns: Friendly, then Hostile") or not at all (the round a budget was counted in, the tracker's
 * copies of each combatant's place). A stopped mover's token is "put back in the Bar", never moved
 * by pixels.
 */
import { documentAt } from "../../../cards/documents.js";
import { combatantOfKey } from "../../../combat/fighter.js";
import type { CardData, ChangeRecord } from "../../../cards/model.js";
import type { RulesetPhrasing } from "../../../cards/phrasing.js";
import { SYSTEM_ID } from "../../../system.js";
import { BUDGET_KEY, ROUND_KEY } from "../combat/state.js";
import { areaName } from "./view.js";

const i18n = () => game.i18n!;
const say = (key: string, data: Record<string, string> = {}) => i18n().format(`FRAY.Unhex.Card.Say.${key}`, data);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const budget = (field: string) => new RegExp(`^flags\\.${escape(SYSTEM_ID)}\\.${escape(BUDGET_KEY)}\\.[^.]+\\.${field}$`);

/** The combatant a budget path names, by name. */
function combatantName(record: ChangeRecord): string {
  const id = record.key.split(".")[3] ?? "";
  const combat = documentAt(record.uuid);
  return (combat instanceof Combat ? combatantOfKey(combat.combatants, id)?.name : undefined) ?? i18n().localize("FRAY.Unhex.Card.Say.Someone");
}

const count = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const teams = (value: unknown) => (Array.isArray(value) ? value.map((team) => i18n().localize(`FRAY.Unhex.Team.${String(team)}`)).join(i18n().localize("FRAY.Unhex.Card.Say.Then")) : "");

function actionsLeft(record: ChangeRecord): string | null {
  // A fresh round holds one action: an unset budget reads so.
  const before = count(record.before, 1);
  const after = count(record.after, 1);
  if (after === before) return null;
  return say(after < before ? "UsedAction" : "GainedAction", { name: combatantName(record), left: String(after) });
}

function owed(record: ChangeRecord): string | null {
  return count(record.after, 0) > count(record.before, 0) ? say("LosesAction", { name: combatantName(record) }) : null;
}

function putBack(_record: ChangeRecord, card: CardData): string {
  const moving = card.request.moving as { from?: unknown } | undefined;
  return say("PutBack", { name: _record.name, area: areaName(card, moving?.from) });
}

function doorNow(record: ChangeRecord): string {
  return say("Door", { door: record.label ?? "", state: record.shown?.after ?? "" });
}

export const UNHEX_PHRASING: RulesetPhrasing = {
  rows: [
    { key: budget("available"), on: "Combat", say: actionsLeft },
    { key: budget("owed"), on: "Combat", say: owed },
    { key: `flags.${SYSTEM_ID}.${ROUND_KEY}.order`, on: "Combat", say: (record) => (teams(record.after) ? say("TeamOrder", { order: teams(record.after) }) : null) },
    // The round a budget or an initiative was counted in, the team holding it (the order says it), places on the tracker: bookkeeping.
    { key: /^(flags\.|initiative$)/, on: "Combat", say: () => null },
    { key: /^(flags\.|initiative$)/, on: "Combatant", say: () => null },
    { key: /^[xy]$/, on: "Token", say: putBack },
    { key: "system.connections", on: "RegionBehavior", say: doorNow },
  ],
};

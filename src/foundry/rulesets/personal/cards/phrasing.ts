/**
 * Personal Combat's changes in the game's words: Resolve and the Fallen Fates by their sheet names,
 * Wounded said once with its status ("Ines is Wounded"), a Fallen Fate said once with its status
 * ("Bruno is Maimed"), and the Combat's bookkeeping left to the tracker.
 */
import type { RulesetPhrasing } from "../../../cards/phrasing.js";
import { statusLabel } from "../../../statuses/index.js";

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []);

export const PERSONAL_PHRASING: RulesetPhrasing = {
  rows: [
    { key: /.*/, on: "Combat", say: () => null },
    { key: /.*/, on: "Combatant", say: () => null },
    {
      // A fate taken with a status of its name is said by the status line; a fate without one (a GM's own) keeps its line.
      key: "system.fates",
      say: (record, card) => {
        const before = names(record.before);
        const taken = names(record.after).filter((fate) => !before.includes(fate));
        const shown = card.applied.filter((other) => other.kind === "status" && other.uuid === record.uuid && other.after).map((other) => statusLabel(other.key));
        const saidByStatus = taken.length > 0 && taken.every((fate) => shown.includes(fate)) && names(record.after).length === before.length + taken.length;
        if (saidByStatus) return null;
        // Said as what she took (or what is left), never as the stored list's before and after.
        const i18n = game.i18n!;
        if (taken.length && names(record.after).length === before.length + taken.length) return i18n.format("FRAY.Personal.Card.Say.FateTaken", { name: record.name, fates: taken.join(", ") });
        const left = names(record.after);
        return i18n.format("FRAY.Personal.Card.Say.FatesNow", { name: record.name, fates: left.length ? left.join(", ") : i18n.localize("FRAY.Personal.Card.Say.NoFates") });
      },
    },
  ],
};

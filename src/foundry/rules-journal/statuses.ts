/**
 * Each status Fray puts on a token points at the rules page that explains it: the status entry's
 * `reference` (the page's UUID, the key dnd5e and other systems use for the same thing), its
 * description (an @UUID link, which the effect keeps when the status is set), and a link in the
 * token HUD's tooltip. The page is the world's ruleset's when it explains the status, else the
 * first other ruleset's that does.
 */
import { CORE_STATUS, FRAY_STATUS } from "../statuses/index.js";
import { lookUpRule } from "./pack.js";
import type { RuleLink } from "./terms.js";

/** The rules term each status is explained under (the words the rules pages use). */
export const STATUS_RULE_TERMS: Readonly<Record<string, string>> = {
  [CORE_STATUS.dead.id]: "Dead",
  [CORE_STATUS.unconscious.id]: "Unconscious",
  [CORE_STATUS.prone.id]: "Prone",
  [CORE_STATUS.bleeding.id]: "Bleeding",
  [FRAY_STATUS.dying.id]: "Dying",
  [FRAY_STATUS.stabilised.id]: "Stabilised",
  [FRAY_STATUS.surrendered.id]: "Surrendered",
  [FRAY_STATUS.yieldedOut.id]: "Yielded out",
  [FRAY_STATUS.fightsOn.id]: "Fights on",
  [FRAY_STATUS.blown.id]: "Blown",
  [FRAY_STATUS.disadvantaged.id]: "Disadvantaged",
  [FRAY_STATUS.doublyDisadvantaged.id]: "Doubly disadvantaged",
  [FRAY_STATUS.rightArmUseless.id]: "Right arm useless",
  [FRAY_STATUS.leftArmUseless.id]: "Left arm useless",
  [FRAY_STATUS.crawling.id]: "Crawling",
  [FRAY_STATUS.immobile.id]: "Immobile",
  [FRAY_STATUS.wounded.id]: "Wounded",
  [FRAY_STATUS.maimed.id]: "Maimed",
  [FRAY_STATUS.brokenGear.id]: "Broken Gear",
  [FRAY_STATUS.captured.id]: "Captured",
  [FRAY_STATUS.shaken.id]: "Shaken",
  [FRAY_STATUS.fallenFate.id]: "Fallen Fate",
  [FRAY_STATUS.waiting.id]: "Waiting",
  [FRAY_STATUS.incapacitated.id]: "Incapacitated",
  [FRAY_STATUS.grappled.id]: "Grappled",
  [FRAY_STATUS.disarmed.id]: "Disarmed",
  [FRAY_STATUS.distracted.id]: "Distracted",
  [FRAY_STATUS.evading.id]: "Evading",
  [FRAY_STATUS.goaded.id]: "Goaded",
  [FRAY_STATUS.hidden.id]: "Hidden",
  [FRAY_STATUS.parrying.id]: "Parrying",
  [FRAY_STATUS.pushed.id]: "Pushed",
  [FRAY_STATUS.retreated.id]: "Retreated",
};

/** CONFIG.statusEffects' entry with the keys this module adds (v13 leaves `reference` to systems; creating the effect drops it). */
type StatusEntry = CONFIG.StatusEffect & { reference?: string; description?: string };

const links = new Map<string, RuleLink>();

/** The rules page a status links to, once linkStatusesToRules has run. */
export function statusRuleLink(statusId: string): RuleLink | undefined {
  return links.get(statusId);
}

/** Points each status Fray knows at its rules page; a status no page explains is left as it was. */
export async function linkStatusesToRules(): Promise<void> {
  links.clear();
  for (const status of CONFIG.statusEffects as StatusEntry[]) {
    const term = STATUS_RULE_TERMS[status.id];
    const link = term ? await lookUpRule(term) : null;
    if (!link) continue;
    links.set(status.id, link);
    status.reference = link.uuid;
    // The effect made from the status keeps its description, so its sheet links the rules too; a module's own description stays.
    if (!status.description || status.description.includes("fray-rule")) {
      const hash = link.anchor ? `#${link.anchor}` : "";
      status.description = `<p class="fray-rule">@UUID[${link.uuid}${hash}]{${link.pageName}}</p>`;
    }
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The token HUD's status icons (v13 templates/hud/token-hud.hbs: img.effect-control[data-status-id]
 * with data-tooltip-text): each linked status's tooltip gains its rules page, a content link a
 * middle click pins (v13 TooltipManager#_onLockTooltip) so it can be followed.
 */
export function linkHudStatuses(root: HTMLElement): void {
  const i18n = game.i18n!;
  for (const icon of root.querySelectorAll<HTMLElement>(".effect-control[data-status-id]")) {
    const link = links.get(icon.dataset.statusId ?? "");
    if (!link) continue;
    const title = icon.dataset.tooltipText ?? "";
    const hash = link.anchor ? ` data-hash="${escapeHtml(link.anchor)}"` : "";
    icon.dataset.tooltipHtml =
      `<strong>${escapeHtml(title)}</strong><br>` +
      `<a class="content-link fray-rule" draggable="true" data-link data-uuid="${escapeHtml(link.uuid)}" data-type="JournalEntryPage"${hash}>` +
      `<i class="fa-solid fa-book-open" inert></i>${escapeHtml(link.pageName)}</a><br>` +
      `<em>${escapeHtml(i18n.localize("FRAY.Rules.HudPin"))}</em>`;
    icon.dataset.rulesUuid = link.uuid;
  }
}

/**
 * The steps of a cavaliers card, each checked against the card's stored state and the requester
 * before anything changes: Defend (the target's owner), Apply and Undo (the winner's owner), the
 * GM's pick for an NPC at her Yield Limit. They run on the GM's client unless the requester may
 * change everything the step touches.
 */
import { atYieldLimit } from "../../../../core/tracks/yieldWounds.js";
import { isDyingNow } from "../../../../rules/cavaliers/actors.js";
import { checkDefence, offeredEntries, settleAttack } from "../../../../rules/cavaliers/exchange.js";
import { beats } from "../../../../rules/cavaliers/pool.js";
import { refuse } from "../../../../rules/cavaliers/refusal.js";
import { applySpend, validateSpend } from "../../../../rules/cavaliers/spend.js";
import type { AttackId, DefenceId, SuccessEntry } from "../../../../rules/cavaliers/tables.js";
import type { CardStep, Requester } from "../../../chat/card.js";
import { actorFrom, type AppliedChange, applyChanges, ownsActor, undoChanges } from "../../../chat/changes.js";
import { storedRolls, updateCard } from "../../../chat/render.js";
import { combatantState, FIELD_DEFAULTS, riposteEarned, specialtyOf, stateUpdate, tablesWith } from "./actors.js";
import { defencePool } from "./attack.js";
import { dataOf, type ExchangeData } from "./model.js";
import { readSentRoll } from "./roll.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Card.Refused.${key}`, data) : game.i18n!.localize(`FRAY.Card.Refused.${key}`));

function actorAt(uuid: string): Actor.Implementation {
  return actorFrom(uuid) ?? refuse(t("NoActor"));
}

function isAuthor(message: ChatMessage.Implementation, user: Requester): boolean {
  // Foundry's message.author is the User; a bare id (as stored) is read the same way.
  const author = message.author as { id?: string } | string | null;
  return (typeof author === "string" ? author : author?.id) === user.id;
}

/** The GM, or the author who owns every actor named. */
function mayRunHere(message: ChatMessage.Implementation, user: Requester, uuids: string[]): boolean {
  return user.isGM || (isAuthor(message, user) && uuids.every((uuid) => !uuid || ownsActor(uuid, user)));
}

function expectState(data: ExchangeData, ...states: ExchangeData["state"][]): void {
  if (!states.includes(data.state)) refuse(t("WrongStep", { state: data.state }));
}

/** The uuid of the side that won (the roller for a check). */
export function winnerUuid(data: ExchangeData): string {
  return data.winner === "defender" ? data.targetUuid : data.attackerUuid;
}

/** Who spends now: the winner, or the attacker whose attack lands after a defence without Negate. */
export function spenderUuid(data: ExchangeData): string {
  return data.state === "awaiting-landing" ? data.attackerUuid : winnerUuid(data);
}

/** The SP the one spending now has. */
export function spenderSp(data: ExchangeData): number {
  return data.state === "awaiting-landing" || data.winner !== "defender" ? data.attacker.sp : data.defender.sp;
}

const defend: CardStep = {
  local: (message, _payload, user) => mayRunHere(message, user, [dataOf(message).targetUuid]),
  async run(message, payload, user) {
    const data = dataOf(message);
    expectState(data, "awaiting-defence");
    if (!ownsActor(data.targetUuid, user)) refuse(t("NotTargetOwner"));
    const defence = String(payload.defence) as DefenceId;
    if (!data.defences.includes(defence)) refuse(t("NoDefence", { defence }));
    const target = actorAt(data.targetUuid);
    const { pool, dropParts } = defencePool(target, defence);
    checkDefence(data.attack as AttackId, defence, pool.some((die) => die.source === "item"));
    const reading = readSentRoll(target.name, pool, dropParts, payload.roll);
    const winner = beats(data.attacker.total, reading.total) ? "attacker" : "defender";
    const winnerSide = winner === "attacker" ? actorAt(data.attackerUuid) : target;
    const tableId = winner === "attacker" ? data.attack : defence;
    const specialty = winner === "attacker" ? (data.specialty ? specialtyOf(winnerSide, data.attack, data.specialty) : specialtyOf(winnerSide, tableId)) : specialtyOf(winnerSide, tableId);
    const { entries } = offeredEntries(winner, data.attack as AttackId, defence, combatantState(target), tablesWith(tableId, specialty));
    const rolls = payload.roll ? [...storedRolls(message), String(payload.roll)] : undefined;
    await updateCard(message, { state: "awaiting-spend", defence, defender: reading, winner, entries }, rolls);
  },
};

/** What the winner's purchases do to both actors, by the rules. */
function settle(data: ExchangeData, spend: string[], landingSpend: string[] = []) {
  const attacker = actorAt(data.attackerUuid);
  if (data.kind !== "attack") {
    // The entries were stored from the rules' SuccessEntry objects when the roll was read.
    const entries = data.entries as unknown as SuccessEntry[];
    const plan = validateSpend(entries, spend, data.attacker.sp, { role: "acting" });
    const result = applySpend(plan, combatantState(attacker), null);
    const statuses = [...result.buyerStatuses];
    if (result.surviveHours) statuses.push(game.i18n!.format("FRAY.Card.SurviveHours", { hours: String(result.surviveHours) }));
    if (result.regainConsciousness) statuses.push(game.i18n!.localize("FRAY.Card.RegainConsciousness"));
    return { changes: [{ uuid: attacker.uuid, update: stateUpdate(result.buyer, isDyingNow(result.buyer)) }], statuses, outCandidate: "" };
  }
  const target = actorAt(data.targetUuid);
  // Both sides' tables: the attacker's from her specialty item, the defender's from hers.
  const tables = { ...tablesWith(data.attack, specialtyOf(attacker, data.attack, data.specialty || undefined)), [data.defence]: tablesWith(data.defence, specialtyOf(target, data.defence))[data.defence]! };
  const settled = settleAttack({
    attack: data.attack as AttackId,
    defence: data.defence as DefenceId,
    attacker: combatantState(attacker),
    defender: combatantState(target),
    attackerTotal: data.attacker.total,
    attackerSp: data.attacker.sp,
    defenderTotal: data.defender.total,
    defenderSp: data.defender.sp,
    spend,
    landingSpend,
    tables,
  });
  const statuses = [
    ...settled.attackerStatuses.map((s) => `${s}: ${attacker.name}`),
    ...settled.defenderStatuses.map((s) => `${s}: ${target.name}`),
  ];
  const out = [settled.defender, settled.attacker].find((state) => state.type !== "pc" && atYieldLimit(state));
  return {
    changes: [
      { uuid: attacker.uuid, update: { ...stateUpdate(settled.attacker, isDyingNow(settled.attacker)), ...riposteEarned(settled.attackerStatuses) } },
      { uuid: target.uuid, update: { ...stateUpdate(settled.defender, isDyingNow(settled.defender)), ...riposteEarned(settled.defenderStatuses) } },
    ],
    statuses,
    outCandidate: out ? (out === settled.defender ? target.uuid : attacker.uuid) : "",
  };
}

const apply: CardStep = {
  local: (message, _payload, user) => mayRunHere(message, user, [dataOf(message).attackerUuid, dataOf(message).targetUuid]),
  async run(message, payload, user) {
    const data = dataOf(message);
    expectState(data, "awaiting-spend", "awaiting-landing");
    if (!ownsActor(spenderUuid(data), user)) refuse(t("NotWinnerOwner"));
    const picks = Array.isArray(payload.spend) ? payload.spend.map(String) : refuse(t("NoSpend"));
    const landing = data.state === "awaiting-landing";
    const spend = landing ? data.defenderSpend : picks;
    // Checks the purchases (and the SP) before anything is stored or changed.
    const settled = settle(data, spend, landing ? picks : []);
    const entries = data.entries as unknown as SuccessEntry[];
    const negates = spend.some((id) => entries.find((entry) => entry.id === id)?.effect.kind === "negate");
    if (data.kind === "attack" && !landing && data.winner === "defender" && !negates && data.attacker.sp > 0) {
      // No Negate: the attack lands anyway and the attacker spends her own SP before anything applies.
      const { entries: attackerEntries } = offeredEntries("attacker", data.attack as AttackId, data.defence as DefenceId, combatantState(actorAt(data.targetUuid)), tablesWith(data.attack, data.specialty ? specialtyOf(actorAt(data.attackerUuid), data.attack, data.specialty) : null));
      await updateCard(message, { state: "awaiting-landing", defenderSpend: spend, entries: attackerEntries });
      return;
    }
    const applied = await applyChanges(settled.changes, FIELD_DEFAULTS);
    await updateCard(message, { state: "applied", spend: landing ? [...data.defenderSpend, ...picks] : spend, statuses: settled.statuses, applied, outCandidate: settled.outCandidate });
  },
};

const undo: CardStep = {
  local: (message, _payload, user) => mayRunHere(message, user, [dataOf(message).attackerUuid, dataOf(message).targetUuid]),
  async run(message, _payload, user) {
    const data = dataOf(message);
    expectState(data, "applied");
    if (!user.isGM && !ownsActor(winnerUuid(data), user)) refuse(t("NotWinnerOwner"));
    // Later changes are undone first, so a field changed twice ends at its first before-value.
    // `applied` holds the AppliedChange records applyChanges returned.
    await undoChanges([...(data.applied as unknown as AppliedChange[])].reverse());
    await updateCard(message, { state: "undone", out: "" });
  },
};

const out: CardStep = {
  local: (_message, _payload, user) => user.isGM,
  async run(message, payload, user) {
    const data = dataOf(message);
    expectState(data, "applied");
    if (!user.isGM) refuse(t("GMOnly"));
    if (!data.outCandidate || data.out) refuse(t("WrongStep", { state: data.state }));
    const choice = String(payload.choice);
    if (choice !== "surrender" && choice !== "knocked-out") refuse(t("NoChoice", { choice }));
    const applied = await applyChanges([{ uuid: data.outCandidate, update: { "flags.fray.out": choice } }], FIELD_DEFAULTS);
    await updateCard(message, { out: choice, applied: [...data.applied, ...applied] });
  },
};

export const STEPS: Record<string, CardStep> = { defend, apply, undo, out };

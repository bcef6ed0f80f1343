/**
 * The cavaliers exchange card: what each state shows, which buttons which viewer sees, and what a
 * click does on her client before the step runs (here or on the GM's client, queries/index.ts).
 */
import type { DefenceId } from "../../../../rules/cavaliers/tables.js";
import type { CardDefinition, Requester } from "../../../chat/card.js";
import { actorFrom, type AppliedChange, ownsActor } from "../../../chat/changes.js";
import { rollFrom } from "../../../dice/index.js";
import { runStep } from "../../../queries/index.js";
import { templatePath } from "../../../system.js";
import { defencePool } from "./attack.js";
import { postCheck } from "./check.js";
import { CARD_TYPE, dataOf, type ExchangeData, type ReadingData } from "./model.js";
import { rollPool } from "./roll.js";
import { spenderSp, spenderUuid, STEPS, winnerUuid } from "./steps.js";

const loc = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Card.${key}`, data) : game.i18n!.localize(`FRAY.Card.${key}`));

/** Purchases picked on this client and not yet applied, per card. */
const PENDING = new Map<string, string[]>();

export function pendingSpend(messageId: string): string[] {
  return PENDING.get(messageId) ?? [];
}

function entryCost(data: ExchangeData, id: string): number {
  return Number(data.entries.find((entry) => entry.id === id)?.cost ?? 0);
}

function spentOf(data: ExchangeData, picks: readonly string[]): number {
  return picks.reduce((sum, id) => sum + entryCost(data, id), 0);
}

function readingView(reading: ReadingData) {
  const drops = Object.entries(reading.dropParts)
    .filter(([, n]) => n > 0)
    .map(([part, n]) => loc(`Drop.${part}`, { n: String(n) }));
  return { ...reading, dice: reading.kept.map((sides, i) => ({ sides, face: reading.faces[i] ?? 0 })), drops: drops.join(", "), poolText: reading.pool.map((s) => `d${s}`).join(" ") };
}

function fieldLabel(path: string): string {
  return loc(`Field.${path.split(".").filter((p) => p !== "system" && p !== "value" && p !== "flags" && p !== "fray").join("-")}`);
}

function context(system: Record<string, unknown>): Record<string, unknown> {
  // The context is built from stored card data, which has ExchangeData's shape (model.ts).
  const data = system as unknown as ExchangeData;
  const winner = data.winner === "attacker" ? data.attacker.name : data.winner === "defender" ? data.defender.name : "";
  // `applied` holds the AppliedChange records applyChanges returned.
  const applied = data.applied as unknown as AppliedChange[];
  const title = data.kind === "attack" ? loc(`Attack.${data.attack}`) : loc(`Kind.${data.kind}`);
  return {
    ...data,
    title,
    stateLabel: loc(`State.${data.state}`),
    attackerView: readingView(data.attacker),
    defenderView: readingView(data.defender),
    defenceLabel: data.defence ? loc(`Defence.${data.defence}`) : "",
    defenceButtons: data.defences.map((id) => ({ id, label: loc(`Defence.${id}`) })),
    winnerName: winner,
    winnerLine: winner ? loc("Wins", { name: winner }) : "",
    awaitingDefence: data.state === "awaiting-defence",
    awaitingSpend: data.state === "awaiting-spend" || data.state === "awaiting-landing",
    landingLine: data.state === "awaiting-landing" ? loc("Lands", { name: data.attacker.name }) : "",
    applied: data.state === "applied",
    undone: data.state === "undone",
    closed: data.state === "closed",
    sp: spenderSp(data),
    entryRows: data.entries.map((entry) => ({ id: String(entry.id), name: String(entry.name), cost: Number(entry.cost), repeatable: Boolean(entry.repeatable) })),
    spendText: summarize(data.spend, data),
    changes: applied.flatMap((change) => change.fields.map((f) => ({ name: change.name, field: fieldLabel(f.path), before: String(f.before), after: String(f.after) }))),
    dyingUuids: applied.filter((c) => c.fields.some((f) => f.path === "flags.fray.dying" && f.after === true)).map((c) => c.uuid),
    outLabel: data.out ? loc(`Out.${data.out}`) : "",
    outPending: data.state === "applied" && !!data.outCandidate && !data.out,
  };
}

function summarize(picks: readonly string[], data: ExchangeData): string {
  const counts = new Map<string, number>();
  for (const id of picks) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n]) => `${String(data.entries.find((e) => e.id === id)?.name ?? id)}${n > 1 ? ` ×${n}` : ""}`).join(", ");
}

/** Shows this client's picks, their running total and which entries can still be bought. */
function refreshSpend(message: ChatMessage.Implementation, root: ParentNode): void {
  const data = dataOf(message);
  const picks = pendingSpend(message.id!);
  const sp = spenderSp(data);
  const spent = spentOf(data, picks);
  const total = root.querySelector<HTMLElement>("[data-spend-total]");
  if (total) total.textContent = loc("Spent", { spent: String(spent), sp: String(sp) });
  for (const row of root.querySelectorAll<HTMLElement>("[data-entry]")) {
    const id = row.dataset.entry ?? "";
    const count = picks.filter((p) => p === id).length;
    const counter = row.querySelector<HTMLElement>("[data-count]");
    if (counter) counter.textContent = String(count);
    const entry = data.entries.find((e) => e.id === id);
    const buy = row.querySelector<HTMLButtonElement>("[data-fray-action='buy']");
    if (buy) buy.disabled = !entry || spent + Number(entry.cost) > sp || (!entry.repeatable && count > 0);
    const unbuy = row.querySelector<HTMLButtonElement>("[data-fray-action='unbuy']");
    if (unbuy) unbuy.disabled = count === 0;
  }
}

const owns = (uuid: string, user: Requester) => !!uuid && ownsActor(uuid, user);

function visibleState(state: ExchangeData["state"] | ExchangeData["state"][], who: (data: ExchangeData, user: Requester) => boolean) {
  const states = Array.isArray(state) ? state : [state];
  return (message: ChatMessage.Implementation, user: Requester) => {
    const data = dataOf(message);
    return states.includes(data.state) && who(data, user);
  };
}

const SPENDING: ExchangeData["state"][] = ["awaiting-spend", "awaiting-landing"];
const spender = (data: ExchangeData, user: Requester) => owns(spenderUuid(data), user);

const winnerOwner = (data: ExchangeData, user: Requester) => owns(winnerUuid(data), user);

export const CAVALIERS_EXCHANGE_CARD: CardDefinition = {
  type: CARD_TYPE,
  template: templatePath("chat/cavaliers-exchange.hbs"),
  context,
  steps: STEPS,
  actions: {
    defend: {
      visible: visibleState("awaiting-defence", (data, user) => owns(data.targetUuid, user)),
      async click(message, button) {
        const data = dataOf(message);
        const target = actorFrom(data.targetUuid);
        if (!target) return;
        const defence = (button.dataset.defence ?? "") as DefenceId;
        const { pool, dropParts } = defencePool(target, defence);
        const { roll } = await rollPool(target.name, pool, dropParts);
        // Dice So Nice animates the rolls of new messages; this roll joins an existing one, so ask it directly.
        const dice3d = (game as { dice3d?: { showForRoll(roll: Roll.Any, user: User.Implementation, synchronize: boolean): Promise<boolean> } }).dice3d;
        if (roll && dice3d) await dice3d.showForRoll(rollFrom(roll), game.user!, true);
        await runStep(message, "defend", { defence, roll });
      },
    },
    buy: {
      visible: visibleState(SPENDING, spender),
      async click(message, button) {
        const id = button.closest<HTMLElement>("[data-entry]")?.dataset.entry ?? "";
        PENDING.set(message.id!, [...pendingSpend(message.id!), id]);
        refreshSpend(message, button.closest(".fray-card") ?? document);
      },
    },
    unbuy: {
      visible: visibleState(SPENDING, spender),
      async click(message, button) {
        const id = button.closest<HTMLElement>("[data-entry]")?.dataset.entry ?? "";
        const picks = [...pendingSpend(message.id!)];
        const at = picks.lastIndexOf(id);
        if (at >= 0) picks.splice(at, 1);
        PENDING.set(message.id!, picks);
        refreshSpend(message, button.closest(".fray-card") ?? document);
      },
    },
    apply: {
      visible: visibleState(SPENDING, spender),
      async click(message) {
        const result = await runStep(message, "apply", { spend: pendingSpend(message.id!) });
        if (result.ok) PENDING.delete(message.id!);
      },
    },
    undo: {
      visible: visibleState("applied", (data, user) => user.isGM || winnerOwner(data, user)),
      async click(message) {
        await runStep(message, "undo");
      },
    },
    out: {
      visible: visibleState("applied", (data, user) => user.isGM && !!data.outCandidate && !data.out),
      async click(message, button) {
        await runStep(message, "out", { choice: button.dataset.choice ?? "" });
      },
    },
    survival: {
      visible: (message) => dataOf(message).state === "applied",
      async click(_message, button) {
        const actorUuid = button.dataset.actor ?? "";
        await postCheck({ actorUuid, kind: "survival", opposition: "moderate", combined: [], useAdvantage: false, assists: [] });
      },
    },
  },
  waitsOnGM(message, user) {
    const data = dataOf(message);
    if (data.state === "awaiting-defence") return owns(data.targetUuid, user) && !STEPS.defend!.local(message, {}, user);
    if (SPENDING.includes(data.state)) return spender(data, user) && !STEPS.apply!.local(message, {}, user);
    if (data.state === "applied") return winnerOwner(data, user) && !STEPS.undo!.local(message, {}, user);
    return false;
  },
  activate(message, html) {
    const card = html.querySelector(".fray-card");
    if (card && SPENDING.includes(dataOf(message).state)) refreshSpend(message, card);
    // A Survival button is for the owner of the dying actor it names.
    const user = game.user!;
    for (const button of html.querySelectorAll<HTMLElement>("[data-fray-action='survival']")) {
      if (!owns(button.dataset.actor ?? "", { id: user.id, isGM: user.isGM })) button.remove();
    }
  },
};

import { withNotice } from "../../../chat/notice.js";
import { woundDropOn } from "../../../../rules/cavaliers/actors.js";
import { stepDownAdvantage } from "../../../../rules/cavaliers/advantage.js";
import { planTurn } from "../../../../rules/cavaliers/combined.js";
import { beats, buildPool, oppositionPool, type PoolSpec } from "../../../../rules/cavaliers/pool.js";
import { refuse } from "../../../../rules/cavaliers/refusal.js";
import { FLOURISH_OPPOSITION, type OppositionLevel, STANDARD_OPPOSITION, STYLE_ENTRY, SUCCESS_TABLES, SURVIVAL_OPPOSITION, type SuccessEntry } from "../../../../rules/cavaliers/tables.js";
import { actorFrom, ownsActor } from "../../../chat/changes.js";
import { createCard } from "../../../chat/render.js";
import type { CheckKind, CheckRequest } from "../requests.js";
import { cavaliersSystem, combatantState, poolSpec, specialtyOf } from "./actors.js";
import { emptyReading } from "./attack.js";
import { CARD_TYPE, type ExchangeData } from "./model.js";
import { rollPool } from "./roll.js";

/** Use a Skill buys only what needs no opponent here; Flourish buys Style; Survival its own table. */
const SELF_EFFECTS = ["increase-advantage", "gain-style", "reduce-yield"];

function entriesFor(kind: CheckKind): SuccessEntry[] {
  if (kind === "flourish") return [STYLE_ENTRY];
  if (kind === "survival") return [...(SUCCESS_TABLES.survival?.entries ?? [])];
  return (SUCCESS_TABLES["non-combat"]?.entries ?? []).filter((entry) => SELF_EFFECTS.includes(entry.effect.kind));
}

function oppositionOf(request: CheckRequest): OppositionLevel {
  if (request.kind === "flourish") return FLOURISH_OPPOSITION;
  if (request.kind === "survival") return SURVIVAL_OPPOSITION;
  if (!(request.opposition in STANDARD_OPPOSITION)) refuse(game.i18n!.format("FRAY.Card.Refused.NoOpposition", { level: String(request.opposition) }));
  return request.opposition;
}

/**
 * A roll against Standard Opposition (Use a Skill, Flourish, Survival): the roller's pool and the
 * opposition's three dice, both through Foundry's Roll API, on one card; on a success the roller
 * spends her SP from the card.
 */
export async function postCheck(request: CheckRequest): Promise<ChatMessage.Implementation | undefined> {
  return withNotice(() => check(request));
}

async function check(request: CheckRequest): Promise<ChatMessage.Implementation | undefined> {
  const actor = actorFrom(request.actorUuid) ?? refuse(game.i18n!.localize("FRAY.Card.Refused.NoActor"));
  const system = cavaliersSystem(actor);
  const user = game.user!;
  if (!ownsActor(actor.uuid, { id: user.id, isGM: user.isGM })) refuse(game.i18n!.format("FRAY.Card.Refused.NotOwner", { name: actor.name }));
  const state = combatantState(actor);
  if (request.useAdvantage && state.advantage === 0) refuse(game.i18n!.format("FRAY.Card.Refused.NoAdvantage", { name: actor.name }));
  const level = oppositionOf(request);
  const specialty = request.kind === "survival" ? null : specialtyOf(actor, request.kind, request.specialtyItemId);
  const skill = specialty?.system.action ?? request.kind;
  // The Survival roll is Verve and the competency die only.
  const base: PoolSpec = request.kind === "survival" ? { attribute: system.attributes.verve, competency: system.competency } : poolSpec(actor, specialty, 0);
  const spec: PoolSpec = { ...base, ...(request.useAdvantage ? { advantage: state.advantage } : {}), assists: request.assists };
  const dropParts = { wounds: woundDropOn(state, skill), combined: planTurn({ rolled: [skill], combined: request.combined }).drop, extra: request.extraDrop ?? 0 };
  const rolled = await rollPool(actor.name, buildPool(spec), dropParts);
  const sides = STANDARD_OPPOSITION[level];
  const opposed = sides ? await rollPool(game.i18n!.localize(`FRAY.Card.Opposition.${level}`), oppositionPool(sides), {}) : null;
  if (request.useAdvantage) await actor.update({ system: { advantage: stepDownAdvantage(state.advantage) } });
  const success = !opposed || beats(rolled.reading.total, opposed.reading.total);
  const data: ExchangeData = {
    kind: request.kind,
    state: success ? "awaiting-spend" : "closed",
    attackerUuid: actor.uuid,
    targetUuid: "",
    attack: "",
    specialty: specialty?.id ?? "",
    defences: [],
    defence: "",
    opposition: level,
    attacker: rolled.reading,
    defender: opposed?.reading ?? { ...emptyReading(), name: game.i18n!.localize(`FRAY.Card.Opposition.${level}`) },
    winner: success ? "attacker" : "defender",
    entries: success ? entriesFor(request.kind).map((entry) => ({ ...entry })) : [],
    spend: [],
    defenderSpend: [],
    statuses: [],
    applied: [],
    out: "",
    outCandidate: "",
  };
  const rolls = [rolled.roll, opposed?.roll].filter((r): r is string => !!r);
  return createCard({ type: CARD_TYPE, system: { ...data }, rolls, speaker: ChatMessage.getSpeaker({ actor }), rollMode: request.rollMode });
}

import { withNotice } from "../../../chat/notice.js";
import { woundDropOn } from "../../../../rules/cavaliers/actors.js";
import { stepDownAdvantage } from "../../../../rules/cavaliers/advantage.js";
import { planTurn } from "../../../../rules/cavaliers/combined.js";
import { buildPool, type PoolDie } from "../../../../rules/cavaliers/pool.js";
import { aimDrop } from "../../../../rules/cavaliers/range.js";
import { refuse } from "../../../../rules/cavaliers/refusal.js";
import { type AttackId, DEFENCES_AGAINST, type DefenceId } from "../../../../rules/cavaliers/tables.js";
import { actorFrom, ownsActor } from "../../../chat/changes.js";
import { createCard } from "../../../chat/render.js";
import type { AttackRequest } from "../requests.js";
import { cavaliersSystem, combatantState, defenceItemDie, poolSpec, riposteReady, specialtyOf, weaponOf } from "./actors.js";
import { CARD_TYPE, type ExchangeData, type ReadingData } from "./model.js";
import { rollPool } from "./roll.js";

const EMPTY_READING: ReadingData = { rolled: false, name: "", pool: [], drop: 0, dropParts: {}, kept: [], faces: [], total: 0, sp: 0 };

export function emptyReading(): ReadingData {
  return { ...EMPTY_READING, pool: [], dropParts: {}, kept: [], faces: [] };
}

/** Range band and cover Drop: only Aim fires into another Area; the others need the same Area. */
function rangeDrops(request: AttackRequest, weapon: ReturnType<typeof weaponOf>): Record<string, number> {
  const range = request.range ?? 0;
  const cover = request.cover ?? 0;
  if (request.attack !== "aim") {
    if (range > 0) refuse(game.i18n!.format("FRAY.Card.Refused.SameArea", { attack: request.attack }));
    return {};
  }
  const drops = weapon?.system.rangeDrops ?? { close: 0, short: 0, medium: 0, long: 0 };
  const reading = aimDrop(range, drops, cover);
  return { range: reading.rangeDrop, cover: reading.coverDrop };
}

/** The defender's pool for a defence, with her Wound Drop. */
export function defencePool(target: Actor.Implementation, defence: DefenceId): { pool: PoolDie[]; dropParts: Record<string, number> } {
  const specialty = specialtyOf(target, defence);
  const pool = buildPool(poolSpec(target, specialty, defenceItemDie(target, defence)));
  return { pool, dropParts: { wounds: woundDropOn(combatantState(target), defence) } };
}

/**
 * Builds the attacker's pool from her actor and items, applies every Drop, rolls and posts the
 * exchange card. Bad input is refused with a notification and posts nothing.
 */
export async function postAttack(request: AttackRequest): Promise<ChatMessage.Implementation | undefined> {
  return withNotice(() => attack(request));
}

async function attack(request: AttackRequest): Promise<ChatMessage.Implementation | undefined> {
  const attacker = actorFrom(request.attackerUuid);
  const target = actorFrom(request.targetUuid);
  if (!attacker || !target) refuse(game.i18n!.localize("FRAY.Card.Refused.NoActor"));
  cavaliersSystem(attacker);
  cavaliersSystem(target);
  const user = game.user!;
  if (!ownsActor(attacker.uuid, { id: user.id, isGM: user.isGM })) refuse(game.i18n!.format("FRAY.Card.Refused.NotOwner", { name: attacker.name }));
  if (!(request.attack in DEFENCES_AGAINST)) refuse(game.i18n!.format("FRAY.Card.Refused.NoAttack", { attack: request.attack }));
  const attackId: AttackId = request.attack;
  if (attackId === "riposte" && !riposteReady(attacker)) refuse(game.i18n!.format("FRAY.Card.Refused.NoRiposte", { name: attacker.name }));
  const state = combatantState(attacker);
  if (request.useAdvantage && state.advantage === 0) refuse(game.i18n!.format("FRAY.Card.Refused.NoAdvantage", { name: attacker.name }));
  const specialty = specialtyOf(attacker, attackId, request.specialtyItemId);
  const weapon = weaponOf(attacker, request.weaponItemId);
  const spec = { ...poolSpec(attacker, specialty, weapon?.system.itemDie ?? 0), ...(request.useAdvantage ? { advantage: state.advantage } : {}), assists: request.assists };
  const dropParts: Record<string, number> = {
    wounds: woundDropOn(state, attackId),
    combined: planTurn({ rolled: [attackId], combined: request.combined }).drop,
    ...rangeDrops(request, weapon),
    extra: request.extraDrop ?? 0,
  };
  const pool = buildPool(spec);
  const { reading, roll } = await rollPool(attacker.name, pool, dropParts);
  if (request.useAdvantage) await attacker.update({ system: { advantage: stepDownAdvantage(state.advantage) } });
  if (attackId === "riposte") await attacker.setFlag("fray", "riposte", false);
  const system: ExchangeData = {
    kind: "attack",
    state: "awaiting-defence",
    attackerUuid: attacker.uuid,
    targetUuid: target.uuid,
    attack: attackId,
    specialty: specialty?.id ?? "",
    defences: [...DEFENCES_AGAINST[attackId]],
    defence: "",
    opposition: "",
    attacker: reading,
    defender: { ...emptyReading(), name: target.name },
    winner: "",
    entries: [],
    spend: [],
    defenderSpend: [],
    statuses: [],
    applied: [],
    out: "",
    outCandidate: "",
  };
  return createCard({ type: CARD_TYPE, system: { ...system }, rolls: roll ? [roll] : [], speaker: ChatMessage.getSpeaker({ actor: attacker }), rollMode: request.rollMode });
}

/**
 * The cavaliers roll flow the sheet buttons, dialogs and macros call: each request becomes a card
 * opened through the card engine (rolled here, posted by the GM). Returns the posted message, or
 * undefined when the request was refused (the user was told why).
 */
import { openCard, type OpenCard } from "../../../cards/index.js";
import type { AttackRequest, CheckRequest } from "../requests.js";

function posted(answer: { ok: boolean; value?: unknown }): ChatMessage.Implementation | undefined {
  return answer.ok && typeof answer.value === "string" ? game.messages?.get(answer.value) : undefined;
}

/** The card an attack request opens. */
export function attackCard(request: AttackRequest): OpenCard {
  const refs = {
    attacker: request.attackerTokenUuid ? { actor: request.attackerUuid, token: request.attackerTokenUuid } : { actor: request.attackerUuid },
    defender: request.targetTokenUuid ? { actor: request.targetUuid, token: request.targetTokenUuid } : { actor: request.targetUuid },
  };
  return {
    kind: "cavaliers.attack",
    refs,
    request: {
      attack: request.attack,
      specialty: request.specialtyItemId ?? "",
      weapon: request.weaponItemId ?? "",
      combined: request.combined,
      useAdvantage: request.useAdvantage,
      assists: request.assists,
      ...(request.extraDrop !== undefined ? { extraDrop: request.extraDrop } : {}),
      ...(request.range !== undefined ? { range: request.range } : {}),
      ...(request.cover !== undefined ? { cover: request.cover } : {}),
    },
    ...(request.rollMode ? { rollMode: request.rollMode } : {}),
  };
}

export async function postAttack(request: AttackRequest): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(attackCard(request)));
}

/** The card a roll against Standard Opposition opens. */
export function checkCard(request: CheckRequest): OpenCard {
  const pool = {
    specialty: request.specialtyItemId ?? "",
    combined: request.combined,
    assists: request.assists,
    ...(request.extraDrop !== undefined ? { extraDrop: request.extraDrop } : {}),
  };
  return {
    kind: `cavaliers.${request.kind}`,
    refs: { actor: { actor: request.actorUuid } },
    request: request.kind === "skill" ? { ...pool, opposition: request.opposition } : request.kind === "flourish" ? pool : {},
    ...(request.rollMode ? { rollMode: request.rollMode } : {}),
  };
}

export async function postCheck(request: CheckRequest): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard(checkCard(request)));
}

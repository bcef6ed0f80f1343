/** The Personal Combat cards on the shared card engine, and how the sheet, dialogs and tracker open them. */
import { openCard, registerCardKind } from "../../../cards/index.js";
import type { CardRef } from "../../../cards/model.js";
import { PERSONAL_CARDS } from "./kinds.js";
import { registerPhrasing } from "../../../cards/phrasing.js";
import { PERSONAL_PHRASING } from "./phrasing.js";

export { PERSONAL_CARDS } from "./kinds.js";

export function registerPersonalCards(): void {
  registerPhrasing("personal", PERSONAL_PHRASING);
  for (const kind of PERSONAL_CARDS) registerCardKind(kind);
  void foundry.applications.handlebars.loadTemplates([...new Set(PERSONAL_CARDS.map((kind) => kind.template))]);
}

/** An actor, through its token when it acts through one. */
export function refOf(actor: Actor.Implementation, token?: TokenDocument.Implementation | null): CardRef {
  return token ? { actor: actor.uuid, token: token.uuid } : { actor: actor.uuid };
}

function posted(answer: { ok: boolean; value?: unknown }): ChatMessage.Implementation | undefined {
  return answer.ok && typeof answer.value === "string" ? game.messages?.get(answer.value) : undefined;
}

export interface PersonalAttack {
  attacker: CardRef;
  target: CardRef;
  weapon: string;
  rollMode?: string;
}

/** Opens an attack card (the attacker's dice rolled here, the card posted by the GM); undefined when refused. */
export async function postAttack(attack: PersonalAttack): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: "personal.attack", refs: { attacker: attack.attacker, target: attack.target }, request: { weapon: attack.weapon }, ...(attack.rollMode ? { rollMode: attack.rollMode } : {}) }));
}

/** Opens a card about one character: a Rest, a Fallen Fate for damage from outside an attack, a declared turn. */
export async function postForCharacter(kind: "rest" | "fate" | "turn", character: CardRef, request: Record<string, unknown> = {}): Promise<ChatMessage.Implementation | undefined> {
  return posted(await openCard({ kind: `personal.${kind}`, refs: { character }, request }));
}

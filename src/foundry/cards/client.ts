/**
 * The clicking user's side of a card. She reads the actors as her client sees them, runs the rules
 * over the dice already rolled to learn which dice her step needs, rolls them through Foundry's
 * Roll API, and sends the step and the Roll to the active GM, who checks and does the rest
 * (gm.ts). Nothing here changes a document; a refusal comes back as a warning.
 */
import type { SizedFace } from "../../core/dice/source.js";
import { rollMissing } from "../dice/missing.js";
import { sizedFacesOf } from "../dice/roll.js";
import { type Answer, ask } from "../relay/index.js";
import { actorAt, tokenAt } from "./documents.js";
import { arrivedCardKind, type CardActors, type CardKind, prepareOpening, unknownKind } from "./kinds.js";
import { type CardRef, cardOf, withChoice } from "./model.js";
import { currentRollMode, isRollMode, rollerOf, type RollMode } from "./recipients.js";
import { registerEngineAction } from "./render.js";
import { rulesAction, rulesRequestOf } from "./resolve.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

export interface OpenCard {
  kind: string;
  refs: Record<string, CardRef>;
  request: Record<string, unknown>;
  /** The roll mode; by default this client's chat roll mode. */
  rollMode?: string;
}

function refused(reason: string): Answer {
  ui.notifications?.warn(reason);
  return { ok: false, reason };
}

function localActors(refs: Record<string, CardRef>): { actors: CardActors; tokens: Record<string, TokenDocument.Implementation | null> } | null {
  const actors: CardActors = {};
  const tokens: Record<string, TokenDocument.Implementation | null> = {};
  for (const [role, ref] of Object.entries(refs)) {
    const token = ref.token ? tokenAt(ref.token) : null;
    const actor = token?.actor ?? actorAt(ref.actor);
    if (!actor) return null;
    actors[role] = actor;
    tokens[role] = token;
  }
  return { actors, tokens };
}

/** Rolls what the rules ask for beyond `known`, or says why the step cannot be taken. */
async function rollFor(kind: CardKind, request: Record<string, unknown>, actors: CardActors, known: readonly SizedFace[]): Promise<{ roll: Roll | null } | { refusal: string }> {
  try {
    const rules = rulesRequestOf(kind, request, actors);
    const action = rulesAction(kind);
    const { roll } = await rollMissing(known, (tray) => action.resolve(rules, tray));
    return { roll };
  } catch (error) {
    return { refusal: error instanceof Error ? error.message : String(error) };
  }
}

/** Opens a card of a kind: rolls the opener's dice here and asks the GM to post it. */
export async function openCard(open: OpenCard): Promise<Answer> {
  const kind = await arrivedCardKind(open.kind);
  if (!kind) return refused(unknownKind(open.kind));
  const local = localActors(open.refs);
  if (!local) return refused(localize("FRAY.Card.Refused.NoActor"));
  let request: Record<string, unknown>;
  try {
    request = prepareOpening(kind, open.request, local.actors, local.tokens, game.user ?? undefined);
  } catch (error) {
    return refused(error instanceof Error ? error.message : String(error));
  }
  const rolled = await rollFor(kind, request, local.actors, []);
  if ("refusal" in rolled) return refused(rolled.refusal);
  const rollMode: RollMode = isRollMode(open.rollMode) ? open.rollMode : currentRollMode();
  return ask("card.open", { kind: kind.id, refs: open.refs, request: open.request, roll: rolled.roll ? JSON.stringify(rolled.roll.toJSON()) : null, rollMode });
}

/**
 * Dice So Nice shows a roll that joins an existing card (it animates only new messages by itself), as
 * privately as the card: a blind card's dice never to its roller, though she read the card before them.
 */
export async function showDice(message: ChatMessage.Implementation, roll: Roll): Promise<void> {
  const dice3d = (game as { dice3d?: { showForRoll(roll: Roll, user: User.Implementation, synchronize: boolean, whisper?: string[] | null, blind?: boolean): Promise<boolean> } }).dice3d;
  if (!dice3d) return;
  const card = cardOf(message);
  const roller = message.blind && card ? rollerOf(card) : null;
  const hiddenFrom = roller && !roller.isGM ? roller.id : null;
  const whisper = message.whisper.length ? message.whisper.filter((id): id is string => typeof id === "string" && id !== hiddenFrom) : null;
  await dice3d.showForRoll(roll, game.user!, true, whisper, message.blind);
}

/** Makes the choice the card awaits (rolling whatever dice it needs here) and sends it to the GM. */
export async function chooseOnCard(message: ChatMessage.Implementation, choice: string, value: unknown): Promise<Answer> {
  const card = cardOf(message);
  const kind = card ? await arrivedCardKind(card.kind) : undefined;
  if (!card || !kind) return refused(localize("FRAY.Card.Refused.NoCard"));
  const local = localActors(card.refs);
  if (!local) return refused(localize("FRAY.Card.Refused.NoActor"));
  // The GM rolls a step's dice himself where they are both sides' (kinds.ts, gmRolls): this client sends none.
  if (kind.gmRolls?.includes(choice)) return ask("card.choose", { message: message.id!, choice, value, roll: null });
  const known = message.rolls.flatMap((roll) => sizedFacesOf(roll));
  const rolled = await rollFor(kind, withChoice(card.request, choice, value), local.actors, known);
  if ("refusal" in rolled) return refused(rolled.refusal);
  if (rolled.roll) await showDice(message, rolled.roll);
  return ask("card.choose", { message: message.id!, choice, value, roll: rolled.roll ? JSON.stringify(rolled.roll.toJSON()) : null });
}

export function registerCardClient(): void {
  registerEngineAction("choose", (message, button) => chooseOnCard(message, button.dataset.frayChoice ?? "", button.dataset.frayValue ?? "").then(() => undefined));
  registerEngineAction("undo", (message) => ask("card.undo", { message: message.id! }).then(() => undefined));
  registerEngineAction("follow", (message, button) => ask("card.follow", { message: message.id!, step: button.dataset.frayStep ?? "", value: button.dataset.frayValue ?? "" }).then(() => undefined));
}

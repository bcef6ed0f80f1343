/**
 * The card steps as the active GM serves them (through the relay, one at a time). Each step reads
 * the asker from the relay (the user Foundry named), the card from the GM-authored message, and
 * the actors as they are now; it re-resolves the rules action from the card's request and the
 * message's dice, and only then posts, updates or applies. A player's payload is a request: every
 * value in it is checked, and none says who asks.
 */
import { DiceError, type SizedFace } from "../../core/dice/source.js";
import { RuleError } from "../../core/ruleError.js";
import type { Outcome } from "../../core/outcome.js";
import { rollMissing, rollOf } from "../dice/missing.js";
import { hasDiceApart, sizedFacesOf } from "../dice/roll.js";
import { MAX_REQUEST_CHARS, onRequest, Refused } from "../relay/index.js";
import { applyChanges, undoChanges } from "./changes.js";
import { actorAt, cardName, owns, ownsEvery, tokenAt, undoOwnersOf } from "./documents.js";
import { arrivedCardKind, GM_CHOOSER, type CardActors, type CardChange, type CardKind, prepareOpening, unknownKind } from "./kinds.js";
import { CARD_TYPE, type CardData, type CardRef, cardOf, type ChangeRecord, withChoice } from "./model.js";
import { cardRecipients, isRollMode, rollerOf } from "./recipients.js";
import { renderCardContent } from "./render.js";
import { speakerFor } from "./speaker.js";
import { resolveOver, rulesAction, rulesRequestOf, schemaProblem } from "./resolve.js";
import { showDice } from "./client.js";
import { CARD_HOOKS, callHook, callPreHook, type CardHookEvent, type CardStep, type PlannedChange } from "../api/hooks.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(localize(`FRAY.Card.Refused.${key}`, data));
};

/** Bounds on what a request may carry (with the relay's MAX_REQUEST_CHARS), so a forged one cannot make the GM's client work without end. */
const MAX_DICE_PER_ROLL = 100;

/** The dice of a roll a client sent (Roll JSON), checked: evaluated, plain dice only, a sane count. */
function diceOfSentRoll(sent: unknown): { json: string; dice: SizedFace[] } | null {
  if (sent === null || sent === undefined) return null;
  if (typeof sent !== "string" || sent.length > MAX_REQUEST_CHARS) refuse("BadRoll");
  let roll: Roll.Any;
  try {
    const data = JSON.parse(sent as string) as Record<string, unknown>;
    if (data?.evaluated !== true) refuse("BadRoll");
    if (hasDiceApart(data)) refuse("BadRoll");
    // Roll.fromData takes the JSON a client's Roll#toJSON made; anything else throws and is refused.
    roll = Roll.fromData(data as never);
  } catch (error) {
    if (error instanceof Refused) throw error;
    return refuse("BadRoll");
  }
  const dice = sizedFacesOf(roll);
  if (dice.length === 0 || dice.length > MAX_DICE_PER_ROLL) refuse("BadRoll");
  return { json: JSON.stringify(roll.toJSON()), dice };
}

/** The dice already on a card, in the order they were rolled. */
function diceOnMessage(message: ChatMessage.Implementation): SizedFace[] {
  return message.rolls.flatMap((roll) => sizedFacesOf(roll));
}

function storedRolls(message: ChatMessage.Implementation): string[] {
  return message.rolls.map((roll) => JSON.stringify(roll.toJSON()));
}

/** The speaker of a card that speaks for the whole fight: no actor, token or scene, only "The fight". */
function fightSpeaker(): ChatMessage.SpeakerData {
  return { scene: null, actor: null, token: null, alias: game.i18n!.localize("FRAY.Card.TheFight") };
}

/** A card's speaker under a name a card keeps (the alias is the actor's or token's name). */
function shortSpeaker<T extends { alias?: string | null | undefined }>(speaker: T): T {
  return { ...speaker, alias: cardName(speaker.alias) };
}

/** The card's actors that still exist, by role. */
function presentActors(refs: Record<string, CardRef>): CardActors {
  const actors: CardActors = {};
  for (const [role, ref] of Object.entries(refs)) {
    const actor = actorAt(ref.actor);
    if (actor) actors[role] = actor;
  }
  return actors;
}

/** The card's actors, each of the kind's ruleset; a missing one refuses the step. */
function actorsOf(kind: CardKind, refs: Record<string, CardRef>): CardActors {
  const actors = presentActors(refs);
  if (Object.keys(actors).length < Object.keys(refs).length) refuse("NoActor");
  return actors;
}

function plainObject(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The refs of an opening request, checked: known roles only, the opener's actor hers, the others visible to her. */
function checkRefs(kind: CardKind, raw: unknown, asker: User.Implementation): { refs: Record<string, CardRef>; actors: CardActors; tokens: Record<string, TokenDocument.Implementation | null> } {
  const given = plainObject(raw) ?? refuse("NoActor");
  const refs: Record<string, CardRef> = {};
  const actors: CardActors = {};
  const tokens: Record<string, TokenDocument.Implementation | null> = {};
  for (const [role, value] of Object.entries(given)) {
    if (!kind.roles.includes(role)) refuse("NoRole", { role: role.slice(0, 40) });
    const ref = plainObject(value) ?? refuse("NoActor");
    const token = ref.token === undefined ? null : (tokenAt(ref.token) ?? refuse("NoToken"));
    const actor = token ? token.actor : actorAt(ref.actor);
    if (!actor) return refuse("NoActor");
    if (role === kind.opener || kind.openBy === "every-role") {
      if (!owns(asker, actor)) refuse("NotOwner", { name: actor.name });
    } else if (!asker.isGM && !(token ? !token.hidden : actor.testUserPermission(asker, "LIMITED"))) {
      // A player may only name what she can see: a token that is not hidden, or an actor shown to her.
      refuse("NotVisible");
    }
    refs[role] = token ? { actor: actor.uuid, token: token.uuid } : { actor: actor.uuid };
    actors[role] = actor;
    tokens[role] = token;
  }
  if (!refs[kind.opener]) refuse("NoActor");
  return { refs, actors, tokens };
}

/** Where a hook is called from: the step, who asked, and the card's message once it has one. */
interface StepAt {
  step: CardStep;
  asker: User.Implementation;
  message: string | null;
}

function hookEvent(at: StepAt, kind: CardKind, card: CardData, extra: Partial<CardHookEvent> = {}): CardHookEvent {
  return { step: at.step, user: at.asker.id ?? "", message: at.message, kind: kind.id, ruleset: kind.ruleset, action: kind.action, card, outcome: card.outcome, ...extra };
}

/** What Apply is about to write, as plain values for the hooks (documents by uuid). */
function plannedChanges(changes: readonly CardChange[]): PlannedChange[] {
  return changes.map((change) => {
    const document = ("document" in change ? change.document : change.actor) as { uuid?: string | null; name?: unknown; documentName: string };
    const name = typeof document.name === "string" && document.name ? document.name : document.documentName;
    return { uuid: document.uuid ?? "", name, fields: { ...change.fields }, statuses: "statuses" in change ? { ...change.statuses } : {} };
  });
}

/** Applies changes between the apply hooks: a "pre" hook may stop it before anything is written. */
async function applyWithHooks(at: StepAt, kind: CardKind, card: CardData, changes: readonly CardChange[]): Promise<ChangeRecord[]> {
  if (changes.length === 0) return [];
  callPreHook(CARD_HOOKS.preApply, hookEvent(at, kind, card, { changes: plannedChanges(changes) }));
  const applied = await applyChanges(changes, defaultsOf(kind));
  callHook(CARD_HOOKS.apply, hookEvent(at, kind, card, { applied }));
  return applied;
}

/** The rules' outcome between the resolve hooks: a "pre" hook may stop the step before the rules run. */
function resolveWithHooks(at: StepAt, kind: CardKind, card: CardData, dice: readonly SizedFace[]): Outcome {
  callPreHook(CARD_HOOKS.preResolve, hookEvent(at, kind, { ...card, outcome: null }));
  const outcome = resolveOver(kind, card.rules, dice);
  callHook(CARD_HOOKS.resolve, hookEvent(at, kind, { ...card, outcome }));
  return outcome;
}

/** The changes of a complete outcome, applied; the card's state and records after it. */
async function settle(at: StepAt, kind: CardKind, card: CardData, outcome: Outcome, actors: CardActors): Promise<Partial<CardData>> {
  if (outcome.awaiting) return { state: "open" };
  const applied = await applyWithHooks(at, kind, { ...card, outcome }, kind.changes(outcome, actors, card.request));
  const notes = { ...card.notes, ...(kind.notesAfterApply?.(outcome, actors) ?? {}) };
  return { state: applied.length ? "applied" : "closed", applied, notes };
}

function defaultsOf(kind: CardKind): Record<string, unknown> {
  return kind.fieldDefaults ?? {};
}

/** The card's fields as update data; each object field replaces the stored one ("=="), never merges into it. */
function replacing(card: CardData): Record<string, unknown> {
  const { refs, request, rules, outcome, notes, ...rest } = card;
  return { ...rest, "==refs": refs, "==request": request, "==rules": rules, "==outcome": outcome, "==notes": notes };
}

async function writeCard(message: ChatMessage.Implementation, card: CardData, dice: readonly SizedFace[], rolls?: string[], whisper?: string[]): Promise<void> {
  const content = await renderCardContent(card, dice);
  // The card's data is its model's shape; fvtt-types cannot tie the run-time subtype to it.
  await message.update({ system: replacing(card), content, ...(rolls ? { rolls } : {}), ...(whisper ? { whisper } : {}) } as never);
}

/** Opens a card: checks the request, resolves it over the opener's roll, posts it as the GM. */
async function open(payload: Record<string, unknown>, asker: User.Implementation): Promise<string> {
  if (JSON.stringify(payload).length > MAX_REQUEST_CHARS) refuse("TooBig");
  const kind = typeof payload.kind === "string" ? await arrivedCardKind(payload.kind) : undefined;
  if (!kind) throw new Refused(unknownKind(payload.kind));
  if (kind.openBy === "gm" && !asker.isGM) refuse("GMOnly");
  const { refs, actors, tokens } = checkRefs(kind, payload.refs, asker);
  const request = prepareOpening(kind, plainObject(payload.request) ?? refuse("Malformed", { problem: "request" }), actors, tokens, asker);
  const sent = diceOfSentRoll(payload.roll);
  const rules = rulesRequestOf(kind, request, actors);
  const at: StepAt = { step: "open", asker, message: null };
  let card: CardData = { kind: kind.id, refs, request, rules, outcome: null, state: "open", applied: [], history: [{ choice: "open", by: kind.opener, user: asker.id ?? "" }], notes: {} };
  const outcome = resolveWithHooks(at, kind, card, sent?.dice ?? []);
  card = { ...card, outcome };
  card = { ...card, ...(await settle(at, kind, card, outcome, actors)) };
  const mode = isRollMode(payload.rollMode) ? payload.rollMode : "publicroll";
  const opener = actors[kind.opener]!;
  const token = tokens[kind.opener];
  const data = {
    type: CARD_TYPE,
    system: card,
    content: await renderCardContent(card, sent?.dice ?? []),
    rolls: sent ? [sent.json] : [],
    speaker: kind.speaker === "fight" ? fightSpeaker() : shortSpeaker(speakerFor(opener, token)),
    ...cardRecipients(mode, asker, Object.values(actors), (sent?.dice.length ?? 0) > 0),
  };
  // The card's data is its model's shape; fvtt-types cannot tie the run-time subtype to it.
  const message = await ChatMessage.create(data as never);
  if (message) await kind.opened?.(card, actors);
  return message?.id ?? refuse("NoCard");
}

/**
 * A card for a step the active GM served elsewhere (a roll of initiative from the tracker): the
 * kind's rules resolved over exactly these dice, posted closed, since what it decided is written by
 * the step itself. It shows every die and step as any card does, and Copy as request replays it.
 */
export async function postServedCard(kindId: string, refs: Record<string, CardRef>, request: Record<string, unknown>, dice: readonly SizedFace[], asker: User.Implementation, speaker?: Actor.Implementation | null): Promise<ChatMessage.Implementation | undefined> {
  const kind = (await arrivedCardKind(kindId)) ?? refuse("NoKind");
  const actors = actorsOf(kind, refs);
  const rules = rulesRequestOf(kind, request, actors);
  const served: CardData = { kind: kind.id, refs, request, rules, outcome: null, state: "closed", applied: [], history: [{ choice: "open", by: kind.opener, user: asker.id ?? "" }], notes: {} };
  const outcome = resolveWithHooks({ step: "served", asker, message: null }, kind, served, dice);
  const card: CardData = { ...served, outcome };
  const data = {
    type: CARD_TYPE,
    system: card,
    content: await renderCardContent(card),
    rolls: dice.length ? [JSON.stringify(rollOf(dice).toJSON())] : [],
    // Without a character of its own (the end of a fight, an initiative roll), a served card speaks for the fight.
    speaker: speaker && kind.speaker !== "fight" ? shortSpeaker(speakerFor(speaker)) : fightSpeaker(),
  };
  // The card's data is its model's shape; fvtt-types cannot tie the run-time subtype to it.
  return (await ChatMessage.create(data as never)) ?? undefined;
}

async function messageOf(payload: Record<string, unknown>): Promise<{ message: ChatMessage.Implementation; card: CardData; kind: CardKind }> {
  const message = typeof payload.message === "string" ? game.messages?.get(payload.message) : undefined;
  const card = message ? cardOf(message) : null;
  if (!message || !card) return refuse("NoCard");
  // A card is written by a GM; a message of this type from anyone else is not a card.
  if (!message.author?.isGM) refuse("NoCard");
  const kind = (await arrivedCardKind(card.kind)) ?? refuse("NoKind");
  return { message, card, kind };
}

/**
 * The dice a step asks for beyond those on the card, rolled here on the active GM (a kind's
 * `gmRolls`): the rules run over the card's dice and whatever more they ask for is rolled through
 * Foundry's Roll API, so no player's client picks a face of either side. A refusal by the rules
 * comes back as the reason; nothing is written.
 */
async function rollAsGm(message: ChatMessage.Implementation, kind: CardKind, rules: Record<string, unknown>, known: readonly SizedFace[]): Promise<{ json: string; dice: SizedFace[] } | null> {
  const action = rulesAction(kind);
  const problem = schemaProblem(action, rules);
  if (problem) refuse("Malformed", { problem });
  let rolled: { roll: Roll | null; dice: SizedFace[] };
  try {
    rolled = await rollMissing(known, (tray) => action.resolve(rules, tray));
  } catch (error) {
    if (error instanceof RuleError) throw new Refused(error.message);
    if (error instanceof DiceError) refuse("DiceDoNotFit", { reason: error.message });
    throw error;
  }
  if (!rolled.roll) return null;
  await showDice(message, rolled.roll);
  return { json: JSON.stringify(rolled.roll.toJSON()), dice: rolled.dice };
}

/** Adds a choice the card awaits (and the dice it needed), by the user whose choice it is. */
async function choose(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  if (JSON.stringify(payload).length > MAX_REQUEST_CHARS) refuse("TooBig");
  const { message, card, kind } = await messageOf(payload);
  if (card.state !== "open") refuse("WrongStep", { state: card.state });
  const actors = actorsOf(kind, card.refs);
  const known = diceOnMessage(message);
  // What the card waits for now, from the rules, not from the card's cache.
  const now = resolveOver(kind, rulesRequestOf(kind, card.request, actors), known);
  const awaiting = now.awaiting ?? refuse("WrongStep", { state: card.state });
  if (payload.choice !== awaiting.choice) refuse("NotAwaited", { choice: String(payload.choice).slice(0, 40) });
  // A choice the rules leave to the GM (by "gm": a ruling only she gives) is no actor's owner's.
  const chooser = awaiting.by === GM_CHOOSER ? null : (actors[awaiting.by] ?? null);
  if (awaiting.by === GM_CHOOSER ? !asker.isGM : !owns(asker, chooser)) refuse(awaiting.by === GM_CHOOSER ? "GMChoice" : "NotYourChoice", { name: chooser?.name ?? awaiting.by });
  // A blind roll's roller has not seen the dice on it: every choice made once a die is there is the GM's.
  const roller = rollerOf(card);
  if (message.blind && known.length > 0 && !asker.isGM && roller?.id === asker.id) refuse("BlindChoice", { name: chooser?.name ?? awaiting.by });
  const refusal = kind.checkChoice?.(awaiting.choice, payload.value, asker, card);
  if (refusal) throw new Refused(refusal);
  const request = withChoice(card.request, awaiting.choice, payload.value);
  const rules = rulesRequestOf(kind, request, actors);
  const gmRolled = kind.gmRolls?.includes(awaiting.choice) ?? false;
  if (gmRolled && payload.roll !== null && payload.roll !== undefined) refuse("GMRolls");
  const sent = gmRolled ? await rollAsGm(message, kind, rules, known) : diceOfSentRoll(payload.roll);
  const at: StepAt = { step: "choose", asker, message: message.id };
  let next: CardData = { ...card, request, rules, history: [...card.history, { choice: awaiting.choice, by: awaiting.by, user: asker.id ?? "" }] };
  const outcome = resolveWithHooks(at, kind, next, [...known, ...(sent?.dice ?? [])]);
  next = { ...next, outcome };
  next = { ...next, ...(await settle(at, kind, next, outcome, actors)) };
  // The first die on a blind card hides it from its roller from now on.
  const hidden = message.blind && roller && !roller.isGM && sent?.dice.length ? message.whisper.filter((id): id is string => typeof id === "string" && id !== roller.id) : undefined;
  await writeCard(message, next, [...known, ...(sent?.dice ?? [])], sent ? [...storedRolls(message), sent.json] : undefined, hidden);
}

/**
 * A player may take an applied card back only when she owns every actor it names and every document
 * it changed: a wound on another's character, a Combat's state (the GM's) and a victim's own wound
 * from another's attack are the GM's to undo. A kind may leave Undo to the GM alone.
 */
async function undo(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const { message, card, kind } = await messageOf(payload);
  if (card.state !== "applied") refuse("WrongStep", { state: card.state });
  if (!asker.isGM && (kind.undoBy === "gm" || !ownsEvery(asker, undoOwnersOf(card)))) refuse("NotYourUndo");
  const at: StepAt = { step: "undo", asker, message: message.id };
  callPreHook(CARD_HOOKS.preUndo, hookEvent(at, kind, card, { applied: card.applied }));
  await undoChanges(card.applied as ChangeRecord[], defaultsOf(kind), (record) => kind.describeChange?.(record)?.field ?? fieldLabel(record));
  const undone: CardData = { ...card, state: "undone" };
  await writeCard(message, undone, diceOnMessage(message));
  // An actor deleted since the card opened keeps nothing to take back: the hook sees those still here.
  if (kind.undone) await kind.undone(undone, presentActors(card.refs));
  callHook(CARD_HOOKS.undo, hookEvent(at, kind, undone, { applied: card.applied }));
}

/** A follow-up after Apply (its kind says who may take it). */
async function follow(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const { message, card, kind } = await messageOf(payload);
  if (card.state !== "applied") refuse("WrongStep", { state: card.state });
  const name = typeof payload.step === "string" ? payload.step : "";
  const step = kind.followUps && Object.hasOwn(kind.followUps, name) ? kind.followUps[name]! : refuse("NoStep", { step: name.slice(0, 40) });
  const value = typeof payload.value === "string" ? payload.value : "";
  const problem = step.check(card, value, asker);
  if (problem) throw new Refused(problem);
  const applied = await applyWithHooks({ step: "follow", asker, message: message.id }, kind, card, step.changes(card, value, actorsOf(kind, card.refs)));
  await writeCard(message, { ...card, applied: [...card.applied, ...applied], notes: { ...card.notes, ...step.note(value) } }, diceOnMessage(message));
}

/** A changed field in the players' words: its label from lang/en.json, else its path. */
export function fieldLabel(record: ChangeRecord): string {
  if (record.label) return record.label;
  const key = `FRAY.Card.Field.${record.key.replace(/^system\./, "").replace(/\.value$/, "").replace(/\./g, "-")}`;
  return game.i18n!.has(key) ? game.i18n!.localize(key) : record.key;
}

export const CARD_REQUESTS = { open, choose, undo, follow };

/**
 * On the active GM, inside a step it serves elsewhere (a tracker control that redirects an attack):
 * an open card given new refs and request, re-resolved over the dice already on it and written.
 * `check` sees the card as stored and refuses (throws) what the step may not change; the new refs'
 * actors must exist, and the rules must accept the new request over the same dice. A private card
 * is whispered to the new actors' owners too (v13 shows a whispered roll's content to its
 * recipients, ChatMessage#isContentVisible), a blind one still not to the player who rolled it.
 */
export async function rewriteOpenCard(messageId: unknown, check: (card: CardData, kind: CardKind) => { refs: Record<string, CardRef>; request: Record<string, unknown> }): Promise<void> {
  if (!game.user?.isGM) refuse("GMOnly");
  const { message, card, kind } = await messageOf({ message: messageId });
  if (card.state !== "open") refuse("WrongStep", { state: card.state });
  const { refs, request } = check(card, kind);
  const actors = actorsOf(kind, refs);
  const known = diceOnMessage(message);
  const rules = rulesRequestOf(kind, request, actors);
  const outcome = resolveOver(kind, rules, known);
  // A private card goes to whoever now has a choice on it as well (a blind one not to its roller once a die is on it).
  const roller = rollerOf(card) ?? game.user!;
  const sentTo = message.whisper.filter((id): id is string => typeof id === "string");
  const whisper = sentTo.length ? [...new Set([...sentTo, ...cardRecipients(message.blind ? "blindroll" : "gmroll", roller, Object.values(actors), known.length > 0).whisper])] : undefined;
  await writeCard(message, { ...card, refs, request, rules, outcome }, known, undefined, whisper);
}

/**
 * Opens a card on the active GM from inside a step it is already serving (a tracker request that
 * posts a card): straight to the engine, since asking through the relay would wait in the queue
 * behind the very step that asks. The card opens over no dice: its first roll must be a step.
 */
export async function openCardAsGm(open: { kind: string; refs: Record<string, CardRef>; request: Record<string, unknown>; rollMode?: string }): Promise<string> {
  if (!game.user?.isGM) return refuse("GMOnly");
  return CARD_REQUESTS.open({ ...open, roll: null }, game.user);
}

/**
 * On the active GM, inside a step it is already serving: a choice only a GM makes on an open card
 * (the declared attacks released when declarations close), with whatever dice it then needs rolled
 * here. Straight to the engine, as `openCardAsGm`, so it does not wait behind the step that asks.
 */
export async function chooseAsGm(messageId: string, choice: string, value: unknown): Promise<void> {
  if (!game.user?.isGM) refuse("GMOnly");
  const { message, card, kind } = await messageOf({ message: messageId });
  const sent = await rollAsGm(message, kind, rulesRequestOf(kind, withChoice(card.request, choice, value), actorsOf(kind, card.refs)), diceOnMessage(message));
  await choose({ message: messageId, choice, value, roll: sent?.json ?? null }, game.user!);
}

export function registerCardRequests(): void {
  for (const [name, handler] of Object.entries(CARD_REQUESTS)) onRequest(`card.${name}`, handler);
}

/**
 * The attack card. The attacker's owner opens it from the attack dialog; the GM fixes, from the
 * Combat Grid and the marks on the Combat, everything that makes the attack legal, Enhanced or
 * Impaired; the rules roll the damage die; a Precision Strike waits for the attacker's choice (an
 * extra die or a Maneuver, and a Push's direction). Apply queues the hit on the Combat for the end
 * of the round: nobody's Breath moves until then. Maneuvers' statuses and marks land at once.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { elevationEdge, isClosestInLane } from "../../../../rules/torchlight/grid.js";
import { MANEUVER_NAMES, type ManeuverName, SQUAD_SIZE } from "../../../../rules/torchlight/tables.js";
import { flag, oneOf, optionalInteger, optionalString } from "../../../cards/checks.js";
import { combatId, oneOf as oneOfField, optional, requestOf, text, whole, yesNo } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import { type CardData, cardOf } from "../../../cards/model.js";
import { templatePath } from "../../../system.js";
import { isDead, isIncapacitated, torchlightSystem, untrainedOffHand, weaponOf, weaponsOf } from "../actor-data.js";
import { asRules, compulsionsForAttack } from "../combat/compulsions.js";
import { engagedNow, type Fighter, placementsOf } from "../combat/fight.js";
import { squadKey, stateOf, statePath, type TorchlightCombatState } from "../combat/state.js";
import { attacksRolled, declaredNow, declaringSide, recordDeclaration, type DeclaringSide } from "../combat/declarations.js";
import { actorChange, effectFor, markFields } from "./apply.js";
import { type CardFight, combatDoc, fighterIn, fightOf, localize, placed, refuse } from "./common.js";
import { torchlightContext, torchlightHeadline } from "./view.js";
import { writeCombat } from "../../../combat/write.js";

/** Whether a mark of a "next round" Maneuver taken in `taken` counts in `round`. */
const nextRound = (taken: number | undefined, round: number): boolean => taken !== undefined && round === taken + 1;

/** A side-and-lane group the GM named a Squad, with three or more standing in it. */
function squadOf(fight: CardFight, fighter: Fighter): string | null {
  if (!fighter.cell) return null;
  const key = squadKey(fighter.side, fighter.cell.lane);
  const members = fight.fighters.filter((f) => f.side === fighter.side && f.cell?.lane === fighter.cell!.lane && !f.incapacitated);
  return fight.state.squads[key] && members.length >= SQUAD_SIZE ? key : null;
}

/** What the fight's state says about this attack (read on the GM): the situation and the grid it stands on. */
function situationOf(fight: CardFight, attacker: Fighter & { cell: NonNullable<Fighter["cell"]> }, target: Fighter & { cell: NonNullable<Fighter["cell"]> }, weaponKind: string): Record<string, unknown> {
  const { state, round } = fight;
  const marks = (id: string) => state.marks[id] ?? {};
  const called = state.called[attacker.id];
  const goaded = marks(attacker.id).goaded;
  const goader = goaded?.by ? fight.fighters.find((f) => f.id === goaded.by) : undefined;
  const elevation = elevationEdge(state.lanes.map((level) => ({ level })), attacker.cell.lane, target.cell.lane);
  const situation: Record<string, unknown> = {};
  if (marks(attacker.id).hidden) situation.hidden = true;
  if (called && called.on === target.id && round > called.round && weaponKind === "ranged") situation.calledShot = true;
  if (elevation !== 0) situation.elevation = elevation > 0 ? "above" : "below";
  if (Object.values(state.abilities).some((a) => a.round === round && a.ability === "intimidation" && a.on === attacker.id)) situation.intimidated = true;
  if (marks(attacker.id).grappled) situation.grappled = true;
  if (goaded && goader && nextRound(goaded.taken, round)) {
    if (goader.id === target.id) situation.goaded = "at-goader";
    else if (goader.cell && goader.cell.lane === target.cell.lane) situation.goaded = "at-other";
  }
  const distracted = marks(target.id).distracted;
  if (distracted && nextRound(distracted.taken, round)) situation.targetDistracted = true;
  const attackerSquad = squadOf(fight, attacker);
  if (attackerSquad) situation.squadAttack = true;
  else if (squadOf(fight, target)) situation.targetIsSquad = true;
  return situation;
}

/** Why a combatant may not act now (attack, a Maneuver, its stance ability), if it may not. */
export function mayAct(fight: CardFight, fighter: Fighter): void {
  const { state, round } = fight;
  const entry = state.initiative[fighter.id];
  if (entry && entry.actsFrom > round) refuse("Waiting", { name: fighter.name, round: String(entry.actsFrom) });
  if (state.retreated[fighter.id] !== undefined) refuse("Retreated", { name: fighter.name });
  if (fighter.incapacitated) refuse("Incapacitated", { name: fighter.name });
  if (fighter.playersTurn && state.phase !== "players") refuse("NotYourTurn", { name: fighter.name });
}

function prepare(raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> {
  const fight = fightOf(raw.combat);
  const attacker = placed(fighterIn(fight, actors, tokens, "attacker"));
  const target = placed(fighterIn(fight, actors, tokens, "target"));
  if (attacker.id === target.id) refuse("SelfTarget");
  torchlightSystem(actors.attacker!);
  torchlightSystem(actors.target!);
  mayAct(fight, attacker);
  // The dialog lists every fighter; a dead one is shown with this reason and cannot be attacked.
  if (isDead(actors.target!)) refuse("TargetDead", { name: target.name });
  if (fight.state.hits[attacker.id]) refuse("AttackedThisRound", { name: attacker.name });
  // A declaration cannot change: one attack a round, and none after she declared she is done.
  const declared = declaredNow(fight.state, attacker.id, fight.round);
  if (declared && declared.action !== "ability") refuse(declared.action === "attack" ? "AlreadyDeclared" : "DeclaredDone", { name: attacker.name });
  const ability = fight.state.abilities[attacker.id];
  if (ability && ability.round === fight.round && ability.ability !== "protect-companion") refuse("AbilityNoAttack", { name: attacker.name, ability: localizeAbility(ability.ability) });
  const weapon = weaponOf(actors.attacker!, optionalString(raw.weapon, "weapon") ?? "");
  const maneuver = optionalString(raw.maneuver, "maneuver");
  const request: Record<string, unknown> = {
    combat: fight.combat.id,
    round: fight.round,
    attacker: attacker.id,
    target: target.id,
    names: { attacker: attacker.name, target: target.name },
    weapon: weapon.id,
    stances: { attacker: attacker.cell.stance, target: target.cell.stance },
    position: {
      attackerLane: attacker.cell.lane,
      targetLane: target.cell.lane,
      // Her own last shot does not free her to shoot again: Engaged, she may not.
      attackerEngaged: engagedNow(fight.fighters, attacker),
      laneCount: fight.state.lanes.length,
      targetClosest: isClosestInLane(placementsOf(fight.fighters), target.name),
    },
    situation: situationOf(fight, attacker, target, weapon.kind),
    targetHidden: !!fight.state.marks[target.id]?.hidden,
    squad: squadOf(fight, attacker),
    compelled: asRules(compulsionsForAttack(attacker, weaponsOf(actors.attacker!).map((w) => w.kind), fight.fighters, fight.state, fight.round)),
    // Declared first: it rolls with the rest of its side's attacks when their declarations close.
    held: true,
    side: declaringSide(attacker),
  };
  // Her side's attacks have rolled: the rules refuse a declaration after them (fixed at opening: her own release later is no declaration).
  if (attacksRolled(fight.state, fight.fighters, declaringSide(attacker), fight.round)) request.sideRolled = true;
  if (maneuver) request.maneuver = oneOf(maneuver, MANEUVER_NAMES, "maneuver");
  if (flag(raw.area, "area")) request.area = true;
  // Edges the GM rules (a surprise, dense cover) come only on attacks no player could open.
  if (!attacker.playersTurn) {
    const enhancements = optionalInteger(raw.enhancements, 0, 5, "enhancements");
    const impairments = optionalInteger(raw.impairments, 0, 5, "impairments");
    if (enhancements) request.enhancements = enhancements;
    if (impairments) request.impairments = impairments;
  }
  return request;
}

/**
 * A Squad member's Precision Strike choice waits until every member has rolled her damage die ("all
 * attackers roll their damage dice"), then the choices come in the order the attacks were declared.
 */
function squadWaits(card: CardData): string | null {
  const { squad, combat, round } = card.request;
  if (typeof squad !== "string") return null;
  const members = (game.messages?.contents ?? []).map(cardOf).filter((c): c is CardData => c?.kind === card.kind && c.state === "open" && c.request.combat === combat && c.request.round === round && c.request.squad === squad);
  if (members.some((c) => c.outcome?.awaiting?.choice === "held")) return localize("Refused.SquadStillRolling");
  const earlier = members.slice(0, members.findIndex((c) => c.request.attacker === card.request.attacker));
  const first = earlier.find((c) => c.outcome?.awaiting?.choice === "precision");
  return first ? localize("Refused.SquadInOrder", { name: (first.request.names as { attacker: string }).attacker }) : null;
}

function localizeAbility(ability: string): string {
  return game.i18n!.localize(`FRAY.Torchlight.Ability.${ability}`);
}

function rulesRequest(request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const attacker = actors.attacker!;
  const target = actors.target!;
  const names = request.names as { attacker: string; target: string };
  const stances = request.stances as { attacker: string; target: string };
  const system = torchlightSystem(attacker);
  const weapon = weaponOf(attacker, request.weapon);
  const situation: Record<string, unknown> = { ...(request.situation as Record<string, unknown>) };
  if (untrainedOffHand(attacker)) situation.untrainedOffHand = true;
  if (request.area === true) situation.area = true;
  if (typeof request.enhancements === "number") situation.enhancements = request.enhancements;
  if (typeof request.impairments === "number") situation.impairments = request.impairments;
  const rules: Record<string, unknown> = {
    attacker: {
      name: names.attacker,
      weaponDie: weapon.die,
      proficiencies: system.proficiencies,
      stance: stances.attacker,
      weapon: weapon.kind,
      damageType: weapon.damageType,
      breath: system.breath.value,
      dex: system.characteristics.dex.dc,
      // Her state as the GM reads it now: the rules refuse an Incapacitated attacker (a waiting one never gets this far).
      ...(isIncapacitated(attacker) ? { incapacitated: true } : {}),
    },
    target: { name: names.target, stance: stances.target, ...(isIncapacitated(target) ? { incapacitated: true } : {}), ...(isDead(target) ? { dead: true } : {}), ...(request.targetHidden === true ? { hidden: true } : {}) },
    situation,
    position: request.position,
  };
  if (Array.isArray(request.compelled) && request.compelled.length > 0) rules.compelled = request.compelled;
  if (typeof request.maneuver === "string") rules.maneuver = { name: request.maneuver, payWith: "breath" };
  if (request.held === true) rules.held = true;
  if (request.sideRolled === true) rules.sideRolled = true;
  // The choices made on the card, once each was awaited: a Precision Strike's, a Feint's, a Push's direction.
  for (const key of ["precision", "feint", "push"]) if (request[key] !== undefined) rules[key] = request[key];
  return rules;
}

interface AttackResult {
  damage: number;
  precisionStrike: boolean;
  damageType: string;
  melee: boolean;
  maneuvers?: { name: ManeuverName; paidWith: string; success: boolean }[];
  pushedTo?: { lane?: number; stance: string };
}

function changes(outcome: Outcome, actors: CardActors, request: Record<string, unknown>): ActorChange[] {
  const result = outcome.result as unknown as AttackResult;
  const names = request.names as { attacker: string; target: string };
  const attackerId = String(request.attacker);
  const targetId = String(request.target);
  const round = Number(request.round);
  const combat = combatDoc(request.combat);
  const taken = result.maneuvers ?? [];
  // The hits meet Breath in the order they were dealt: this one after every hit already queued this round (the GM serves one step at a time).
  const queued = Object.values(stateOf(combat).hits).filter((hit) => hit.round === round);
  const fields: Record<string, unknown> = {
    [statePath("hits", attackerId)]: {
      round,
      target: targetId,
      amount: result.damage,
      damageType: result.damageType,
      precisionStrike: result.precisionStrike,
      melee: result.melee,
      squad: typeof request.squad === "string" ? request.squad : null,
      seq: Math.max(0, ...queued.map((hit) => hit.seq)) + 1,
    },
    // A shot leaves her attacking at range (not Engaged, engaging no one) until her next attack; a blow ends it.
    [statePath("ranged", attackerId)]: result.melee ? null : round,
    ...markFields(taken, round, attackerId, targetId),
  };
  const situation = request.situation as Record<string, unknown>;
  // Coming out of hiding ends it; a Called Shot is spent by the shot.
  if (situation.hidden) fields[statePath("marks", attackerId, "hidden")] = null;
  if (situation.calledShot) fields[statePath("called", attackerId)] = null;
  if (result.pushedTo?.lane !== undefined) fields[statePath("grid", targetId)] = { lane: result.pushedTo.lane, stance: result.pushedTo.stance };
  return [
    { actor: combat, fields },
    ...actorChange(actors.attacker!, effectFor(outcome.effects, names.attacker)),
    ...actorChange(actors.target!, effectFor(outcome.effects, names.target)),
  ];
}

export const torchlightAttackCard: CardKind = {
  id: "torchlight.attack",
  ruleset: "torchlight",
  action: "attack",
  template: templatePath("chat/torchlight-card.hbs"),
  opener: "attacker",
  roles: ["attacker", "target"],
  request: requestOf({
    combat: combatId,
    weapon: optional(text("the item id of the attacker's weapon (else her first)")),
    maneuver: optional(oneOfField(MANEUVER_NAMES, "a Maneuver bought with 1 Breath with the attack")),
    area: optional(yesNo("area damage (Impaired on a hidden target)")),
    enhancements: optional(whole("Enhancements the GM rules, on her own combatants' attacks", 0, 5)),
    impairments: optional(whole("Impairments the GM rules, on her own combatants' attacks", 0, 5)),
  }),
  prepare,
  rulesRequest,
  // The held step is the GM's (the rules await it `by: "gm"`, which the engine keeps to her); she may only release it.
  checkChoice(choice, value, _asker, card) {
    if (choice === "held") return value === false ? null : localize("Refused.DeclaredHeld");
    return choice === "precision" ? squadWaits(card) : null;
  },
  async opened(card) {
    if (card.request.held !== true) return;
    const combat = combatDoc(card.request.combat);
    await recordDeclaration(combat, String(card.request.attacker), card.request.side as DeclaringSide, { round: Number(card.request.round), action: "attack", on: String(card.request.target), held: true });
  },
  // An attack taken back may be declared again.
  async undone(card) {
    const combat = combatDoc(card.request.combat);
    const id = String(card.request.attacker);
    if (declaredNow(stateOf(combat), id, Number(card.request.round))?.action === "attack") await writeCombat(combat, { [statePath("declared", id)]: null });
  },
  changes,
  context: torchlightContext, headline: torchlightHeadline,
};

export type { TorchlightCombatState };

/**
 * The cards a combatant's owner opens for her own moves on the Combat Grid: a Maneuver for 1 Breath,
 * her stance's ability (Intimidation, Rally, Protect Companion, Called Shot), Retreat, and the Str
 * save a grappler makes each round to keep her hold. The GM reads the grid and the marks from the
 * Combat; Apply writes them back there (and the Breath and statuses on the actors).
 */
import type { Outcome } from "../../../../core/outcome.js";
import { MANEUVER_NAMES, MANEUVERS, STANCE_RULES } from "../../../../rules/torchlight/tables.js";
import { SCORE_SUM } from "../../../../core/tracks/breath.js";
import { oneOf, optionalString } from "../../../cards/checks.js";
import { combatId, oneOf as oneOfField, optional, requestOf, text } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import { FRAY_STATUS } from "../../../statuses/index.js";
import { templatePath } from "../../../system.js";
import { torchlightSystem, weaponOf, weaponsOf } from "../actor-data.js";
import { isClosestInLane } from "../../../../rules/torchlight/grid.js";
import { asRules, compulsionsOn } from "../combat/compulsions.js";
import { fightersOf, placementsOf } from "../combat/fight.js";
import { stateOf, statePath } from "../combat/state.js";
import { attacksRolled, declaredNow, declaringSide, recordDeclaration } from "../combat/declarations.js";
import { actorChange, effectFor, markFields } from "./apply.js";
import { mayAct } from "./attack.js";
import { combatDoc, fighterIn, fightOf, placed, refuse } from "./common.js";
import { torchlightContext, torchlightHeadline } from "./view.js";

const base = { ruleset: "torchlight" as const, template: templatePath("chat/torchlight-card.hbs"), opener: "actor", context: torchlightContext, headline: torchlightHeadline };

/** The names the request knows its fighters by, for the card and the rules. */
type Names = Record<string, string>;

/** The card's fight and its acting fighter, placed on the Combat Grid (refused otherwise), with a torchlight actor. */
function actingOnGrid(raw: Record<string, unknown>, actors: CardActors, tokens: Parameters<typeof fighterIn>[2]) {
  const fight = fightOf(raw.combat);
  const me = placed(fighterIn(fight, actors, tokens, "actor"));
  torchlightSystem(actors.actor!);
  return { fight, me };
}

export const torchlightManeuverCard: CardKind = {
  ...base,
  id: "torchlight.maneuver",
  action: "maneuver",
  roles: ["actor", "target"],
  request: requestOf({ combat: combatId, maneuver: oneOfField(MANEUVER_NAMES, "the Maneuver, bought with 1 Breath (Feint and Grapple only with an attack)"), weapon: optional(text("the item id of her weapon (else her first)")) }),
  prepare(raw, actors, tokens) {
    const { fight, me } = actingOnGrid(raw, actors, tokens);
    mayAct(fight, me);
    const name = oneOf(raw.maneuver, MANEUVER_NAMES, "maneuver");
    const request: Record<string, unknown> = { combat: fight.combat.id, round: fight.round, actor: me.id, maneuver: name, names: { actor: me.name }, weapon: weaponOf(actors.actor!, optionalString(raw.weapon, "weapon") ?? "").id };
    if (MANEUVERS[name].needsTarget) {
      if (!actors.target) refuse("NeedsTarget");
      const target = placed(fighterIn(fight, actors, tokens, "target"));
      if (target.id === me.id) refuse("SelfTarget");
      Object.assign(request, {
        target: target.id,
        names: { actor: me.name, target: target.name },
        targetStance: target.cell.stance,
        position: { actorLane: me.cell.lane, targetLane: target.cell.lane, laneCount: fight.state.lanes.length, targetClosest: isClosestInLane(placementsOf(fight.fighters), target.name) },
      });
    }
    return request;
  },
  rulesRequest(request, actors) {
    const actor = actors.actor!;
    const system = torchlightSystem(actor);
    const names = request.names as Names;
    const rules: Record<string, unknown> = {
      actor: { name: names.actor, breath: system.breath.value, dex: system.characteristics.dex.dc, weapon: weaponOf(actor, request.weapon).kind },
      maneuver: request.maneuver,
    };
    if (request.target) {
      rules.target = { name: names.target, stance: request.targetStance };
      rules.position = request.position;
    }
    if (request.push !== undefined) rules.push = request.push;
    return rules;
  },
  changes(outcome: Outcome, actors: CardActors, request) {
    const names = request.names as Names;
    const result = outcome.result as { maneuver: string; success: boolean; pushedTo?: { lane?: number; stance: string } };
    const fields = markFields([{ name: result.maneuver, success: result.success }], Number(request.round), String(request.actor), typeof request.target === "string" ? request.target : null);
    if (result.pushedTo?.lane !== undefined) fields[statePath("grid", String(request.target))] = { lane: result.pushedTo.lane, stance: result.pushedTo.stance };
    const changes: ActorChange[] = [{ actor: combatDoc(request.combat), fields }, ...actorChange(actors.actor!, effectFor(outcome.effects, names.actor!))];
    if (actors.target && names.target) changes.push(...actorChange(actors.target, effectFor(outcome.effects, names.target)));
    return changes;
  },
};

export const torchlightAbilityCard: CardKind = {
  ...base,
  id: "torchlight.ability",
  action: "ability",
  roles: ["actor", "target"],
  request: requestOf({ combat: combatId }),
  prepare(raw, actors, tokens) {
    const { fight, me } = actingOnGrid(raw, actors, tokens);
    mayAct(fight, me);
    const ability = STANCE_RULES[me.cell.stance].ability;
    const used = fight.state.abilities[me.id];
    if (used && used.round === fight.round) refuse("AbilityUsed", { name: me.name });
    // Every ability but Protect Companion is used instead of the attack.
    if (ability !== "protect-companion" && fight.state.hits[me.id]) refuse("AttackedThisRound", { name: me.name });
    const declared = declaredNow(fight.state, me.id, fight.round);
    if (ability !== "protect-companion" && declared?.action === "attack") refuse("AlreadyDeclared", { name: me.name });
    if (declared?.action === "done") refuse("DeclaredDone", { name: me.name });
    const request: Record<string, unknown> = {
      combat: fight.combat.id,
      round: fight.round,
      actor: me.id,
      ability,
      names: { actor: me.name },
      grid: placementsOf(fight.fighters),
      ids: Object.fromEntries(fight.fighters.map((f) => [f.name, f.id])),
      rallyTaken: Object.values(fight.state.abilities).some((a) => a.round === fight.round && a.ability === "rally"),
      ranged: weaponsOf(actors.actor!).some((w) => w.kind === "ranged"),
      compelled: asRules(compulsionsOn(me, fight.fighters, fight.state, fight.round)),
    };
    // Her side's attacks have rolled: the rules refuse a declaration after them.
    if (attacksRolled(fight.state, fight.fighters, declaringSide(me), fight.round)) request.sideRolled = true;
    if (ability === "protect-companion" || ability === "called-shot") {
      if (!actors.target) refuse("NeedsTarget");
      const target = placed(fighterIn(fight, actors, tokens, "target"));
      Object.assign(request, { target: target.id, names: { actor: me.name, target: target.name } });
    }
    return request;
  },
  rulesRequest(request) {
    const names = request.names as Names;
    return {
      grid: request.grid,
      by: names.actor,
      ability: request.ability,
      ...(names.target ? { target: names.target } : {}),
      weapon: request.ranged ? "ranged" : "melee",
      rallyTaken: request.rallyTaken === true,
      ...(Array.isArray(request.compelled) && request.compelled.length > 0 ? { compelled: request.compelled } : {}),
      ...(request.sideRolled === true ? { sideRolled: true } : {}),
    };
  },
  changes(outcome, _actors, request) {
    const result = outcome.result as { ability: string; intimidated?: string };
    // Intimidation names its enemy by its name in the fight; the Combat keeps its fighter key.
    const ids = request.ids as Record<string, string>;
    const intimidated = result.intimidated && Object.hasOwn(ids, result.intimidated) ? ids[result.intimidated] : undefined;
    const on = typeof request.target === "string" ? request.target : (intimidated ?? null);
    const fields: Record<string, unknown> = { [statePath("abilities", String(request.actor))]: { round: Number(request.round), ability: result.ability, on } };
    if (result.ability === "called-shot") fields[statePath("called", String(request.actor))] = { on, round: Number(request.round) };
    return [{ actor: combatDoc(request.combat), fields }];
  },
  // The ability is her declaration (an attack declared with Protect Companion stays hers).
  async opened(card) {
    if (card.state !== "applied") return;
    const combat = combatDoc(card.request.combat);
    const fighter = fightersOf(combat).find((f) => f.id === card.request.actor);
    if (!fighter || declaredNow(stateOf(combat), fighter.id, Number(card.request.round))) return;
    await recordDeclaration(combat, fighter.id, declaringSide(fighter), { round: Number(card.request.round), action: "ability", on: null, held: false });
  },
};

export const torchlightRetreatCard: CardKind = {
  ...base,
  id: "torchlight.retreat",
  action: "retreat",
  roles: ["actor"],
  request: requestOf({ combat: combatId }),
  prepare(raw, actors, tokens) {
    const { fight, me } = actingOnGrid(raw, actors, tokens);
    // Retreating is a move, not an action: a combatant Waiting for its round may still slip away, in its side's turn.
    if (me.playersTurn && fight.state.phase !== "players") refuse("NotYourTurn", { name: me.name });
    return { combat: fight.combat.id, round: fight.round, actor: me.id, names: { actor: me.name }, grid: placementsOf(fight.fighters) };
  },
  rulesRequest: (request) => ({ grid: request.grid, by: (request.names as Names).actor, round: request.round }),
  changes(outcome, actors, request) {
    const id = String(request.actor);
    const fields = { [statePath("retreated", id)]: Number(request.round), [statePath("grid", id)]: null };
    return [{ actor: combatDoc(request.combat), fields }, ...actorChange(actors.actor!, effectFor(outcome.effects, (request.names as Names).actor!))];
  },
};

export const torchlightGrappleHoldCard: CardKind = {
  ...base,
  id: "torchlight.grapple-hold",
  action: "grapple-hold",
  roles: ["actor", "target"],
  request: requestOf({ combat: combatId }),
  prepare(raw, actors, tokens) {
    const fight = fightOf(raw.combat);
    const me = fighterIn(fight, actors, tokens, "actor");
    const target = fighterIn(fight, actors, tokens, "target");
    torchlightSystem(actors.actor!);
    if (fight.state.marks[target.id]?.grappled?.by !== me.id) refuse("NoHold", { name: me.name, target: target.name });
    if (fight.state.held[me.id] === fight.round) refuse("HeldThisRound", { name: me.name });
    return { combat: fight.combat.id, round: fight.round, actor: me.id, target: target.id, names: { actor: me.name, target: target.name } };
  },
  rulesRequest(request, actors) {
    const names = request.names as Names;
    return { grappler: { name: names.actor, st: SCORE_SUM - torchlightSystem(actors.actor!).characteristics.str.dc }, target: names.target };
  },
  changes(outcome, actors, request) {
    const held = (outcome.result as { held: boolean }).held;
    const fields: Record<string, unknown> = { [statePath("held", String(request.actor))]: Number(request.round) };
    if (!held) fields[statePath("marks", String(request.target), "grappled")] = null;
    return [{ actor: combatDoc(request.combat), fields }, { actor: actors.target!, statuses: { [FRAY_STATUS.grappled.id]: held } }];
  },
};

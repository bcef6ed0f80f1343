/**
 * The cards that name everyone in a fight (roles c0, c1...): the Dex saves of initiative, the
 * end-of-round card, and a reading of the Combat Grid. The end of the round totals every hit the
 * Combat has queued, with Rally, Protect Companion, Parries, Evasions and Squads, and waits for each
 * damaged character's owner to roll her saves; Apply writes everyone's tracks at once, clears what
 * the round used up and begins the next round. Only a GM takes it back.
 */
import type { Outcome, Step } from "../../../../core/outcome.js";
import { CHARACTERISTICS } from "../../../../core/tracks/breath.js";
import { placeWithOverflow, type Placement } from "../../../../rules/torchlight/grid.js";
import { readOptions } from "../../../../rules/torchlight/options.js";
import { COMPULSIONS } from "../../../../rules/torchlight/compulsions.js";
import { MANEUVERS, type Stance } from "../../../../rules/torchlight/tables.js";
import { combatId, requestOf } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import { combatantOfKey } from "../../../combat/fighter.js";
import { rosterPath } from "../../../combat/roster.js";
import { rulesetOptions } from "../../../settings.js";
import { FRAY_STATUS, statusIdFor } from "../../../statuses/index.js";
import { templatePath } from "../../../system.js";
import { rulesCombatant, torchlightSystem } from "../actor-data.js";
import { type Fighter, placementsOf } from "../combat/fight.js";
import { statePath, type TorchlightCombatState } from "../combat/state.js";
import { actorChange, effectFor } from "./apply.js";
import { type CardFight, combatDoc, EVERYONE_ROLES, fighterIn, fightOf, refuse } from "./common.js";
import { torchlightContext, torchlightHeadline } from "./view.js";

const base = { ruleset: "torchlight" as const, template: templatePath("chat/torchlight-card.hbs"), opener: "c0", roles: EVERYONE_ROLES, context: torchlightContext, headline: torchlightHeadline, undoBy: "gm" as const, request: requestOf({ combat: combatId }) };

/** Each role's fighter; every role must be one of the fight's combatants, each once. */
function rosterOf(fight: CardFight, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Map<string, Fighter> {
  const roster = new Map<string, Fighter>();
  for (const role of Object.keys(actors)) {
    const fighter = fighterIn(fight, actors, tokens, role);
    if ([...roster.values()].some((f) => f.id === fighter.id)) refuse("Twice", { name: fighter.name });
    roster.set(role, fighter);
  }
  return roster;
}

/** The role a fighter (its key) has on this card. */
const roleOf = (roster: Map<string, Fighter>, id: string | null): string | undefined => [...roster.entries()].find(([, f]) => f.id === id)?.[0];

/** Whether a Maneuver's mark ends with this round. */
function markEnds(word: string, taken: number, round: number): boolean {
  const definition = Object.values(MANEUVERS).find((m) => m.selfStatus === word || m.targetStatus === word);
  if (definition?.lasts === "this-round") return taken <= round;
  if (definition?.lasts === "next-round") return taken + 1 <= round;
  return false;
}

/**
 * Whether the Combat keeps a mark whose status ended: a Parry stops its blow this round, but the
 * Parried enemy "must make a melee attack against you next round", so the mark stays a round more
 * to say so.
 */
const markKept = (word: string, taken: number, round: number): boolean => word === "parrying" && round < taken + COMPULSIONS.parry.bindsAfter;

/** Everything the end of the round needs from the Combat, by role. */
function roundFacts(fight: CardFight, roster: Map<string, Fighter>): Record<string, unknown> {
  const { state, round } = fight;
  const role = (id: string | null) => roleOf(roster, id);
  // In the order they were dealt (a sort is stable: hits stored before the order was kept stay as they were).
  const dealt = Object.entries(state.hits).sort(([, a], [, b]) => a.seq - b.seq);
  const hits = dealt.flatMap(([from, hit]) => {
    const by = role(from);
    const target = role(hit.target);
    return by && target ? [{ key: from, by, target, amount: hit.amount, damageType: hit.damageType, precisionStrike: hit.precisionStrike, melee: hit.melee, ...(hit.squad ? { squad: hit.squad } : {}) }] : [];
  });
  const thisRound = Object.entries(state.abilities).filter(([, a]) => a.round === round);
  const isPlaced = (r: string | undefined): r is string => r !== undefined && roster.get(r)?.cell !== null;
  const rally = thisRound.find(([, a]) => a.ability === "rally");
  const protect = thisRound.flatMap(([by, a]) => (a.ability === "protect-companion" && isPlaced(role(by)) && isPlaced(role(a.on)) ? [{ by: role(by)!, companion: role(a.on)! }] : []));
  const evading: string[] = [];
  const parrying: Record<string, string[]> = {};
  const expiring: { bearer: string; word: string; kept?: true }[] = [];
  for (const [bearer, marks] of Object.entries(state.marks)) {
    const r = role(bearer);
    for (const [word, mark] of Object.entries(marks)) {
      if (r && word === "evading" && mark.taken + 1 === round) evading.push(r);
      const parried = role(mark.by);
      if (r && word === "parrying" && mark.taken === round && parried) (parrying[r] ??= []).push(parried);
      if (markEnds(word, mark.taken, round)) expiring.push({ bearer, word, ...(markKept(word, mark.taken, round) ? { kept: true as const } : {}) });
    }
  }
  const cells = Object.fromEntries([...roster.entries()].flatMap(([r, f]) => (f.cell ? [[r, { side: f.side, lane: f.cell.lane, stance: f.cell.stance }]] : [])));
  return {
    hits,
    ...(rally && isPlaced(role(rally[0])) ? { rally: role(rally[0]) } : {}),
    protect,
    evading,
    parrying,
    cells,
    expiring,
    abilitiesUsed: thisRound.map(([id]) => id),
    waitingEnds: Object.entries(state.initiative).flatMap(([id, entry]) => (entry.actsFrom === round + 1 && role(id) ? [role(id)!] : [])),
  };
}

function roster(request: Record<string, unknown>): Record<string, string> {
  return request.names as Record<string, string>;
}

type RoundRequest = {
  names: Record<string, string>;
  ids: Record<string, string>;
  hits: { key: string; by: string; target: string; amount: number; damageType: string; precisionStrike: boolean; melee: boolean; squad?: string }[];
  rally?: string;
  protect: { by: string; companion: string }[];
  evading: string[];
  parrying: Record<string, string[]>;
  cells: Record<string, { side: string; lane: number; stance: Stance }>;
  expiring: { bearer: string; word: string; kept?: true }[];
  abilitiesUsed: string[];
  waitingEnds: string[];
  saves?: Record<string, true>;
  breathOrder?: Record<string, string>;
};

export const torchlightRoundCard: CardKind = {
  ...base,
  id: "torchlight.round",
  speaker: "fight",
  openBy: "gm",
  action: "round",
  prepare(raw, actors, tokens) {
    const fight = fightOf(raw.combat);
    const roster = rosterOf(fight, actors, tokens);
    const missing = fight.fighters.filter((f) => ![...roster.values()].some((r) => r.id === f.id));
    if (missing.length) refuse("NotEveryone", { names: missing.map((f) => f.name).join(", ") });
    return {
      combat: fight.combat.id,
      round: fight.round,
      names: Object.fromEntries([...roster.entries()].map(([r, f]) => [r, f.name])),
      ids: Object.fromEntries([...roster.entries()].map(([r, f]) => [r, f.id])),
      ...roundFacts(fight, roster),
    };
  },
  rulesRequest(raw, actors) {
    const request = raw as unknown as RoundRequest;
    const names = request.names;
    const combatants = Object.keys(names).map((role) => {
      const combatant = { ...rulesCombatant(actors[role]!, names[role]), id: role };
      const cell = request.cells[role];
      if (cell) Object.assign(combatant, { side: cell.side, lane: cell.lane, stance: cell.stance });
      if (request.evading.includes(role)) combatant.evading = true;
      if (request.parrying[role]) combatant.parrying = request.parrying[role]!.map((r) => names[r]!);
      return combatant;
    });
    const rules: Record<string, unknown> = {
      combatants,
      hits: request.hits.map((h) => ({ target: names[h.target], amount: h.amount, damageType: h.damageType, from: names[h.by], precisionStrike: h.precisionStrike, melee: h.melee, ...(h.squad ? { squad: h.squad } : {}) })),
      protect: request.protect.map((p) => ({ by: names[p.by], companion: names[p.companion] })),
    };
    if (request.rally) rules.rally = { by: names[request.rally] };
    if (request.saves) rules.saves = request.saves;
    if (request.breathOrder) rules.breathOrder = request.breathOrder;
    return rules;
  },
  changes(outcome, actors, raw) {
    const request = raw as unknown as RoundRequest;
    const names = request.names;
    const round = Number(raw.round);
    const lost = lostPerCharacteristic(outcome.steps);
    const changes: ActorChange[] = [];
    for (const [role, name] of Object.entries(names)) {
      const actor = actors[role]!;
      const system = torchlightSystem(actor);
      const fields: Record<string, unknown> = {};
      for (const [c, points] of Object.entries(lost[name] ?? {})) fields[`system.encounter.${c}`] = system.encounter[c as (typeof CHARACTERISTICS)[number]] + points;
      const statuses: Record<string, boolean> = {};
      if (request.waitingEnds.includes(role)) statuses[FRAY_STATUS.waiting.id] = false;
      for (const { bearer, word } of request.expiring) {
        const id = statusIdFor(word);
        if (bearer === request.ids[role] && id) statuses[id] = false;
      }
      changes.push(...actorChange(actor, effectFor(outcome.effects, name), fields, statuses));
    }
    const combat: Record<string, unknown> = { round: round + 1, [statePath("phase")]: "players" };
    for (const hit of request.hits) combat[statePath("hits", hit.key)] = null;
    for (const id of request.abilitiesUsed) combat[statePath("abilities", id)] = null;
    for (const { bearer, word, kept } of request.expiring) if (!kept) combat[statePath("marks", bearer, word)] = null;
    return [...changes, { actor: combatDoc(raw.combat), fields: combat }];
  },
};

/** Points each Characteristic lost this round, per participant, from the rules' damage steps. */
function lostPerCharacteristic(steps: readonly Step[]): Record<string, Record<string, number>> {
  const lost: Record<string, Record<string, number>> = {};
  for (const step of steps) {
    if (step.rule !== "damage" || !Number(step.toCharacteristic)) continue;
    const mine = (lost[String(step.participant)] ??= {});
    mine[String(step.characteristic)] = (mine[String(step.characteristic)] ?? 0) + Number(step.toCharacteristic);
  }
  return lost;
}

/** The newcomers placed in order of their Dex saves, each at its wished cell or the nearest free one. */
function placements(fight: CardFight, order: readonly string[], roster: Record<string, string>, ids: Record<string, string>, actors: CardActors): Record<string, { lane: number; stance: Stance }> {
  const capacity = readOptions(rulesetOptions("torchlight")).cellCapacity;
  const grid: Placement[] = placementsOf(fight.fighters);
  const lanes = fight.state.lanes.map((level) => ({ level }));
  const placed: Record<string, { lane: number; stance: Stance }> = {};
  for (const name of order) {
    const role = Object.keys(roster).find((r) => roster[r] === name);
    const fighter = role ? fight.fighters.find((f) => f.id === ids[role]) : undefined;
    if (!role || !fighter || fighter.cell) continue;
    const system = torchlightSystem(actors[role]!);
    const wish = { lane: Math.min(system.lane, lanes.length), stance: system.stance as Stance };
    const cell = placeWithOverflow(grid, fighter.side, wish, lanes, capacity);
    if (!cell) continue;
    placed[fighter.id] = cell;
    grid.push({ name, side: fighter.side, ...cell });
  }
  return placed;
}

export const torchlightInitiativeCard: CardKind = {
  ...base,
  id: "torchlight.initiative",
  speaker: "fight",
  openBy: "every-role",
  action: "initiative",
  prepare(raw, actors, tokens) {
    const fight = fightOf(raw.combat, true);
    const roster = rosterOf(fight, actors, tokens);
    const returning: Record<string, number> = {};
    for (const [role, fighter] of roster) {
      const left = fight.state.retreated[fighter.id];
      if (left !== undefined) returning[role] = left;
      else if (fight.state.initiative[fighter.id]) refuse("Rolled", { name: fighter.name });
    }
    return {
      combat: fight.combat.id,
      joinRound: fight.round,
      names: Object.fromEntries([...roster.entries()].map(([r, f]) => [r, f.name])),
      ids: Object.fromEntries([...roster.entries()].map(([r, f]) => [r, f.id])),
      returning,
    };
  },
  rulesRequest(request, actors) {
    const names = roster(request);
    const returning = request.returning as Record<string, number>;
    return {
      combatants: Object.keys(names).map((role) => ({ name: names[role], dex: torchlightSystem(actors[role]!).characteristics.dex.dc, ...(returning[role] !== undefined ? { leftInRound: returning[role] } : {}) })),
      joinRound: request.joinRound,
    };
  },
  changes(outcome: Outcome, actors, request) {
    const names = roster(request);
    const ids = request.ids as Record<string, string>;
    const fight = fightOf(request.combat, true);
    const result = outcome.result as { placementOrder: string[]; actsFrom: Record<string, number> };
    const saves = outcome.steps.filter((s) => s.rule === "dex-save");
    const fields: Record<string, unknown> = {};
    const changes: ActorChange[] = [];
    for (const [role, name] of Object.entries(names)) {
      const id = ids[role]!;
      const save = saves.find((s) => s.participant === name);
      if (!save) continue;
      fields[statePath("initiative", id)] = { roll: save.roll, st: save.st, success: save.success, actsFrom: result.actsFrom[name] };
      if ((request.returning as Record<string, number>)[role] !== undefined) fields[statePath("retreated", id)] = null;
      const combatant = combatantOfKey(fight.combat.combatants, id);
      // The roster's copy is what the tracker shows (Foundry's field is the player's to write).
      if (combatant) {
        fields[rosterPath(combatant, "initiative")] = Number(save.roll);
        changes.push({ actor: combatant, fields: { initiative: Number(save.roll) } });
      }
      changes.push(...actorChange(actors[role]!, effectFor(outcome.effects, name), {}, (request.returning as Record<string, number>)[role] !== undefined ? { [FRAY_STATUS.retreated.id]: false } : {}));
    }
    for (const [id, cell] of Object.entries(placements(fight, result.placementOrder, names, ids, actors))) fields[statePath("grid", id)] = cell;
    return [{ actor: combatDoc(request.combat), fields }, ...changes];
  },
};

export const torchlightEngagementCard: CardKind = {
  ...base,
  id: "torchlight.engagement",
  speaker: "fight",
  openBy: "gm",
  action: "engagement",
  prepare(raw, actors, tokens) {
    const fight = fightOf(raw.combat);
    rosterOf(fight, actors, tokens);
    const grid = placementsOf(fight.fighters);
    if (!grid.length) refuse("NobodyPlaced");
    return { combat: fight.combat.id, round: fight.round, grid };
  },
  rulesRequest: (request) => ({ grid: request.grid }),
  changes: () => [],
};

export type { TorchlightCombatState };

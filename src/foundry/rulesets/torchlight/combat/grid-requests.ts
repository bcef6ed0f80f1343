/**
 * Changes to the Combat Grid, served by the active GM through the relay (the Combat's flags are hers
 * to write). A player may move only her own combatant, in the players' turn, as the rules' `move`
 * action allows: once a round, not while Pushed or Grappled, onto a lane of another level only from
 * the next lane, an Incapacitated one dragging herself one position; never while waiting out a
 * Retreat. The GM places anyone anywhere, sets the lanes' levels and names Squads.
 */
import { orderByKeys } from "../../../../core/initiative/order.js";
import { cellCount, moveRefusal, type MoveRefusal, placeWithOverflow, type Placement } from "../../../../rules/torchlight/grid.js";
import { readOptions } from "../../../../rules/torchlight/options.js";
import { STANCES, type Stance } from "../../../../rules/torchlight/tables.js";
import { integerIn, oneOf } from "../../../cards/checks.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import { ask, onRequest, Refused } from "../../../relay/index.js";
import { rulesetOptions } from "../../../settings.js";
import { torchlightSystem } from "../actor-data.js";
import { combatById, type Fighter, fighterNamed, fightersOf, placementsOf } from "./fight.js";
import { type Phase, PHASES, squadKey, stateOf, statePath } from "./state.js";
import { attacksRolled, closeDeclarations, closeIfDeclared, declarers, declaredNow, declaringSide } from "./declarations.js";
import { writeCombat } from "../../../combat/write.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));
const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(t(`Refused.${key}`, data));
};

function combatOf(payload: Record<string, unknown>): Combat.Implementation {
  return combatById(payload.combat) ?? refuse("NoFight");
}

function gmOnly(asker: User.Implementation): void {
  if (!asker.isGM) refuse("GmOnly");
}

function fighterOf(combat: Combat.Implementation, id: unknown): Fighter {
  return fighterNamed(fightersOf(combat), id) ?? refuse("NotInFight", { name: String(id).slice(0, 40) });
}

const capacity = () => readOptions(rulesetOptions("torchlight")).cellCapacity;

/** The words for each of the rules' refusals of a move (the words a player reads are the table's). */
const MOVE_REFUSED: Record<MoveRefusal, string> = {
  "off-grid": "OffGrid",
  "move-nowhere": "MoveNowhere",
  "moved-this-round": "MovedThisRound",
  "moved-after-attacks": "MovedAfterAttacks",
  "move-grappled": "Grappled",
  "move-pushed": "Pushed",
  "drags-one-position": "DragsOne",
  "lane-out-of-reach": "LaneOutOfReach",
  "cell-full": "CellFull",
};

/** Why a player may not move this fighter now, or nothing: the rules' `move` action, over what the Combat says of her. */
function playerMoveProblem(combat: Combat.Implementation, fighter: Fighter, to: { lane: number; stance: Stance }): void {
  const state = stateOf(combat);
  const round = roundOf(combat);
  const marks = state.marks[fighter.id] ?? {};
  if (state.retreated[fighter.id] !== undefined) refuse("Retreated", { name: fighter.name });
  if (hasBegun(combat) && fighter.playersTurn && state.phase !== "players") refuse("NotYourTurn", { name: fighter.name });
  // One not yet on the grid takes her place (only the cell's room is checked, by the caller).
  if (!fighter.cell) return;
  const sideRolled = attacksRolled(state, fightersOf(combat, state), declaringSide(fighter), Math.max(1, round));
  const facts = { movedThisRound: state.moved[fighter.id] === round, sideRolled, grappled: !!marks.grappled, pushed: marks.pushed !== undefined && round === marks.pushed.taken + 1 };
  const refusal = moveRefusal(placementsOf(fightersOf(combat, state)), state.lanes.map((level) => ({ level })), fighter.name, to, capacity(), facts);
  if (refusal) refuse(MOVE_REFUSED[refusal], { name: fighter.name, lane: String(to.lane), stance: t(`Stance.${to.stance}`) });
}

/** Moves one fighter to a cell (or off the grid: lane 0), checked as the asker may. */
async function move(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  const fighter = fighterOf(combat, payload.combatant);
  if (!fighter.actor || !(asker.isGM || fighter.actor.testUserPermission(asker, "OWNER"))) refuse("NotYours", { name: fighter.name });
  const state = stateOf(combat);
  const lane = integerIn(payload.lane, 0, state.lanes.length, "lane");
  if (lane === 0) {
    gmOnly(asker);
    await writeCombat(combat, { [statePath("grid", fighter.id)]: null });
    return;
  }
  const stance = oneOf(payload.stance, STANCES, "stance");
  const others = placementsOf(fightersOf(combat)).filter((p) => p.name !== fighter.name);
  if (cellCount(others, fighter.side, lane, stance) >= capacity()) refuse("CellFull", { lane: String(lane), stance: t(`Stance.${stance}`) });
  const update: Record<string, unknown> = { [statePath("grid", fighter.id)]: { lane, stance } };
  // A declared attack was checked where she stood: she stays there until it rolls.
  if (state.declared[fighter.id]?.held) refuse("DeclaredMove", { name: fighter.name });
  if (!asker.isGM) {
    playerMoveProblem(combat, fighter, { lane, stance });
    update[statePath("moved", fighter.id)] = roundOf(combat);
  }
  await writeCombat(combat, update);
}

/** The GM sets a lane's level (a balcony is 1 above the floor). */
async function setLevel(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  gmOnly(asker);
  const combat = combatOf(payload);
  const lanes = [...stateOf(combat).lanes];
  const lane = integerIn(payload.lane, 1, lanes.length, "lane");
  lanes[lane - 1] = integerIn(payload.level, 0, 9, "level");
  await writeCombat(combat, { [statePath("lanes")]: lanes });
}

/** The GM names (or unnames) a side's group in a lane a Squad. */
async function toggleSquad(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  gmOnly(asker);
  const combat = combatOf(payload);
  const side = oneOf(payload.side, ["party", "foes"] as const, "side");
  const lane = integerIn(payload.lane, 1, stateOf(combat).lanes.length, "lane");
  const key = squadKey(side, lane);
  const on = stateOf(combat).squads[key] === true;
  await writeCombat(combat, { [statePath("squads", key)]: on ? null : true });
}

/** The GM places everyone not yet on the grid at their wished cells, overflowing to the nearest lane. */
async function placeAll(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  gmOnly(asker);
  const combat = combatOf(payload);
  const state = stateOf(combat);
  const fighters = fightersOf(combat, state);
  const grid: Placement[] = placementsOf(fighters);
  const lanes = state.lanes.map((level) => ({ level }));
  // In placement order: the successful Dex saves first, highest first, then the failures; those who have not saved come last.
  const save = (f: Fighter) => state.initiative[f.id];
  const order = orderByKeys(fighters, [(f) => (save(f) ? 1 : 0), (f) => (save(f)?.success ? 1 : 0), (f) => save(f)?.roll ?? 0]);
  const update: Record<string, unknown> = {};
  for (const fighter of order) {
    if (fighter.cell || !fighter.actor || state.retreated[fighter.id] !== undefined) continue;
    const system = torchlightSystem(fighter.actor);
    const cell = placeWithOverflow(grid, fighter.side, { lane: Math.min(system.lane, lanes.length), stance: system.stance as Stance }, lanes, capacity());
    if (!cell) continue;
    update[statePath("grid", fighter.id)] = cell;
    grid.push({ name: fighter.name, side: fighter.side, ...cell });
  }
  if (Object.keys(update).length) await writeCombat(combat, update);
}

/** The GM moves the round on to another of its three turns. */
async function setPhase(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  gmOnly(asker);
  const combat = combatOf(payload);
  const phase = oneOf(payload.phase, PHASES, "phase") as Phase;
  await writeCombat(combat, { [statePath("phase")]: phase });
}

/** The GM closes a side's declarations: every declared attack of it rolls now. */
async function rollDeclared(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  gmOnly(asker);
  const combat = combatOf(payload);
  await closeDeclarations(combat, oneOf(payload.side, ["players", "gm"] as const, "side"));
}

/**
 * A player's End Turn in her side's turn: her characters who act now declare nothing more; the last
 * of the side to be done closes the declarations. The turn itself moves by the GM's controls.
 */
async function endTurn(payload: Record<string, unknown>, asker: User.Implementation): Promise<void> {
  const combat = combatOf(payload);
  const state = stateOf(combat);
  const round = Math.max(1, roundOf(combat));
  const hers = state.phase === "players" ? declarers(combat, state, "players").filter((f) => f.actor?.testUserPermission(asker, "OWNER")) : [];
  if (!hers.length) refuse("NotYourSide");
  const update: Record<string, unknown> = {};
  for (const fighter of hers) {
    const declared = declaredNow(state, fighter.id, round);
    // An attack or an ability already declared stands; Protect Companion leaves the attack open, and End Turn gives it up.
    if (!declared || (declared.action === "ability" && state.abilities[fighter.id]?.ability === "protect-companion")) update[statePath("declared", fighter.id)] = { round, action: "done", on: null, held: false };
  }
  if (Object.keys(update).length) await writeCombat(combat, update);
  await closeIfDeclared(combat, "players");
}

export const GRID_REQUESTS = { move, setLevel, toggleSquad, placeAll, setPhase, rollDeclared, endTurn };

export function registerGridRequests(): void {
  for (const [name, handler] of Object.entries(GRID_REQUESTS)) onRequest(`torchlight.${name}`, handler);
}

/** Asks the GM for one of these (she serves her own at once). */
export function askGrid(name: keyof typeof GRID_REQUESTS, payload: Record<string, unknown>) {
  return ask(`torchlight.${name}`, payload);
}

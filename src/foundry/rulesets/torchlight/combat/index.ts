/**
 * Beyond the Torchlight in the combat tracker. A round is three turns: the players' (every player
 * character at once), the GM's and the environment's; the tracker shows those three headings with
 * their combatants instead of one row per turn, and the turn controls move the round through them,
 * the last one opening the end-of-round card. Initiative is a Dex save on a card; a row's buttons
 * open the attack, Maneuver and stance dialogs and the Retreat, grapple and re-entry cards.
 */
import { isEngaged, mayRetreat } from "../../../../rules/torchlight/grid.js";
import { RETREAT_WAIT_ROUNDS, STANCE_RULES } from "../../../../rules/torchlight/tables.js";
import { FRAY_STATUS, setStatus, hasStatus } from "../../../statuses/index.js";
import { Refused } from "../../../relay/index.js";
import { hasBegun, roundOf } from "../../../combat/clock.js";
import { updateCombatants } from "../../../combat/combat.js";
import { recordKey } from "../../../combat/fighter.js";
import type { CombatantButton, OrderKey, RulesetCombatRules, TrackerPhase } from "../../../combat/rules.js";
import { INITIATIVE } from "../../../combat/requests.js";
import { postTorchlightGrappleHold, postTorchlightInitiative, postTorchlightRetreat, postTorchlightRound } from "../cards/post.js";
import { openTorchlightAct } from "../ui/act-dialog.js";
import { openTorchlightAttack } from "../ui/attack-dialog.js";
import { openCombatGrid } from "../ui/grid-app.js";
import { torchlightData } from "../actor-data.js";
import { who } from "../ui/context.js";
import { askGrid } from "./grid-requests.js";
import { declaredNow, declaringSide } from "./declarations.js";
import { compulsionsOn } from "./compulsions.js";
import { type Fighter, fightersOf, placementsOf } from "./fight.js";
import { FLAG_KEY, FLAG_SCOPE, type Phase, PHASES, readState, stateOf, statePath, type TorchlightCombatState } from "./state.js";
import { torchlightFighter } from "./fighter.js";
import { writeCombat } from "../../../combat/write.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

const ROW_ACTIONS = ["attack", "maneuver", "ability", "retreat", "hold", "rejoin", "grid", "roll-declared"] as const;

/** Which of the round's three turns a combatant acts in: out of the fight, it is the environment's. */
function phaseOf(fighter: Fighter | undefined, state: TorchlightCombatState): Phase {
  if (!fighter || state.retreated[fighter.id] !== undefined) return "environment";
  return fighter.playersTurn ? "players" : "gm";
}

function fighterOfCombatant(combat: Combat.Implementation, combatant: Combatant.Implementation, state = stateOf(combat)): { fighter: Fighter | undefined; fighters: Fighter[] } {
  const fighters = fightersOf(combat, state);
  return { fighter: fighters.find((f) => f.combatant.id === combatant.id), fighters };
}

/** The round the retreated may re-enter from. */
const backFrom = (left: number) => left + RETREAT_WAIT_ROUNDS + 1;

/** The facts a row shows: where it stands, whether it waits or has Retreated, what it queued, its marks. */
function factsOf(combat: Combat.Implementation, fighter: Fighter, fighters: Fighter[], state: TorchlightCombatState): string[] {
  const facts: string[] = [];
  const entry = state.initiative[fighter.id];
  if (fighter.cell) facts.push(t("Row.Cell", { lane: String(fighter.cell.lane), stance: t(`Stance.${fighter.cell.stance}`) }));
  if (fighter.cell && isEngaged(placementsOf(fighters), fighter.name)) facts.push(t("Engaged"));
  if (entry && entry.actsFrom > roundOf(combat)) facts.push(t("Row.Waits", { round: String(entry.actsFrom) }));
  const left = state.retreated[fighter.id];
  if (left !== undefined) facts.push(t("Row.Retreated", { round: String(backFrom(left)) }));
  const declared = declaredNow(state, fighter.id, Math.max(1, roundOf(combat)));
  if (declared?.held) facts.push(t("Row.Declared", { target: fighters.find((f) => f.id === declared.on)?.name ?? "?" }));
  else if (declared?.action === "done") facts.push(t("Row.Done"));
  const hit = state.hits[fighter.id];
  const target = hit ? fighters.find((f) => f.id === hit.target) : undefined;
  if (hit) facts.push(t("Row.Queued", { amount: String(hit.amount), target: target?.name ?? "?" }));
  const ability = state.abilities[fighter.id];
  if (ability && ability.round === roundOf(combat)) facts.push(t(`Ability.${ability.ability}`));
  // A Parry's mark outlives its blow by a round to say whom the Parried enemy owes: it parries only in its own round.
  for (const [word, mark] of Object.entries(state.marks[fighter.id] ?? {})) if (word !== "parrying" || mark.taken === roundOf(combat)) facts.push(t(`Mark.${word}`));
  for (const { kind, by } of compulsionsOn(fighter, fighters, state, roundOf(combat))) facts.push(t(`Row.Owes.${kind}`, { name: by.name }));
  return facts;
}

function buttonsOf(combat: Combat.Implementation, fighter: Fighter, fighters: Fighter[], state: TorchlightCombatState): CombatantButton[] {
  const left = state.retreated[fighter.id];
  if (left !== undefined) {
    const early = roundOf(combat) < backFrom(left);
    return [{ action: "rejoin", label: t("Row.Rejoin"), tooltip: early ? t("Row.RejoinFrom", { round: String(backFrom(left)) }) : t("Row.RejoinHint"), disabled: early }];
  }
  if (!hasBegun(combat)) return [{ action: "grid", label: t("Grid.Title") }];
  const stance = fighter.cell?.stance ?? "steadied";
  const buttons: CombatantButton[] = [
    { action: "attack", label: t("Attack") },
    { action: "maneuver", label: t("ManeuverButton") },
    { action: "ability", label: t(`Ability.${STANCE_RULES[stance].ability}`), tooltip: t(`AbilityRule.${STANCE_RULES[stance].ability}`) },
  ];
  if (fighter.cell && mayRetreat(placementsOf(fighters), fighter.name)) buttons.push({ action: "retreat", label: t("Grid.Retreat") });
  if (Object.values(state.marks).some((marks) => marks.grappled?.by === fighter.id)) buttons.push({ action: "hold", label: t("Row.Hold") });
  // The GM closes the declarations of this fighter's side: its declared attacks roll together.
  if (game.user?.isGM && state.declared[fighter.id]?.held) buttons.push({ action: "roll-declared", label: t("Row.RollDeclared"), tooltip: t("Row.RollDeclaredHint") });
  buttons.push({ action: "grid", label: t("Grid.Title") });
  return buttons;
}

/** On the clicking user's client: each button opens its dialog or card, which are requests of their own. */
async function openFor(combat: Combat.Implementation, combatants: Combatant.Implementation[], action: string): Promise<null> {
  if (action === INITIATIVE) {
    await postTorchlightInitiative(combat, combatants.map((c) => recordKey(c)));
    return null;
  }
  const combatant = combatants[0];
  const { fighter } = combatant ? fighterOfCombatant(combat, combatant) : { fighter: undefined };
  const actor = fighter?.actor;
  if (!fighter || !actor) return null;
  const state = stateOf(combat);
  if (action === "attack") await openTorchlightAttack(actor);
  else if (action === "maneuver") await openTorchlightAct("maneuver", actor);
  else if (action === "ability") await openTorchlightAct("ability", actor);
  else if (action === "retreat") await postTorchlightRetreat({ combat: combat.id ?? "", actor: who(fighter) });
  else if (action === "rejoin") await postTorchlightInitiative(combat, [fighter.id]);
  else if (action === "grid") await openCombatGrid();
  else if (action === "roll-declared") await askGrid("rollDeclared", { combat: combat.id, side: declaringSide(fighter) });
  else if (action === "hold") {
    const held = Object.entries(state.marks).find(([, marks]) => marks.grappled?.by === fighter.id)?.[0];
    const target = fightersOf(combat, state).find((f) => f.id === held);
    if (target) await postTorchlightGrappleHold({ combat: combat.id ?? "", actor: who(fighter), target: who(target) });
  }
  return null;
}

/** The turn controls move the round through its three turns; past the environment's, the end-of-round card. */
async function advance(combat: Combat.Implementation, step: string): Promise<boolean> {
  if (step === "previousRound" || !hasBegun(combat)) return false;
  const phase = stateOf(combat).phase;
  // A player's End Turn in the players' turn: her characters declare nothing more (the turn stays the GM's to move).
  if (!game.user?.isGM) {
    if (step !== "nextTurn") throw new Refused(t("Refused.GmOnly"));
    await askGrid("endTurn", { combat: combat.id });
    return true;
  }
  const at = PHASES.indexOf(phase);
  // A turn ends with its declarations closed: whatever attacks wait for them roll first.
  const closingAll = step === "nextRound" || (step === "nextTurn" && phase === "environment");
  if (step === "nextTurn" || step === "nextRound") for (const side of ["players", "gm"] as const) if (closingAll || side === phase) await askGrid("rollDeclared", { combat: combat.id, side });
  if (step === "nextRound" || (step === "nextTurn" && phase === "environment")) {
    await postTorchlightRound(combat);
    return true;
  }
  const next = PHASES[step === "nextTurn" ? at + 1 : Math.max(0, at - 1)]!;
  if (next !== phase) await askGrid("setPhase", { combat: combat.id, phase: next });
  return true;
}

/** Incapacitated survivors fall unconscious and are Dying; what lasted only in the fight ends with it. */
async function endFight(combat: Combat.Implementation): Promise<void> {
  const transient = [FRAY_STATUS.waiting, FRAY_STATUS.pushed, FRAY_STATUS.evading, FRAY_STATUS.distracted, FRAY_STATUS.goaded, FRAY_STATUS.parrying, FRAY_STATUS.hidden, FRAY_STATUS.grappled, FRAY_STATUS.retreated].map((s) => s.id);
  const actors = new Set(combat.combatants.map((c) => c.actor).filter((a): a is Actor.Implementation => torchlightData(a) !== undefined && a!.isOwner));
  for (const actor of actors) {
    for (const id of transient) if (hasStatus(actor, id)) await setStatus(actor, id, false);
    const system = torchlightData(actor)!;
    const dead = actor.statuses.has("dead");
    if (system.incapacitated && !dead && !system.dying && !system.stabilized) {
      // A path under `system` of a type fvtt-types cannot pick from the union of models.
      await actor.update({ "system.dying": true } as never);
      await setStatus(actor, FRAY_STATUS.dying.id, true);
      await setStatus(actor, "unconscious", true);
    }
  }
}

const PARTS = ["grid", "initiative", "hits", "abilities", "called", "marks", "moved", "retreated", "held", "ranged", "declared"] as const;

export const torchlightCombatRules: RulesetCombatRules = {
  rulesetId: "torchlight",
  fighter: torchlightFighter,
  actions: ROW_ACTIONS,

  choose: openFor,

  async rollInitiative() {
    // Reached only by a hand-made request: the tracker's roll opens the initiative card instead.
    throw new Refused(t("Refused.OnACard"));
  },

  /** The players' turn, the GM's, the environment's; within each, the successful Dex saves first, the higher first. */
  order(combat) {
    const state = stateOf(combat);
    const fighters = new Map(fightersOf(combat, state).map((f) => [f.combatant.id, f]));
    const keys = new Map<string, OrderKey>();
    for (const combatant of combat.combatants) {
      const id = combatant.id ?? "";
      const save = state.initiative[recordKey(combatant)];
      // Placement order: the successful Dex saves first, highest first, then the failures.
      keys.set(id, [PHASES.indexOf(phaseOf(fighters.get(id), state)), save?.success ? 0 : 1, -(save?.roll ?? 0)]);
    }
    return keys;
  },

  phases(combat): TrackerPhase[] {
    const state = stateOf(combat);
    const fighters = new Map(fightersOf(combat, state).map((f) => [f.combatant.id, f]));
    const ordered = combat.turns.map((c) => c.id ?? "");
    return PHASES.map((id) => ({
      id,
      label: t(`Phase.${id}`),
      active: hasBegun(combat) && state.phase === id,
      combatantIds: ordered.filter((cid) => phaseOf(fighters.get(cid), state) === id),
      note: t(`PhaseNote.${id}`),
    }));
  },

  advance,

  view(combat, combatant) {
    const state = stateOf(combat);
    const { fighter, fighters } = fighterOfCombatant(combat, combatant, state);
    if (!fighter) return { facts: [], buttons: [] };
    return { facts: factsOf(combat, fighter, fighters, state), buttons: buttonsOf(combat, fighter, fighters, state) };
  },

  async act() {
    // Every row button opens a card or a dialog on the clicker's own client (choose); nothing is served here.
    throw new Refused(t("Refused.OnACard"));
  },

  onCombatEnd: endFight,

  hasBadState(combatant) {
    const combat = combatant.combat;
    if (!combat) return false;
    const raw = combat.getFlag(FLAG_SCOPE as never, FLAG_KEY as never) as Record<string, Record<string, unknown> | undefined> | undefined;
    const read = readState(raw) as unknown as Record<string, Record<string, unknown>>;
    const id = recordKey(combatant);
    // A part naming this fighter with a value the tracker cannot read. A cleared entry is null; a
    // bearer's marks are cleared one word at a time, so marks whose every word is null are cleared too.
    const cleared = (value: unknown) => value === undefined || value === null || (typeof value === "object" && !Array.isArray(value) && Object.values(value).length > 0 && Object.values(value).every((v) => v === null));
    return PARTS.some((part) => !cleared(raw?.[part]?.[id]) && read[part]?.[id] === undefined);
  },

  async reset(combat, combatant) {
    const id = recordKey(combatant);
    const update: Record<string, unknown> = Object.fromEntries(PARTS.map((part) => [statePath(part, id), null]));
    await writeCombat(combat, update);
    await updateCombatants(combat, [{ _id: combatant.id, initiative: null }]);
  },
};

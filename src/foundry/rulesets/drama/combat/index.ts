/**
 * Drama in History in the combat tracker. The order is round-one Momentum: current Grit plus the
 * stance declared (Press +2, Brace −2, Defend or Evade −6), ties by Agility, then actor level, then
 * player actors; "roll initiative" works it out (no dice) and posts the ranking as a card. Each round
 * every combatant declares a stance on her row, the one who holds Momentum over an opponent after
 * that opponent (in the first round, the one higher in Actor rank after the lower); the rows show the
 * stance, who holds Momentum (over whom, once they have fought), a disadvantage carried into the
 * round and the rounds still out after a failed courage test. A fighter out of the action declares
 * nothing. The GM's first row opens a skirmish round (skirmish.ts). At each new round the active GM
 * counts the rounds out down and lifts a disadvantage whose round is over.
 */
import { compareRank } from "../../../../rules/drama/rank.js";
import { STANCE_TABLE, STANCES, type Stance } from "../../../../rules/drama/tables.js";
import type { DramaticModifiers } from "../../../../rules/drama/combatant.js";
import { roundOf } from "../../../combat/clock.js";
import { keepingCurrentTurn, updateCombatants } from "../../../combat/combat.js";
import { combatantOfKey, recordKey } from "../../../combat/fighter.js";
import { initiativeOf } from "../../../combat/roster.js";
import type { CombatantButton, OrderKey, RulesetCombatRules } from "../../../combat/rules.js";
import { Refused } from "../../../relay/index.js";
import { CORE_STATUS, FRAY_STATUS, setStatus } from "../../../statuses/index.js";
import { postMomentum } from "../cards/post.js";
import { dramaticRefusal } from "../dramatic.js";
import { dramaSystem } from "../gear.js";
import { roundsOutIn, writeRoundsOut } from "./out.js";
import { ask } from "../ui/dialog.js";
import { SkirmishDialog } from "../ui/skirmish-dialog.js";
import { StanceDialog } from "../ui/stance-dialog.js";
import { inAction, openSkirmish, skirmishers } from "./skirmish.js";
import { declaredStance, dramaticPath, hasBadDramaState, holdsMomentumOver, momentumHolder, readDramatic, sideOf, stancePath, storedDramatic } from "./state.js";
import { dramaFighter } from "./fighter.js";
import { writeCombat } from "../../../combat/write.js";

const i18n = () => game.i18n!;
const refuse = (key: string, data?: Record<string, string>): never => {
  throw new Refused(data ? i18n().format(`FRAY.Drama.Combat.Refused.${key}`, data) : i18n().localize(`FRAY.Drama.Combat.Refused.${key}`));
};

/** Stances before the fight starts are the first round's; the round is the GM's clock's. */
export const stanceRound = (combat: Combat.Implementation) => Math.max(1, roundOf(combat));

interface Ranked {
  id: string;
  name: string;
  grit: number;
  stanceModifier: number;
  agility: number;
  level: number;
  pc: boolean;
}

function rankedOf(combat: Combat.Implementation, combatant: Combatant.Implementation, withStance: boolean): Ranked | null {
  const system = dramaSystem(combatant.actor);
  if (!system || !combatant.id) return null;
  const declared = withStance ? declaredStance(combat, recordKey(combatant), stanceRound(combat)) : null;
  const modifier = declared ? STANCE_TABLE[declared.stance].momentum + (declared.stance === "dramatic" ? (declared.dramatic?.momentum ?? 0) : 0) : 0;
  return { id: combatant.id, name: combatant.name ?? "", grit: system.grit.value, stanceModifier: modifier, agility: system.attributes.agility, level: system.level, pc: combatant.actor?.type === "dramaCharacter" };
}

/** The round-one Momentum score a combatant's Grit and declared stance make. */
function scoreOf(combat: Combat.Implementation, combatant: Combatant.Implementation): number | null {
  const ranked = rankedOf(combat, combatant, true);
  return ranked ? ranked.grit + ranked.stanceModifier : null;
}

/** Opponents still in the action: combatants on another side (the roster's side, else player characters against the rest). */
function opponentsOf(combat: Combat.Implementation, combatant: Combatant.Implementation): Combatant.Implementation[] {
  const side = sideOf(combat, combatant);
  // One out of the action declares nothing, so nobody waits on her.
  return combat.combatants.contents.filter((c) => c.id !== combatant.id && sideOf(combat, c) !== side && inAction(c.actor));
}

/**
 * The Momentum order: the score the GM worked out (the roster's initiative: Grit and the stance
 * declared), ties by Agility, then actor level, then player actors; a tie no rule breaks goes by id.
 */
function orderOf(combat: Combat.Implementation): Map<string, OrderKey> {
  const keys = new Map<string, OrderKey>();
  for (const combatant of combat.combatants) {
    const score = initiativeOf(combat, combatant);
    const system = dramaSystem(combatant.actor);
    if (score === null) continue;
    keys.set(combatant.id!, system ? [-score, -system.attributes.agility, -system.level, combatant.actor?.type === "dramaCharacter" ? -1 : 0] : [-score]);
  }
  return keys;
}

/** Whether the combatant has her round-one Momentum score (the GM worked it out). */
const scored = (combat: Combat.Implementation, combatant: Combatant.Implementation) => initiativeOf(combat, combatant) !== null;

/**
 * Whether `x` declares after `y` this round: x holds Momentum over y (from their last fight), or,
 * when they have not fought, x is higher in Actor rank (the rulebook's order for opening stances:
 * actor level, then Agility, then a player actor; a full tie goes by the tracker's order).
 */
function declaresAfter(combat: Combat.Implementation, x: Combatant.Implementation, y: Combatant.Implementation): boolean {
  const held = momentumHolder(combat, recordKey(x), recordKey(y));
  if (held) return held === recordKey(x);
  const [rx, ry] = [rankedOf(combat, x, false), rankedOf(combat, y, false)];
  if (!rx || !ry) return false;
  const rank = compareRank(rx, ry);
  return rank !== 0 ? rank > 0 : combat.turns.indexOf(x) > combat.turns.indexOf(y);
}

/** The opponents who must declare before this combatant and have not yet. */
function stillToDeclare(combat: Combat.Implementation, combatant: Combatant.Implementation): Combatant.Implementation[] {
  const round = stanceRound(combat);
  return opponentsOf(combat, combatant).filter((o) => declaresAfter(combat, combatant, o) && !declaredStance(combat, recordKey(o), round));
}

/** Opponents who declare after this combatant and already have: she can no longer change hers. */
function alreadySeen(combat: Combat.Implementation, combatant: Combatant.Implementation): Combatant.Implementation[] {
  const round = stanceRound(combat);
  return opponentsOf(combat, combatant).filter((o) => declaresAfter(combat, o, combatant) && declaredStance(combat, recordKey(o), round));
}

function checkedStance(choice: Record<string, unknown>): { stance: Stance; dramatic?: DramaticModifiers } {
  const stance = choice.stance;
  if (typeof stance !== "string" || !(STANCES as readonly string[]).includes(stance)) return refuse("BadStance");
  if (stance !== "dramatic" || choice.dramatic === undefined) return { stance: stance as Stance };
  const dramatic = readDramatic(choice.dramatic);
  if (!dramatic) return refuse("BadStance");
  return { stance: "dramatic", dramatic };
}

/** A round's bookkeeping on the active GM: rounds out counted down (back doubly disadvantaged), a spent disadvantage lifted. */
export async function advanceRound(combat: Combat.Implementation): Promise<void> {
  const seen = new Set<Actor.Implementation>();
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (!actor || !dramaSystem(actor)) continue;
    // Each fighter's record counts down; an actor behind several (tokens of one NPC) is written once.
    const first = !seen.has(actor);
    seen.add(actor);
    const system = dramaSystem(actor)!;
    // Rounds out are the GM's record of this fight; the actor's field is kept as their copy.
    const out = roundsOutIn(combat, combatant);
    if (out > 0) await writeRoundsOut(combat, combatant, out - 1);
    if (!first) continue;
    // Dotted paths into the actor's system data; fvtt-types types update data by schema.
    if (out > 0) {
      const left = out - 1;
      if (left > 0) {
        await actor.update({ "system.roundsOut": left } as never);
        continue;
      }
      await actor.update({ "system.roundsOut": 0, "system.disadvantage": "doubly", "system.disadvantageRound": roundOf(combat) } as never);
      await setStatus(actor, CORE_STATUS.unconscious.id, false);
      await setStatus(actor, FRAY_STATUS.disadvantaged.id, false);
      await setStatus(actor, FRAY_STATUS.doublyDisadvantaged.id, true);
      continue;
    }
    if (system.disadvantage !== "none" && system.disadvantageRound !== 0 && system.disadvantageRound < roundOf(combat)) {
      await actor.update({ "system.disadvantage": "none", "system.disadvantageRound": 0 } as never);
      await setStatus(actor, FRAY_STATUS.disadvantaged.id, false);
      await setStatus(actor, FRAY_STATUS.doublyDisadvantaged.id, false);
    }
  }
}

export const dramaCombatRules: RulesetCombatRules = {
  rulesetId: "drama",
  fighter: dramaFighter,
  actions: ["stance", "skirmish"],
  gmActions: ["skirmish"],

  async choose(combat, combatants, action) {
    if (action === "skirmish") {
      const answer = await ask(new SkirmishDialog(skirmishers(combat)));
      return answer ? { ...answer } : null;
    }
    if (action !== "stance") return {};
    const combatant = combatants[0];
    if (!combatant) return null;
    const declared = declaredStance(combat, recordKey(combatant), stanceRound(combat));
    const answer = await ask(new StanceDialog(combatant.name ?? "", false, declared?.stance ?? "stand"));
    return answer ? { ...answer } : null;
  },

  dice: () => null,

  async rollInitiative(combat, combatants) {
    const updates = combatants.map((c) => ({ _id: c.id, initiative: scoreOf(combat, c) })).filter((u) => u.initiative !== null);
    await keepingCurrentTurn(combat, () => updateCombatants(combat, updates));
    // The ranking is posted as a card once everyone has a score (every step of it, in the game's words).
    const everyone = combat.combatants.contents.filter((c) => dramaSystem(c.actor));
    if (everyone.length > 1 && everyone.every((c) => scored(combat, c)) && (combatants.length > 1 || everyone.length === 2)) {
      const ordered = [...combat.turns].filter((c) => dramaSystem(c.actor));
      // Not awaited: the GM is serving this roll, and the card's own request queues behind it.
      void postMomentum(ordered.map((c) => ({ actor: c.actor!, token: c.token ? { actor: c.actor, uuid: c.token.uuid } : null })));
    }
  },

  order: orderOf,

  view(combat, combatant) {
    const facts: string[] = [];
    const buttons: CombatantButton[] = [];
    const system = dramaSystem(combatant.actor);
    if (!system || !combatant.id) return { facts, buttons };
    const round = stanceRound(combat);
    const declared = declaredStance(combat, recordKey(combatant), round);
    facts.push(declared ? i18n().format("FRAY.Drama.Combat.Stance", { stance: i18n().localize(`FRAY.Drama.Stance.${declared.stance}`) }) : i18n().localize("FRAY.Drama.Combat.NoStance"));
    const over = holdsMomentumOver(combat, recordKey(combatant)).map((id) => combatantOfKey(combat.combatants, id)?.name ?? "");
    if (over.length) facts.push(i18n().format("FRAY.Drama.Combat.MomentumOver", { names: over.join(", ") }));
    else if (roundOf(combat) <= 1 && scored(combat, combatant) && combat.turns.find((c) => scored(combat, c)) === combatant) facts.push(i18n().localize("FRAY.Drama.Combat.Momentum"));
    if (system.disadvantage !== "none") facts.push(i18n().format(`FRAY.Drama.Combat.Disadvantage.${system.disadvantage}`, { rd: String(system.derived.disadvantageDice) }));
    const out = roundsOutIn(combat, combatant);
    if (out > 0) facts.push(i18n().format("FRAY.Drama.Combat.Out", { rounds: String(out) }));
    const waiting = stillToDeclare(combat, combatant);
    const seen = alreadySeen(combat, combatant);
    const why = waiting.length ? i18n().format("FRAY.Drama.Combat.AfterThem", { names: waiting.map((c) => c.name).join(", ") }) : seen.length ? i18n().format("FRAY.Drama.Combat.Seen", { names: seen.map((c) => c.name).join(", ") }) : undefined;
    // Knocked out, dying or passed out: she takes no part in the round, and declares nothing.
    if (inAction(combatant.actor)) buttons.push({ action: "stance", label: i18n().localize(declared ? "FRAY.Drama.Combat.ChangeStance" : "FRAY.Drama.Combat.DeclareStance"), tooltip: why ?? i18n().localize("FRAY.Drama.Combat.StanceHint"), disabled: why !== undefined });
    // Offered once, on the first row, to the GM: a round where several fighters split their pools.
    if (game.user?.isGM && combat.started && combat.turns[0]?.id === combatant.id) buttons.push({ action: "skirmish", label: i18n().localize("FRAY.Drama.Combat.Skirmish"), tooltip: i18n().localize("FRAY.Drama.Combat.SkirmishHint") });
    return { facts, buttons };
  },

  async act(combat, combatant, action, ask) {
    if (action === "skirmish") return openSkirmish(combat, ask.choice);
    if (action !== "stance") return;
    if (!dramaSystem(combatant.actor)) refuse("NotDrama");
    if (!inAction(combatant.actor)) refuse("OutOfAction", { name: combatant.name ?? "" });
    const { stance, dramatic } = checkedStance(ask.choice);
    const gmOnly = dramaticRefusal(ask.choice, ask.asker);
    if (gmOnly) throw new Refused(gmOnly);
    const waiting = stillToDeclare(combat, combatant);
    if (waiting.length) refuse("AfterThem", { names: waiting.map((c) => c.name ?? "").join(", ") });
    const seen = alreadySeen(combat, combatant);
    if (seen.length) refuse("Seen", { names: seen.map((c) => c.name ?? "").join(", ") });
    const round = stanceRound(combat);
    const update: Record<string, unknown> = { [stancePath(round, recordKey(combatant))]: stance };
    if (stance === "dramatic") update[dramaticPath(round, recordKey(combatant))] = storedDramatic(dramatic);
    await keepingCurrentTurn(combat, async () => {
      await writeCombat(combat, update, { turnEvents: false });
      // In the first round the stance moves the combatant's Momentum score, and so the order.
      if (roundOf(combat) <= 1 && scored(combat, combatant)) await updateCombatants(combat, [{ _id: combatant.id, initiative: scoreOf(combat, combatant) }]);
    });
  },

  hasBadState: (combatant) => hasBadDramaState((combatant.combat as Combat.Implementation | null) ?? null, combatant),

  /** Their round-one Momentum scores are forgotten: "roll initiative" works them out again. */
  async clearInitiative(combat, combatants) {
    await keepingCurrentTurn(combat, () => updateCombatants(combat, combatants.map((c) => ({ _id: c.id, initiative: null }))));
  },

  async reset(combat, combatant) {
    const update: Record<string, unknown> = {};
    for (let round = 1; round <= stanceRound(combat); round++) {
      update[stancePath(round, recordKey(combatant))] = null;
      update[dramaticPath(round, recordKey(combatant))] = null;
    }
    await keepingCurrentTurn(combat, async () => {
      await writeCombat(combat, update, { turnEvents: false });
      await updateCombatants(combat, [{ _id: combatant.id, initiative: null }]);
    });
  },
};

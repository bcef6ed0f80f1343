/**
 * What a Personal Combat card shows, in the game's words, from the outcome the GM resolved: each
 * roll with its formula and every die, one line per step of the rules, the Fallen Fate on offer
 * (its buttons only for the Wounded character's owner and the GM), and who is out of the fight.
 */
import type { Awaiting, Outcome, Step } from "../../../../core/outcome.js";
import { markedDie, type MarkedDie } from "../../../cards/dice-marks.js";
import type { CardHeadline } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { cardName } from "../../../cards/documents.js";

const loc = (key: string, data?: Record<string, unknown>) => {
  const full = `FRAY.Personal.Card.${key}`;
  return data ? game.i18n!.format(full, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n!.localize(full);
};

function nameOf(card: CardData, role: string): string {
  const uuid = card.refs[role]?.actor;
  const actor = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  return actor instanceof Actor ? cardName(actor.name) : role;
}

/** A tracker card names combatants by id in its rules request; it keeps their names beside it. */
function nameIn(card: CardData, id: unknown): string {
  const names = (card.request.names ?? {}) as Record<string, unknown>;
  const name = typeof id === "string" && Object.hasOwn(names, id) ? names[id] : undefined;
  return typeof name === "string" ? name : String(id);
}

export interface RollView {
  label: string;
  formula: string;
  dice: MarkedDie[];
  total: number;
}

/** The Attack Roll's d20 says whether it hit; damage and initiative dice are their numbers. */
function rollOf(outcome: Outcome, label: string, prefix: string, formula: unknown, total: unknown): RollView | null {
  const hit = (outcome.result as { hit?: unknown }).hit;
  const mark = prefix === "attack roll" && typeof hit === "boolean" ? (hit ? "success" : "failure") : "";
  const tip = loc(mark ? `DieTip.${mark === "success" ? "hit" : "miss"}` : "DieTip.damage");
  const dice = outcome.dice.filter((die) => die.label.startsWith(prefix)).map((die) => markedDie(die.face, die.sides, mark, tip));
  if (typeof total !== "number") return null;
  return { label, formula: typeof formula === "string" ? formula : "", dice, total };
}

/** The attack's two rolls, as rolled: the Attack Roll always, the Damage Roll on a hit. */
function rollsOf(card: CardData, outcome: Outcome): RollView[] {
  const weapon = ((card.rules.attacker as { weapon?: Record<string, unknown> } | undefined)?.weapon ?? {}) as Record<string, unknown>;
  const result = outcome.result as { attackTotal?: number; damageRoll?: number };
  return [rollOf(outcome, loc("AttackRoll"), "attack roll", weapon.attack, result.attackTotal), rollOf(outcome, loc("DamageRoll", { type: String(weapon.damageType ?? "") }), "damage roll", weapon.damage, result.damageRoll)].filter(
    (roll): roll is RollView => roll !== null,
  );
}

/** Each PC's initiative, labelled with her name: the die plus her rank, totalled as the tracker shows it. */
function initiativeRolls(card: CardData, outcome: Outcome): RollView[] {
  return outcome.steps
    .filter((step) => step.rule === "pc-initiative")
    .map((step) => {
      const dice = outcome.dice.filter((die) => die.label === `initiative ${String(step.name)}`);
      const formula = dice[0] ? `d${dice[0].sides} + ${Number(step.rank)}` : "";
      return { label: loc("InitiativeDie", { name: nameIn(card, step.name) }), formula, dice: dice.map((die) => markedDie(die.face, die.sides, "", loc("DieTip.initiative"))), total: Number(step.score) };
    })
    .filter((roll) => roll.dice.length > 0);
}

/** Why a Fallen Fate may or may not be ignored, from a step or offer that has the numbers. */
function ignoreLine(name: string, facts: Record<string, unknown>): string {
  const refused = facts.refused ?? facts.ignoreRefused;
  if (refused === "damage-over-half") return loc("CannotIgnoreHeavy", { name, damage: facts.damage, limit: facts.ignoreLimit });
  if (refused === "budget-spent") return loc("CannotIgnoreSpent", { name });
  return loc("MayIgnore", { name, damage: facts.damage, limit: facts.ignoreLimit, left: facts.ignoresLeft });
}

/**
 * The steps the card's change list says in the game's words once the card has applied them
 * ("Bruno: Resolve 4 → 0", "Bruno is Wounded", "Bruno is Maimed"): each is shown there, not twice.
 * Before Apply (a Fallen Fate awaited) nothing has changed yet, and the steps say it.
 */
function saidByChanges(step: Step, card: CardData): boolean {
  const changed = (test: (record: CardData["applied"][number]) => boolean) => card.applied.some(test);
  switch (step.rule) {
    case "resolve":
      return changed((r) => r.key === "system.resolve.value");
    case "wounded":
      return changed((r) => r.key === "system.wounded" || r.key === "fray-wounded");
    case "defeated":
      return changed((r) => r.kind === "status" && r.key === "dead");
    case "fate-choice":
      return !step.ignored && changed((r) => r.key === "system.fates");
    default:
      return false;
  }
}

/** One step of the rules as a line of the card; null for a step another line already says. */
function stepLine(step: Step, card: CardData, name: string, margin: number): string | null {
  switch (step.rule) {
    case "attack-roll":
      return step.hit ? loc("Hit", { total: step.total, defense: step.defense, margin: step.margin }) : loc("Miss", { total: step.total, defense: step.defense });
    case "damage-roll":
      return null;
    case "armor-rating": {
      const data = { type: step.damageType, base: step.base, rating: step.rating };
      if (Number(step.base) === 0) return loc("NoArmor", data);
      if (step.halved) return loc(step.piercing ? "ArmorHalvedPiercing" : "ArmorHalved", data);
      return loc(step.piercing && margin >= 7 ? "ArmorPiercing" : "Armor", data);
    }
    case "damage":
      return loc("Damage", { roll: step.roll, armor: step.armor, damage: step.damage });
    case "resolve":
      return step.from === step.to ? loc("ResolveStays", { name, to: step.to }) : loc("Resolve", { name, from: step.from, to: step.to });
    case "wounded":
      return loc("Wounded", { name });
    case "defeated":
      return loc("Defeated", { name });
    case "fallen-fate-needed":
      return `${loc("FateNeeded", { name, damage: step.damage })} ${ignoreLine(name, step)}`;
    case "fate-choice":
      return step.ignored ? loc("Ignored", { name, left: step.ignoresLeft }) : loc("TookFate", { name, fate: step.choice });
    case "rest":
      return loc("Rested", { name, left: step.ignoresLeft, stamina: step.stamina, control: step.control });
    case "pc-initiative":
      return loc("PcInitiative", { name: nameIn(card, step.name), face: step.face, rank: step.rank, score: step.score });
    case "npc-initiative":
      return loc("NpcInitiative", { name: nameIn(card, step.name), rank: step.rank, bonus: step.bonus, score: step.score });
    case "order":
      return loc("Order", { names: (step.names as string[]).map((id) => nameIn(card, id)).join(", ") });
    case "delay":
      return loc("Delay", { mover: nameIn(card, step.mover), after: nameIn(card, step.after) });
    case "turn-declared":
      return loc(step.gainMomentum ? "TurnCountMomentum" : "TurnCount", { actions: step.actions, cap: step.cap, free: step.free });
    default:
      return null;
  }
}

/** The declared turn, part by part: the Move, the Action, each free action, an item picked up or swapped. */
function turnLines(card: CardData): string[] {
  const rules = card.rules as { move?: { from: string; to: string }; actions?: { name: string; free?: boolean }[]; itemInteractions?: number };
  const lines: string[] = [];
  if (rules.move) lines.push(loc("Move", { from: rules.move.from, to: rules.move.to }));
  for (const action of rules.actions ?? []) lines.push(loc(action.free ? "FreeAction" : "Action", { action: action.name }));
  if (rules.itemInteractions) lines.push(loc("ItemInteraction"));
  if (!lines.length) lines.push(loc("NothingDeclared"));
  return lines;
}

/** The awaited Fallen Fate: a button per fate on the list, and Ignore when the rules allow it. */
function fateChoiceOf(card: CardData, awaiting: Awaiting, name: string): Record<string, unknown> {
  const offer = awaiting.offer as { fates?: { name: string; outOfFight: boolean }[]; ignore?: boolean };
  return {
    owner: card.refs[awaiting.by]?.actor ?? "",
    choice: awaiting.choice,
    prompt: loc("ChooseFate", { name }),
    ignore: offer.ignore === true,
    fates: (offer.fates ?? []).map((fate) => ({ value: fate.name, label: fate.name, out: fate.outOfFight, hint: fate.outOfFight ? loc("OutOfFightHint") : "" })),
    // The red outline says it in words too: such a fate takes her out of the fight.
    outNote: loc("OutOfFightNote"),
  };
}

function titleOf(card: CardData): string {
  const kind = card.kind.split(".")[1] ?? card.kind;
  if (kind === "attack") {
    const weapon = (card.rules.attacker as { weapon?: { name?: string } } | undefined)?.weapon?.name ?? "";
    return loc("Title.attack", { attacker: nameOf(card, "attacker"), target: nameOf(card, "target"), weapon });
  }
  if (kind === "initiative" || kind === "delay") return loc(`Title.${kind}`);
  return loc(`Title.${kind}`, { name: nameOf(card, "character") });
}

export function personalContext(card: CardData): Record<string, unknown> {
  const outcome = card.outcome;
  const kind = card.kind.split(".")[1] ?? card.kind;
  const subject = kind === "attack" ? nameOf(card, "target") : nameOf(card, "character");
  if (!outcome) return { title: titleOf(card), kind, rolls: [], lines: [] };
  const margin = Number(outcome.steps.find((step) => step.rule === "attack-roll")?.margin ?? 0);
  const lines = outcome.steps.filter((step) => !saidByChanges(step, card)).map((step) => stepLine(step, card, step.rule === "turn-declared" ? nameOf(card, "character") : subject, margin)).filter((line): line is string => line !== null);
  const awaiting = outcome.awaiting ?? null;
  const result = outcome.result as { out?: boolean };
  return {
    title: titleOf(card),
    kind,
    rolls: kind === "attack" ? rollsOf(card, outcome) : kind === "initiative" ? initiativeRolls(card, outcome) : [],
    plan: kind === "turn" ? turnLines(card) : [],
    lines,
    fateChoice: awaiting ? fateChoiceOf(card, awaiting, subject) : null,
    waitingLine: awaiting ? loc("Waiting", { name: subject }) : "",
    // Said to the one who chooses as hers (render.ts): "Your choice, for Bruno: see below."
    chooser: awaiting ? (card.refs[awaiting.by]?.actor ?? "") : "",
    yoursLine: awaiting ? game.i18n!.format("FRAY.Card.YourChoice", { name: subject }) : "",
    outLine: result.out ? loc("Out", { name: subject }) : "",
  };
}

/**
 * The card's first line, from its resolved result: the hit and what it did ("Hit by 4: 6 damage,
 * Bruno is Wounded"), the fate taken, the order, the Delay; while a Fallen Fate is awaited, that.
 */
export function personalHeadline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const outcome = card.outcome;
  if (!outcome) return { text: "" };
  if (outcome.awaiting) return { text: String(context.waitingLine ?? ""), chooser: String(context.chooser ?? ""), yours: String(context.yoursLine ?? "") };
  const kind = card.kind.split(".")[1] ?? card.kind;
  const result = outcome.result as { hit?: boolean; margin?: number; damage?: number; attackTotal?: number; out?: boolean; fate?: unknown; ignored?: boolean; ignoresLeft?: number; order?: { name: string; score: number }[] };
  const stepOf = (rule: string) => outcome.steps.find((step) => step.rule === rule);
  switch (kind) {
    case "attack": {
      const target = nameOf(card, "target");
      const defense = stepOf("attack-roll")?.defense;
      if (!result.hit) return { text: loc("Headline.miss", { total: result.attackTotal, target, defense }) };
      const fate = result.fate as { choice?: string; ignored?: boolean } | undefined;
      const what = result.out
        ? loc("Headline.out", { target })
        : fate?.choice && !fate.ignored
          ? loc("Headline.fate", { target, fate: fate.choice })
          : outcome.effects.some((effect) => effect.statuses?.includes("Wounded"))
            ? loc("Headline.wounded", { target })
            : loc("Headline.resolve", { target, to: stepOf("resolve")?.to ?? "" });
      return { text: loc("Headline.hit", { margin: result.margin, damage: result.damage, what }) };
    }
    case "fate": {
      const name = nameOf(card, "character");
      const line = result.ignored ? loc("Ignored", { name, left: result.ignoresLeft }) : loc("TookFate", { name, fate: result.fate });
      return { text: result.out ? `${line} ${loc("Out", { name })}` : line };
    }
    case "initiative": {
      const first = result.order?.[0];
      return { text: first ? loc("Headline.initiative", { name: nameIn(card, first.name), score: first.score }) : "" };
    }
    default: {
      // Rest, Delay and a declared turn say it in one step already.
      const step = outcome.steps[0];
      if (kind === "turn") return { text: loc("Headline.turn", { name: nameOf(card, "character"), plan: turnLines(card).join("; ") }) };
      return { text: step ? (stepLine(step, card, nameOf(card, "character"), 0) ?? "") : "" };
    }
  }
}

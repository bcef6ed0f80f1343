/**
 * What a Drama card shows, in the game's words, from the outcome the GM resolved: every step in
 * order (stances, Momentum, each pool as built, then once every pool is built its dice and how they
 * read, the outcome, each blow with its armour roll, Shield Bashes and theirs, courage tests,
 * knock-back, where Momentum goes), and the choice awaited, for its chooser only.
 */
import type { RolledDie } from "../../../../core/dice/source.js";
import type { Step } from "../../../../core/outcome.js";
import { choiceOfField } from "../../../../rules/drama/choices.js";
import { MELEE_SITUATIONS } from "../../../../rules/drama/tables.js";
import { diceLegend, type DieMark } from "../../../cards/dice-marks.js";
import type { CardHeadline } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { statusIdFor, statusLabel } from "../../../statuses/index.js";

const loc = (key: string, data?: Record<string, unknown>) =>
  data ? game.i18n!.format(`FRAY.Drama.Card.${key}`, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n!.localize(`FRAY.Drama.Card.${key}`);
const has = (key: string) => game.i18n!.has(`FRAY.Drama.Card.${key}`);

export type DieKind = "base" | "resistance" | "drama" | "armour";

export interface DieView {
  face: number;
  kind: DieKind;
  /** How the die counts: a success, a failure (it takes a success away), explode (a Drama 6), block (armour), critical (a 6 counted twice), or blank. */
  mark: DieMark | "";
  css: string;
  /** The die's kind, short (Bd, Rd, Dd, Ad). */
  title: string;
  /** What it did, in the game's words. */
  tip: string;
}

function markOf(kind: DieKind, face: number): DieMark | "" {
  if (kind === "base") return face >= 5 ? "success" : "";
  if (kind === "resistance") return face <= 2 ? "failure" : "";
  if (kind === "drama") return face === 6 ? "explode" : face >= 4 ? "success" : face === 1 ? "failure" : "";
  return face >= 5 ? "block" : "";
}

function dieView(kind: DieKind, face: number, marked: DieMark | "" = markOf(kind, face)): DieView {
  return { face, kind, mark: marked, css: marked ? `fray-die-${marked}` : "", title: loc(`Die.${kind}`), tip: loc(`DieTip.${kind}.${marked || "none"}`) };
}

/** Hands out a card's dice by label, in the order they were rolled (a fighter struck twice rolls armour twice). */
class DiceByLabel {
  private readonly cursor = new Map<string, number>();
  constructor(private readonly dice: readonly RolledDie[]) {}

  take(label: string, count: number, kind: DieKind): DieView[] {
    const all = this.dice.filter((die) => die.label === label);
    const start = this.cursor.get(label) ?? 0;
    const taken = all.slice(start, start + Math.max(0, count));
    this.cursor.set(label, start + taken.length);
    return taken.map((die) => dieView(kind, die.face));
  }

  /** Drama dice: each 6 calls for one more. */
  takeDrama(label: string, count: number): DieView[] {
    const out: DieView[] = [];
    let owed = count;
    while (owed > 0) {
      const [die] = this.take(label, 1, "drama");
      if (!die) break;
      out.push(die);
      owed -= 1;
      if (die.face === 6) owed += 1;
    }
    return out;
  }
}

export interface PoolView {
  who: string;
  side: string;
  against: string;
  parts: string[];
  dice: DieView[];
  reading: string;
  flags: string[];
}

function partsOf(step: Step): string[] {
  const military = Number(step.militaryAsArmour ?? 0);
  const base = step.baseParts as Record<string, number>;
  const resistance = step.resistanceParts as Record<string, number>;
  const named = (record: Record<string, number>, group: string) =>
    Object.entries(record)
      .filter(([, n]) => n)
      .map(([part, n]) => loc(`Part.${group}.${part}`, { n }))
      .join(", ");
  const lines = [loc("Pool.base", { n: step.base, parts: named(base, "base") || "—" }), loc("Pool.resistance", { n: step.resistance, parts: named(resistance, "resistance") || "—" })];
  if (Number(step.drama)) lines.push(loc("Pool.drama", { n: step.drama }));
  lines.push(military ? loc("Pool.armourMilitary", { n: step.armour, military }) : loc("Pool.armour", { n: step.armour }));
  if (Number(step.extraFlesh)) lines.push(loc("Pool.extraFlesh", { n: step.extraFlesh }));
  return lines;
}

/** A count agreeing in number ("1 success", "3 successes"). */
const counted = (noun: "successes" | "levels", n: unknown) => (Number(n) === 1 ? loc(`Count.${noun}.one`) : loc(`Count.${noun}.other`, { n: Number(n) }));

function readingOf(step: Step): { reading: string; flags: string[] } {
  const flags: string[] = [];
  if (step.critical) flags.push(loc("Critical", { sixes: step.sixes, bonus: counted("successes", step.criticalBonus) }));
  if (step.unintendedOutcome) flags.push(loc("Unintended"));
  return {
    reading: loc("Reading", { base: counted("successes", step.baseSuccesses), resistance: step.resistanceLosses, drama: step.dramaSuccesses, net: step.net }),
    flags,
  };
}

/** A status word of the rules as players read it. */
function wordLabel(word: string): string {
  const id = statusIdFor(word);
  if (id) return statusLabel(id);
  return has(`Event.${word}`) ? loc(`Event.${word}`) : word;
}

function stanceLabel(stance: unknown): string {
  return game.i18n!.localize(`FRAY.Drama.Stance.${String(stance)}`);
}

function dramaticText(dramatic: unknown): string {
  if (!dramatic || typeof dramatic !== "object") return "";
  return Object.entries(dramatic as Record<string, number>)
    .filter(([, n]) => n)
    .map(([field, n]) => loc(`Dramatic.${field}`, { n: n > 0 ? `+${n}` : n }))
    .join(", ");
}

/** The pool a reading or a shield pattern belongs to: the same fighter's share against the same opponent. */
const poolKey = (step: Step) => `${String(step.side ?? step.who)}|${String(step.against ?? "")}`;

/** Every step of a fight, in order, as lines and pools for the template. */
export function stepsView(steps: readonly Step[], dice: readonly RolledDie[]): { entries: Record<string, unknown>[]; diceLegend: ReturnType<typeof diceLegend> } {
  const byLabel = new DiceByLabel(dice);
  const entries: Record<string, unknown>[] = [];
  // Each pool shown, by fighter and opponent, with its dice still to take when its reading comes (none for a shot's, taken as built).
  const pools = new Map<string, { view: PoolView; size?: { base: number; resistance: number; drama: number } }>();
  let pool: PoolView | null = null;
  for (const step of steps) {
    switch (step.rule) {
      case "stance":
        entries.push({ line: loc("Declares", { who: step.who, stance: stanceLabel(step.stance) }), detail: dramaticText(step.dramatic), kind: "stance" });
        break;
      case "round-one-momentum":
        entries.push({ line: loc("RoundOneMomentum", { scores: Object.entries(step.scores as Record<string, number>).map(([who, score]) => `${who} ${score}`).join(" · "), holder: step.holder }), ...(Array.isArray(step.engagedStanding) ? { detail: loc("EngagedStanding", { names: step.engagedStanding.join(", ") }) } : {}), kind: "momentum" });
        break;
      case "momentum-holder":
        entries.push({ line: loc("Holder", { holder: step.holder, first: step.buildsFirst }), kind: "momentum" });
        break;
      case "build-pools": {
        // Built now, rolled once every pool is built: its dice join it with its reading.
        const built: PoolView = { who: String(step.who), side: String(step.side ?? ""), against: step.against ? loc("Against", { who: step.against }) : "", parts: partsOf(step), dice: [], reading: loc("NotRolled"), flags: [] };
        pools.set(poolKey(step), { view: built, size: { base: Number(step.base), resistance: Number(step.resistance), drama: Number(step.drama) } });
        entries.push({ pool: built });
        break;
      }
      case "pool-reading": {
        if (step.test === "courage") {
          const who = String(step.who);
          const size = (step.pool ?? {}) as Record<string, number>;
          const courageDice = [...byLabel.take(`${who} courage base`, Number(size.base ?? 0), "base"), ...byLabel.take(`${who} courage resistance`, Number(size.resistance ?? 0), "resistance"), ...byLabel.takeDrama(`${who} courage drama`, Number(size.drama ?? 0))];
          entries.push({ line: loc("Courage", { who, base: size.base ?? 0, resistance: size.resistance ?? 0, net: step.net }), detail: readingOf(step).reading, dice: courageDice, kind: "courage" });
          break;
        }
        const shown = pools.get(poolKey(step));
        if (!shown) break;
        pool = shown.view;
        const against = step.against ? ` (vs ${String(step.against)})` : "";
        if (shown.size) pool.dice = [...byLabel.take(`${pool.who} base${against}`, shown.size.base, "base"), ...byLabel.take(`${pool.who} resistance${against}`, shown.size.resistance, "resistance"), ...byLabel.takeDrama(`${pool.who} drama${against}`, shown.size.drama)];
        Object.assign(pool, readingOf(step));
        // A critical counts each base 6 twice.
        if (step.critical) pool.dice = pool.dice.map((die) => (die.kind === "base" && die.face === 6 ? dieView("base", 6, "critical") : die));
        break;
      }
      case "shield-pattern":
        pool = pools.get(poolKey(step))?.view ?? pool;
        if (pool) {
          if (Number(step.triples)) pool.flags.push(loc("Triple", { n: step.triples }));
          if (step.quad) pool.flags.push(loc("Quad"));
        }
        break;
      case "opposed-outcome":
        entries.push({ line: loc(`Outcome.${String(step.kind)}`, { winner: step.winner ?? "", levels: counted("levels", step.level) }), kind: "outcome" });
        if (step.loserCriticalBlow) entries.push({ line: loc("LoserCritical"), kind: "outcome" });
        break;
      case "no-blow":
        entries.push({ line: loc("NoBlow", { who: step.defender }), kind: "outcome" });
        break;
      case "grit-damage":
        entries.push({ line: loc("GritDamage", { who: step.who, lost: step.gritLost, grit: step.grit, spilled: step.transferredToFlesh }), kind: "damage" });
        break;
      case "armour-roll":
        entries.push({ line: loc("ArmourRoll", { who: step.who, dice: step.dice, blocks: step.blocks }), dice: byLabel.take(`${String(step.who)} armour`, Number(step.dice), "armour"), kind: "damage" });
        break;
      case "flesh-wound": {
        const notes = [step.serious ? loc("Serious") : "", step.critical ? loc("CriticalWound") : ""].filter(Boolean).join(", ");
        entries.push({ line: Number(step.wound) ? loc("Wound", { who: step.who, incoming: step.incoming, blocks: step.blocks, wound: step.wound, flesh: step.flesh }) : loc("NoWound", { who: step.who, incoming: step.incoming, blocks: step.blocks }), detail: notes, kind: "damage" });
        break;
      }
      case "shield-bash": {
        entries.push({ line: loc("ShieldBash", { by: step.by, who: step.who, grit: step.grit, lost: step.gritLost, spilled: step.transferredToFlesh }), kind: "damage" });
        // Flesh the bash spilled meets the armour roll like any Flesh.
        if (Number(step.transferredToFlesh)) entries.push({ line: loc("BashArmour", { who: step.who, dice: step.armourDice, blocks: step.blocks, wound: step.wound, flesh: step.flesh }), dice: byLabel.take(`${String(step.who)} armour`, Number(step.armourDice), "armour"), kind: "damage" });
        break;
      }
      case "courage-test":
        entries.push({ line: loc(`CourageResult.${String(step.result)}`, { rounds: step.roundsOut }), kind: "courage" });
        break;
      case "knock-back":
        entries.push({ line: loc("KnockBack", { who: step.who, knockDown: step.knockDown, physical: step.physical, agility: step.agility }), detail: loc(`KnockResult.${String(step.result)}`, { rd: step.disadvantageRd }), kind: "knock" });
        break;
      case "momentum-passes":
        entries.push({ line: loc("MomentumNext", { who: step.to }), kind: "momentum" });
        break;
      case "ranged-pool": {
        const who = String(step.who);
        const base = Number(step.attribute) + Number(step.skill) + Number(step.bonuses);
        const resistance = Number(step.penalties) + Number(step.table) + Number(step.situational);
        pool = {
          who,
          side: "shooter",
          against: "",
          parts: [
            loc("Pool.base", { n: base, parts: [loc("Part.base.attribute", { n: step.attribute }), loc("Part.base.skill", { n: step.skill }), Number(step.bonuses) ? loc("Part.base.situational", { n: step.bonuses }) : ""].filter(Boolean).join(", ") }),
            loc("Pool.resistance", { n: resistance, parts: [Number(step.table) ? loc("Part.resistance.table", { n: step.table }) : "", Number(step.penalties) ? loc("Part.resistance.penalties", { n: step.penalties }) : "", Number(step.situational) ? loc("Part.resistance.situational", { n: step.situational }) : ""].filter(Boolean).join(", ") || "—" }),
            ...(Number(step.drama) ? [loc("Pool.drama", { n: step.drama })] : []),
          ],
          dice: [...byLabel.take(`${who} base`, base, "base"), ...byLabel.take(`${who} resistance`, resistance, "resistance"), ...byLabel.takeDrama(`${who} drama`, Number(step.drama))],
          reading: "",
          flags: [],
        };
        pools.set(poolKey(step), { view: pool });
        entries.push({ pool });
        break;
      }
      case "shot":
        entries.push({ line: loc(`Shot.${String(step.kind)}`, { net: step.net, levels: counted("levels", step.level), flesh: step.weaponFlesh }), kind: "outcome" });
        break;
      case "momentum-score":
        entries.push({ line: loc("MomentumScore", { who: step.who, grit: step.grit, stance: step.stanceModifier, score: step.score, agility: step.agility, level: step.level }), kind: "momentum" });
        break;
      case "shooting-order-keys":
        entries.push({ line: loc("ShootingKeys", { who: step.who, agility: step.agility, level: step.level }), kind: "momentum" });
        break;
      case "split-pool":
        break;
      default:
        break;
    }
  }
  const shown = entries.flatMap((entry) => [...((entry.pool as PoolView | undefined)?.dice ?? []), ...((entry.dice as DieView[] | undefined) ?? [])]);
  return { entries, diceLegend: diceLegend(shown) };
}

export function nameOf(card: CardData, role: string): string {
  const names = (card.request.names ?? {}) as Record<string, string>;
  return names[role] ?? role;
}

/** The awaited choice as the template offers it (to its chooser's owners and the GM only). */
export function awaitingView(card: CardData): Record<string, unknown> | null {
  const awaiting = card.outcome?.awaiting;
  if (!awaiting) return null;
  const owner = card.refs[awaiting.by]?.actor ?? "";
  const name = nameOf(card, awaiting.by);
  // "Courage2" is her second courage test's choice: a Courage choice all the same.
  const kind = choiceOfField(awaiting.by, awaiting.choice)?.kind ?? awaiting.choice;
  const offer = awaiting.offer as Record<string, unknown>;
  const view: Record<string, unknown> = { owner, name, choice: awaiting.choice, kind, waiting: loc(`Waiting.${kind}`, { who: name }), yours: game.i18n!.format("FRAY.Card.YourChoice", { name: name }) };
  if (kind === "Stance") view.stances = ((offer.stances as string[]) ?? []).map((stance) => ({ value: stance, label: stanceLabel(stance), dramatic: stance === "dramatic", hint: game.i18n!.localize(`FRAY.Drama.StanceHint.${stance}`) }));
  if (kind === "Pool") {
    view.summary = loc("PoolOffer", { base: offer.base, resistance: offer.resistance, drama: offer.drama, armour: offer.armour, military: offer.military });
    view.seen = allocationLines(offer.against);
  }
  if (kind === "Courage") {
    const size = { wound: offer.woundFlesh, base: (offer.pool as Record<string, number>)?.base, resistance: (offer.pool as Record<string, number>)?.resistance };
    view.summary = offer.of ? loc("CourageOfferNth", { ...size, n: offer.test, of: offer.of }) : loc("CourageOffer", size);
  }
  if (kind === "Waver") view.summary = loc("WaverOffer", { points: offer.dramaPoints ?? "—" });
  return view;
}

/** What each opponent who built before the chooser allocated, in the players' words (no die: none is rolled yet). */
export function allocationLines(against: unknown): string[] {
  if (!Array.isArray(against)) return [];
  return (against as Record<string, unknown>[]).map((a) => {
    const extras = [Number(a.dramaPointsSpent) ? loc("Allocation.points", { n: a.dramaPointsSpent }) : "", Number(a.extraFlesh) ? loc("Allocation.flesh", { n: a.extraFlesh }) : "", situationsText((a.situations ?? []) as string[])].filter(Boolean);
    return loc("Allocation.line", {
      who: a.name,
      stance: stanceLabel(a.stance),
      base: a.base,
      military: a.military,
      resistance: a.resistance,
      drama: a.drama,
      armour: a.armour,
      armourMilitary: a.militaryAsArmour,
      extras: extras.length ? `; ${extras.join("; ")}` : "",
    });
  });
}

/** Statuses each fighter gained, in the players' words. */
export function statusLines(card: CardData): string[] {
  const outcome = card.outcome;
  if (!outcome || outcome.awaiting) return [];
  return outcome.effects.flatMap((effect) => (effect.statuses ?? []).map((word) => `${wordLabel(word)}: ${effect.participant}`));
}

/** The situations a fighter declared, in the players' words. */
export function situationsText(ids: readonly string[]): string {
  return ids.filter((id) => Object.hasOwn(MELEE_SITUATIONS, id)).map((id) => game.i18n!.localize(`FRAY.Drama.Situation.${id}`)).join(", ");
}

/**
 * A blow's result as the headline says it: the wound (serious or not), the Grit lost (unless a wound
 * of the same blow says more), or the armour that stopped it.
 */
function blowLine(step: Step, later: readonly Step[]): string {
  const wounded = later.some((next) => next.rule === "flesh-wound" && next.who === step.who && Number(next.wound) > 0);
  if (step.rule === "grit-damage") return wounded || !Number(step.gritLost) ? "" : loc("Headline.grit", { who: step.who, lost: step.gritLost });
  if (step.rule === "shield-bash") return loc("Headline.bash", { by: step.by, who: step.who });
  if (step.rule !== "flesh-wound") return "";
  if (!Number(step.wound)) return loc("Headline.stopped", { who: step.who });
  return loc(step.serious ? "Headline.seriousWound" : "Headline.wound", { who: step.who, wound: step.wound });
}

/**
 * A Drama card's first line, from its resolved result: who won and by how much, and what the blow
 * did ("Fyrd wins by 2 levels of success. Odo takes a serious 5F wound."), the shot, the courage
 * test, who holds Momentum; while it waits, for what and from whom. The pools' dice, folded with
 * their steps, are shown under it (the dice legend then names the marks of every die on the card).
 */
export function dramaHeadline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const outcome = card.outcome;
  if (!outcome) return { text: "" };
  const entries = (context.entries as Record<string, unknown>[] | undefined) ?? [];
  // The pools' dice decide the exchange; armour and courage dice stay with their steps.
  const dice = entries.flatMap((entry) => (entry.pool as PoolView | undefined)?.dice ?? []).map((die) => ({ ...die, sides: 6 }));
  const waiting = context.awaitingChoice as { waiting: string; owner: string; yours: string } | null;
  if (waiting) return { text: waiting.waiting, chooser: waiting.owner, yours: waiting.yours, dice };
  const ranking = outcome.result as { order?: unknown; first?: unknown };
  if (card.kind === "drama.momentum" && typeof ranking.first === "string") {
    return { text: loc(card.request.for === "ranged" ? "Headline.shootsFirst" : "Headline.momentum", { holder: ranking.first }), dice };
  }
  const said: string[] = [];
  for (const [index, step] of outcome.steps.entries()) {
    if (step.rule === "opposed-outcome") said.push(loc(`Outcome.${String(step.kind)}`, { winner: step.winner ?? "", levels: counted("levels", step.level) }));
    else if (step.rule === "no-blow") said.push(loc("NoBlow", { who: step.defender }));
    else if (step.rule === "shot") said.push(loc(`Shot.${String(step.kind)}`, { net: step.net, levels: counted("levels", step.level), flesh: step.weaponFlesh }));
    else if (step.rule === "courage-test") said.push(`${String(step.who ?? nameOf(card, "character"))}: ${loc(`CourageResult.${String(step.result)}`, { rounds: step.roundsOut })}`);
    else said.push(blowLine(step, outcome.steps.slice(index + 1)));
  }
  // A skirmish's exchanges may end alike ("no blow" twice): each result is said once.
  return { text: [...new Set(said.filter(Boolean))].join(" "), dice };
}

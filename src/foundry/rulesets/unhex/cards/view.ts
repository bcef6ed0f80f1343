/**
 * What an Unhex card shows, in the game's words, from the outcome the GM resolved: each roll with
 * its two dice, reading, level and grade; every step as a line (the reaction declared, a reroll, a
 * critical's choice, the Defend compared, the dice split, the boxes marked, where a mover stops);
 * what is awaited, from whom, with the chooser's buttons; and what happened to whom.
 */
import type { Awaiting, Step } from "../../../../core/outcome.js";
import type { CardHeadline } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { statusIdFor, statusLabel } from "../../../statuses/index.js";
import { TEAMS } from "../combat/state.js";
import { roleName } from "../../../cards/documents.js";
import { GM_CHOOSER } from "../../../cards/kinds.js";
import { rulingKey, rulingOfKey } from "../../../../rules/unhex/ruling.js";

const i18n = () => game.i18n!;
const t = (key: string, data?: Record<string, unknown>) =>
  data ? i18n().format(`FRAY.Unhex.Card.${key}`, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : i18n().localize(`FRAY.Unhex.Card.${key}`);

export interface RollView {
  who: string;
  what: string;
  tens: number;
  units: number;
  reading: number;
  level: number;
  grade: string;
  gradeLabel: string;
  /** Both dice's mark (dice-marks.ts): the grade they read to. */
  css: string;
  tip: string;
}

const GRADE_MARK: Record<string, string> = { "critical-success": "fray-die-critical", success: "fray-die-success", failure: "fray-die-failure", "critical-failure": "fray-die-failure fray-die-critical-failure" };

/** The roll's dice marked by the grade they read to, with a tooltip that says so. */
function marked(roll: RollView): RollView {
  return { ...roll, css: GRADE_MARK[roll.grade] ?? "", tip: t("DieTip", { reading: roll.reading, level: roll.level, grade: roll.gradeLabel }) };
}

export interface ButtonView {
  choice: string;
  value: string;
  label: string;
}

export interface AwaitingView {
  owner: string;
  /** The line the one who chooses reads ("Your choice, for Ada: see below."). */
  yours: string;
  prompt: string;
  buttons: ButtonView[];
  /** A critical success may set the dice: a number up to this. */
  setMax?: number;
  /** Each answer on a row of its own (else two to a row). */
  wide?: boolean;
  choice: string;
}

function nameOf(card: CardData, role: string): string {
  return roleName(card.refs, role);
}

/** An Area's name as the map names it (the stand-in map's areas by their words). */
export function areaName(card: CardData, id: unknown): string {
  const names = (card.request.names ?? {}) as Record<string, string>;
  const key = String(id);
  if (Object.hasOwn(names, key)) return names[key]!;
  return i18n().has(`FRAY.Unhex.Card.Place.${key}`) ? t(`Place.${key}`) : key;
}

export function teamName(team: unknown): string {
  return (TEAMS as readonly string[]).includes(String(team)) ? i18n().localize(`FRAY.Unhex.Team.${String(team)}`) : String(team);
}

/** Where an attack is made from and at: "From the Bar, at a target in the Stage", or "Both in the Bar" (never "From Bar at Bar"). */
export function whereLine(from: string, to: string): string {
  return from === to ? t("WhereSame", { area: from }) : t("Where", { from, to });
}

const gradeLabel = (grade: unknown) => t(`Grade.${String(grade)}`);
const rollName = (roll: unknown) => (i18n().has(`FRAY.Unhex.Card.Roll.${String(roll)}`) ? t(`Roll.${String(roll)}`) : String(roll));
const locationName = (id: unknown) => i18n().localize(`FRAY.Unhex.LocationId.${String(id)}`);

/** Each roll as it stands now: a reroll or a set critical replaces the dice shown. */
export function rollsOf(steps: readonly Step[]): RollView[] {
  const rolls: RollView[] = [];
  for (const step of steps) {
    if (step.rule === "percentile-roll") {
      rolls.push({ who: String(step.who), what: rollName(step.roll), tens: Number(step.tens), units: Number(step.units), reading: Number(step.reading), level: Number(step.level), grade: String(step.grade), gradeLabel: gradeLabel(step.grade), css: "", tip: "" });
      continue;
    }
    if (step.rule !== "good-reroll" && step.rule !== "critical-set-dice") continue;
    const roll = [...rolls].reverse().find((r) => r.who === step.who && r.what === rollName(step.roll));
    if (!roll) continue;
    Object.assign(roll, { tens: Number(step.tens), units: Number(step.units), reading: Number(step.reading) });
    if (step.rule === "good-reroll") Object.assign(roll, { grade: String(step.grade), gradeLabel: gradeLabel(step.grade) });
  }
  return rolls.map(marked);
}

function markedText(step: Step): string {
  const placed = (step.placed as Array<{ location: string; boxes: number }>).map((p) => t("Boxes", { boxes: p.boxes, location: locationName(p.location) }));
  const filled = (step.filled as string[]).map(locationName);
  return t("Step.mark-wounds", { target: step.target, placed: placed.join(", ") || t("NoBox"), full: filled.length ? t("Full", { locations: filled.join(", ") }) : "", level: step.level });
}

/** Who hit whom, for a split: the one marked next is hit, the other card participant attacked. */
function splitText(card: CardData, steps: readonly Step[], index: number, step: Step): string {
  const marked = steps.slice(index + 1).find((s) => s.rule === "mark-wounds");
  const hit = String(marked?.target ?? "");
  const names = [nameOf(card, "attacker"), nameOf(card, "target")];
  const striker = names.find((name) => name !== hit) ?? names[0]!;
  const picker = step.picker === "target" ? hit : striker;
  return t("Step.damage-and-location", { picker, die: t(`Die.${String(step.damageDie)}`), damage: step.damage, digit: step.locationDigit, location: locationName(step.location) });
}

/** A range and cover the GM rules (or a player asks for) without Areas: "range 1, in cover". */
function placeText(place: { range: number; cover: boolean }): string {
  return t(place.cover ? "PlaceCover" : "PlaceOpen", { range: place.range });
}

/** One step of the rules, as a line the table reads. */
function stepLine(card: CardData, steps: readonly Step[], index: number): string | null {
  const step = steps[index]!;
  switch (step.rule) {
    case "reach":
      return t("Step.reach", { range: step.range, sight: t(step.lineOfSight ? "Yes" : "No"), cover: t(step.cover ? "Yes" : "No"), weapon: i18n().localize(`FRAY.Unhex.Weapon.${String(step.weapon)}`) });
    case "ruling":
      return step.asked ? t("Step.ruling-asked", { place: placeText(step as never), asked: placeText(step.asked as never) }) : t("Step.ruling", { place: placeText(step as never) });
    case "intercept-reach":
      return t("Step.intercept-reach", { range: step.range, weapon: i18n().localize(`FRAY.Unhex.Weapon.${String(step.weapon)}`) });
    case "reaction":
      return t("Step.reaction", { who: step.who, reaction: t(`Reaction.${String(step.reaction)}`) });
    case "percentile-roll":
      return t("Step.percentile-roll", { who: step.who, roll: rollName(step.roll), reading: step.reading, level: step.level, grade: gradeLabel(step.grade) });
    case "good-reroll":
      return t("Step.good-reroll", { who: step.who, dice: t(`RerollDice.${String(step.dice)}`), reading: step.reading, grade: gradeLabel(step.grade) });
    case "good-no-reroll":
    case "critical-extra-action":
    case "critical-failure-loses-next-action":
      return t(`Step.${step.rule}`, { who: step.who });
    case "critical-set-dice":
      return t("Step.critical-set-dice", { who: step.who, from: step.from, reading: step.reading });
    case "defend-compare":
      return step.missed ? t("Step.defend-wins", { who: step.winner }) : step.winner ? t("Step.attack-wins", { who: step.winner }) : t("Step.both-fail");
    case "damage-and-location":
      return splitText(card, steps, index, step);
    case "mark-wounds":
      return markedText(step);
    case "intercept-stop":
      return t("Step.intercept-stop", { area: areaName(card, step.area) });
    case "opposed-compare":
      return step.winner === "none" ? t("Step.opposed-tie") : t("Step.opposed-wins", { who: nameOf(card, String(step.winner)) });
    case "initiative-roller":
      return t("Step.initiative-roller", { team: teamName(step.team), who: step.who, level: step.level });
    case "initiative-tie":
      return t("Step.initiative-tie", { teams: (step.teams as string[]).map(teamName).join(", ") });
    case "initiative-winner":
      return t("Step.initiative-winner", { team: teamName(step.team), by: t(`WonBy.${String(step.by)}`) });
    case "team-order":
      return t("Step.team-order", { team: teamName(step.chosenBy), order: (step.order as string[]).map(teamName).join(", ") });
    case "move":
      return t(step.withBothHands ? "Step.move-crawl" : "Step.move", { who: step.who, from: areaName(card, step.from), to: areaName(card, step.to) });
    case "placed":
      return t("Step.placed", { who: step.who, to: areaName(card, step.to) });
    case "may-intercept":
      return (step.interceptors as string[]).length ? t("Step.may-intercept", { names: (step.interceptors as string[]).join(", ") }) : t("Step.none-intercept");
    case "drop-items":
      return t("Step.drop-items", { who: step.who, items: (step.items as string[]).join(", ") });
    case "rearrange-hands":
      return t("Step.rearrange-hands", { who: step.who, take: (step.take as string[]).join(", ") || t("Nothing"), stow: (step.stow as string[]).join(", ") || t("Nothing") });
    case "use-item":
      return step.fixedIn === undefined ? t("Step.use-item", { who: step.who, item: step.item }) : t("Step.use-fixed", { who: step.who, item: step.item, area: areaName(card, step.fixedIn) });
    case "out-of-fight":
      return t("Step.out-of-fight", { who: step.who, team: teamName(step.team), why: t(`Out.${String(step.why)}`) });
    case "teams-standing":
      return (step.teams as string[]).length ? t("Step.teams-standing", { teams: (step.teams as string[]).map(teamName).join(", ") }) : t("Step.nobody-standing");
    case "combat-ends":
      return t(`Step.combat-ends-${String(step.by)}`);
    case "combat-goes-on":
      return t("Step.combat-goes-on");
    case "open-door":
    case "shut-door":
      return t(step.who ? `Step.${step.rule}` : `Step.${step.rule}-gm`, { who: step.who ?? "", a: areaName(card, (step.between as string[])[0]), b: areaName(card, (step.between as string[])[1]) });
    default:
      return null;
  }
}

function offerButtons(choice: string, values: readonly string[], label: (value: string) => string): ButtonView[] {
  return values.map((value) => ({ choice, value, label: label(value) }));
}

/** Every order of the teams (at most four teams: 24 orders), the winner's first. */
function orders(teams: readonly string[], winner: string): string[][] {
  if (teams.length <= 1) return [teams.slice()];
  const all = teams.flatMap((first, i) => orders([...teams.slice(0, i), ...teams.slice(i + 1)], winner).map((rest) => [first, ...rest]));
  return [...all.filter((o) => o[0] === winner), ...all.filter((o) => o[0] !== winner)];
}

/** The awaited choice as a prompt and buttons for its chooser (the GM sees them too). */
export function awaitingView(card: CardData, awaiting: Awaiting): AwaitingView {
  const owner = card.refs[awaiting.by]?.actor ?? "";
  const offer = awaiting.offer as Record<string, unknown>;
  const who = String(offer.who ?? nameOf(card, awaiting.by));
  // What the one who chooses reads in place of "Waiting for …" (render.ts shows it to her alone).
  const base = { owner, choice: awaiting.choice, yours: game.i18n!.format("FRAY.Card.YourChoice", { name: who }) };
  // Without Areas, range and cover are the GM's ruling: she alone is offered the buttons (owner "": no player's).
  if (awaiting.choice === "ruling") {
    const rulings = offer.rulings as Array<{ range: number; cover: boolean }>;
    return { ...base, owner: "", prompt: t("Ask.ruling", { who, asked: placeText(offer.asked as never) }), buttons: offerButtons("ruling", rulings.map(rulingKey), (key) => placeText(rulingOfKey(key)!)) };
  }
  // A reaction's odds name both fighters: each answer takes the card's width.
  if (awaiting.choice === "reaction") return { ...base, wide: true, prompt: t("Ask.reaction", { who }), buttons: offerButtons("reaction", offer.reactions as string[], (value) => t(`Reaction.${value}`)) };
  if (awaiting.choice === "roll" || awaiting.choice.startsWith("rolls.")) {
    const buttons = [{ choice: awaiting.choice, value: "true", label: t("Ask.rollButton") }];
    if (card.kind === "unhex.opposed") buttons.push({ choice: awaiting.choice, value: "good", label: t("Ask.rollGood") });
    return { ...base, prompt: t(card.kind === "unhex.attack" ? "Ask.rollAttack" : "Ask.roll", { who }), buttons };
  }
  if (offer.kind === "reroll") return { ...base, prompt: t("Ask.reroll", { who, reading: offer.reading }), buttons: offerButtons(awaiting.choice, offer.choices as string[], (value) => t(`Reroll.${value}`)) };
  if (offer.kind === "critical") return { ...base, prompt: t("Ask.critical", { who, reading: offer.reading, max: offer.max }), buttons: [{ choice: awaiting.choice, value: "extra-action", label: t("Ask.extraAction") }], setMax: Number(offer.max) };
  if (awaiting.choice === "damageDie" || awaiting.choice === "counterDamageDie") {
    const way = (die: string) => offer[die] as { damage: number; location: string };
    return { ...base, prompt: t("Ask.split", { who: nameOf(card, awaiting.by), hit: offer.hit }), buttons: offerButtons(awaiting.choice, ["tens", "units"], (die) => t("Ask.splitButton", { damage: way(die).damage, location: locationName(way(die).location) })) };
  }
  if (awaiting.choice === "stopIn") return { ...base, prompt: t("Ask.stopIn", { who: nameOf(card, awaiting.by), mover: nameOf(card, "target") }), buttons: offerButtons("stopIn", offer.areas as string[], (area) => areaName(card, area)) };
  if (awaiting.choice === "order") {
    const buttons = orders(offer.teams as string[], String(offer.winner)).map((order) => ({ choice: "order", value: order.join(","), label: order.map(teamName).join(" → ") }));
    return { ...base, prompt: t("Ask.order", { team: teamName(offer.winner) }), buttons };
  }
  return { ...base, prompt: awaiting.choice, buttons: [] };
}

/** An event or status word of the rules as the players read it. */
function wordLabel(word: string): string {
  const id = statusIdFor(word);
  if (id) return statusLabel(id);
  return i18n().has(`FRAY.Unhex.Card.Event.${word}`) ? t(`Event.${word}`) : word;
}

/** The parts every Unhex card shows. */
/** The GM's override of the team turn, as the card records it (`outOfTurn`: her team, the team whose turn it was). */
function overrideLine(value: unknown): string {
  const out = value as { team?: unknown; turn?: unknown } | undefined;
  if (!out || typeof out.team !== "string" || typeof out.turn !== "string") return "";
  return t("OutOfTurn", { team: teamName(out.team), turn: teamName(out.turn) });
}

export function unhexCardContext(card: CardData, title: string, subtitle = ""): Record<string, unknown> {
  const outcome = card.outcome;
  const steps = outcome?.steps ?? [];
  const awaiting = outcome?.awaiting ?? null;
  const lines = steps.map((_, index) => stepLine(card, steps, index)).filter((line): line is string => line !== null);
  const ask = awaiting ? awaitingView(card, awaiting) : null;
  return {
    title,
    subtitle,
    rolls: rollsOf(steps),
    lines,
    ask,
    waitingLine: ask ? (awaiting!.by === GM_CHOOSER ? t("WaitingRuling") : t("Waiting", { name: awaiting?.choice.startsWith("rolls.") || awaiting?.choice === "order" ? teamName(awaiting.by) : nameOf(card, awaiting!.by) })) : "",
    events: (outcome?.effects ?? []).flatMap((effect) => (effect.statuses ?? []).map((word) => `${effect.participant}: ${wordLabel(word)}`)),
    overrideLine: overrideLine(card.request.outOfTurn),
  };
}

/** The rules whose line tells what a card without a result of its own did (a move, a door, items), in the order they are looked for. */
const TELLING = ["placed", "move", "open-door", "shut-door", "drop-items", "rearrange-hands", "use-item", "intercept-stop", "combat-goes-on", "teams-standing", "nobody-standing"];

/**
 * An Unhex card's first line, from its resolved result: the hit and the wound it left ("Hit: Bea
 * takes 4 on the left arm"), a roll's grade against its level, the winner of an opposed roll or of
 * initiative, the move, the door, the end of the fight; while it waits, whom it waits for.
 */
export function unhexHeadline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const outcome = card.outcome;
  if (!outcome) return { text: "" };
  const ask = context.ask as AwaitingView | null;
  if (ask) return { text: String(context.waitingLine ?? ""), chooser: ask.owner, yours: ask.yours };
  const steps = outcome.steps;
  const result = String(context.result ?? "");
  const rolls = rollsOf(steps);
  if (card.kind === "unhex.attack") {
    const wounds = steps.flatMap((step, index) => {
      if (step.rule !== "mark-wounds") return [];
      const split = [...steps.slice(0, index)].reverse().find((s) => s.rule === "damage-and-location");
      return split ? [t("Headline.wound", { target: step.target, damage: split.damage, location: locationName(split.location) })] : [];
    });
    return { text: wounds.length ? `${result} ${wounds.join(" ")}` : result };
  }
  if (card.kind === "unhex.check" && rolls[0]) {
    const roll = rolls[0];
    return { text: t("Headline.check", { grade: capitalised(roll.gradeLabel), reading: roll.reading, level: roll.level }) };
  }
  const telling = TELLING.map((rule) => steps.findIndex((step) => step.rule === rule)).find((index) => index >= 0);
  const told = telling === undefined ? "" : (stepLine(card, steps, telling) ?? "");
  // Items say what she did with them before whether it cost her action; the rest have a result of their own.
  return { text: card.kind === "unhex.items" ? [told, result].filter(Boolean).join(" ") : result || told };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

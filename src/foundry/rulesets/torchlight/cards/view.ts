/**
 * What a torchlight card shows, in the game's words, from the outcome the GM resolved: every die
 * (a kept face beside the one it beat), every step as a sentence, what is awaited and from whom
 * (the buttons only its chooser and the GM keep), what Apply changed and what waits for the end of
 * the round. One context for every torchlight kind; the template is chat/torchlight-card.hbs.
 */
import type { Awaiting, Step } from "../../../../core/outcome.js";
import { diceLegend, markedDie, type MarkedDie } from "../../../cards/dice-marks.js";
import type { CardHeadline } from "../../../cards/kinds.js";
import type { CardData } from "../../../cards/model.js";
import { statusIdFor, statusLabel } from "../../../statuses/index.js";
import { cardName } from "../../../cards/documents.js";
import { percent } from "../../../cards/odds.js";
import type { AttackRequest } from "../../../../rules/torchlight/actions/attack.js";
import { feintBranches } from "../../../../rules/torchlight/odds.js";

const i18n = () => game.i18n!;
const has = (key: string) => i18n().has(`FRAY.Torchlight.${key}`);
const t = (key: string, data?: Record<string, unknown>): string => {
  const full = `FRAY.Torchlight.${key}`;
  return data ? i18n().format(full, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : i18n().localize(full);
};

const characteristic = (key: unknown) => t(`Characteristic.${String(key)}`);
const stance = (key: unknown) => t(`Stance.${String(key)}`);
const maneuver = (key: unknown) => t(`Maneuver.${String(key)}`);

/** A die on a line: the face that counts beside the one it beat, a save passed or failed, or a plain roll. */
export type DieChip = MarkedDie;

/** A roll that is only its number (Breath gained, a check's reading). */
const plain = (face: unknown, sides: number, tip: string): DieChip => markedDie(Number(face), sides, "", t(`DieTip.${tip}`));
/** A d20 save or check: passed or failed, said in the step's own words. */
const tried = (face: unknown, passed: boolean, tip: string): DieChip => markedDie(Number(face), 20, passed ? "success" : "failure", t(`DieTip.${tip}.${passed ? "passed" : "failed"}`));

export interface CardLine {
  rule: string;
  text: string;
  dice: DieChip[];
  css: string;
}

/** The faces of a damage die step, the kept one marked (with two equal faces, the first). */
function damageDice(step: Step): DieChip[] {
  const faces = (step.faces as number[] | undefined) ?? [];
  const keptAt = faces.indexOf(Number(step.kept));
  return faces.map((face, index) => (index === keptAt ? markedDie(face, Number(step.sides), "kept", t("DieTip.damageKept")) : markedDie(face, Number(step.sides), "dropped", t("DieTip.damageBeaten"))));
}

function edgeList(why: readonly string[], sign: "+" | "-"): string {
  return why
    .filter((w) => w.startsWith(sign))
    .map((w) => t(`Edge.${w.slice(1)}`))
    .join(", ");
}

/** The damage total with every term that makes it ("9 + 1 Proficiency + 2 Aggressive = 12"). */
function totalLine(step: Step): string {
  const terms = step.terms as { dice: number; proficiencies: number; stance?: string; stanceBonus?: number; distracted: number } | undefined;
  if (!terms) return t("Step.total", { total: step.total });
  const signed = (n: number, key: string, data: Record<string, unknown> = {}) => `${n < 0 ? "−" : "+"} ${t(key, { n: Math.abs(n), ...data })}`;
  const parts = [String(terms.dice)];
  if (terms.proficiencies) parts.push(signed(terms.proficiencies, Math.abs(terms.proficiencies) === 1 ? "Step.termProficiency" : "Step.termProficiencies"));
  if (terms.stanceBonus) parts.push(signed(terms.stanceBonus, "Step.termStance", { stance: stance(terms.stance) }));
  if (terms.distracted) parts.push(signed(terms.distracted, "Step.termDistracted"));
  return t("Step.totalOf", { sum: parts.join(" "), total: step.total });
}

/** One step of the rules as a line of the card; a rule without words of its own is left out. */
export function lineOf(step: Step): CardLine | null {
  const line = (text: string, dice: DieChip[] = [], css = ""): CardLine => ({ rule: step.rule, text, dice, css });
  switch (step.rule) {
    case "edges": {
      const why = (step.why as string[]) ?? [];
      if (!why.length) return null;
      const parts = [edgeList(why, "+") && t("Step.enhanced", { list: edgeList(why, "+") }), edgeList(why, "-") && t("Step.impaired", { list: edgeList(why, "-") })].filter(Boolean);
      const net = Number(step.net);
      return line(`${parts.join(" ")} ${t(net > 0 ? "Step.netEnhanced" : net < 0 ? "Step.netImpaired" : "Step.netNone", { n: Math.abs(net) })}`);
    }
    case "damage-die": {
      const extras = [step.d4 !== undefined ? t("Step.d4", { d4: step.d4 }) : "", step.extraDie !== undefined ? t("Step.extraDie", { face: step.extraDie }) : "", step.feint !== undefined ? t("Step.feintReroll", { face: step.feint }) : ""].filter(Boolean);
      const total = step.total !== undefined ? totalLine(step) : "";
      const strike = step.precisionStrike ? t("Step.precisionStrike") : "";
      return line([t("Step.damageDie", { member: step.member, sides: step.sides, kept: step.kept }), strike, ...extras, total].filter(Boolean).join(" "), damageDice(step), step.precisionStrike ? "fray-precision" : "");
    }
    case "stance-bonus":
      return line(t("Step.stanceBonus", { bonus: step.bonus, stance: stance(step.stance) }));
    case "distracted-target":
      return line(t("Step.distracted", { bonus: step.bonus }));
    case "squad-highest":
      return line(t("Step.squadHighest", { member: step.member, total: step.total }));
    case "maneuver-not-earned":
      return line(t("Step.maneuverNotEarned", { maneuver: maneuver(step.maneuver) }));
    case "grapple-check":
      return line(t(step.success ? "Step.grappleHeld" : "Step.grappleSlips", { roll: step.roll, dc: step.dc }));
    case "push":
      return line(step.lane !== undefined ? t("Step.pushLane", { lane: step.lane, stance: stance(step.stance) }) : t("Step.push", { stance: stance(step.stance) }));
    case "maneuver":
      return line(t(step.payWith === "breath" ? "Step.maneuverBreath" : "Step.maneuverPrecision", { maneuver: maneuver(step.maneuver) }));
    case "maneuver-breath":
      return line(t("Step.breathPaid", { cost: step.cost }));
    case "on-guard":
      return line(step.participant !== undefined ? t("Step.onGuardOf", { participant: step.participant, before: step.before, after: step.after }) : t("Step.onGuard", { before: step.before, after: step.after }));
    case "hit":
      return line(t(step.from !== undefined ? "Step.hitFrom" : "Step.hit", { from: step.from, target: step.target, amount: step.amount, type: t(`DamageType.${String(step.damageType)}`) }) + (step.precisionStrike ? ` ${t("Step.precisionStrike")}` : ""), [], "fray-hit");
    case "area-on-hidden":
      return line(t("Step.areaOnHidden"));
    case "rally-reach":
      return line(t("Step.rallyReach", { by: step.by, list: ((step.reaches as string[]) ?? []).join(", ") || t("Nobody") }));
    case "rally":
      return line(t("Step.rally", { participant: step.participant, roll: step.roll, breath: step.breath }), [plain(step.roll, 4, "rally")]);
    case "squad-lower":
      return line(t("Step.squadLower", { amount: step.amount }));
    case "parried":
      return line(t("Step.parried", { amount: step.amount }));
    case "evaded":
      return line(t("Step.evaded", { amount: step.amount }));
    case "protect-refused":
      return line(t("Step.protectRefused", { by: step.by }));
    case "protect-companion":
      return line(t("Step.protect", { attack: step.attack, taken: step.taken }));
    case "breath-meets":
      return line(
        t(Number(step.toBreath) > 0 ? "Step.breathMeets" : "Step.breathGone", {
          participant: step.participant,
          hit: `${step.amount} ${t(`DamageType.${String(step.damageType)}`)}${step.from !== undefined ? ` ${t("Step.fromWhom", { from: step.from })}` : ""}`,
          breath: step.toBreath,
          left: step.breathLeft,
          lost: step.toCharacteristic,
          characteristic: characteristic(step.characteristic),
        }),
        [],
        "fray-tl-breath-order",
      );
    case "feint-not-needed":
      return line(t("Step.feintNotNeeded", { die: step.die }));
    case "compels":
      return line(t(`Step.compels.${String(step.kind)}`, { by: step.by, target: step.target }), [], "fray-tl-compels");
    case "damage":
      return line(t("Step.damage", { participant: step.participant, total: step.total, breath: step.toBreath, lost: step.toCharacteristic, characteristic: characteristic(step.characteristic) }));
    case "damage-save":
      return line(t(step.success ? "Step.saveStands" : "Step.saveFalls", { participant: step.participant, characteristic: characteristic(step.characteristic), roll: step.roll, st: step.st }), [tried(step.roll, !!step.success, "save")], step.success ? "" : "fray-failed");
    case "dying-hour":
      return line(t("Step.dyingHour", { hour: step.hour }), [], "fray-subhead");
    case "dying-save":
      return line(
        step.success ? t("Step.dyingHolds", { characteristic: characteristic(step.characteristic), roll: step.roll, st: step.st }) : t("Step.dyingFails", { characteristic: characteristic(step.characteristic), roll: step.roll, st: step.st, loss: step.loss, dc: step.dc }),
        [tried(step.roll, !!step.success, "dying")],
        step.success ? "" : "fray-failed",
      );
    case "stabilized":
      return line(t("Step.stabilized", { characteristic: characteristic(step.characteristic) }), [markedDie(20, 20, "critical", t("DieTip.natural20"))]);
    case "recover":
      return line(t("Step.recover", { breath: step.breath }));
    case "rest-day":
      return line(t("Step.restDay", { day: step.day }), [], "fray-subhead");
    case "rest":
      return line(t("Step.rest", { characteristic: characteristic(step.characteristic), roll: step.roll, dc: step.dc }), [plain(step.roll, 4, "rest")]);
    case "check":
      return line(t("Step.check", { roll: step.roll, dc: step.dc }), [plain(step.roll, 20, "check")]);
    case "save":
      return line(t("Step.save", { roll: step.roll, st: step.st }), [plain(step.roll, 20, "roll")]);
    case "dex-save":
      return line(t(step.success ? "Step.dexSaveActs" : "Step.dexSaveWaits", { participant: step.participant, roll: step.roll, st: step.st }), [tried(step.roll, !!step.success, "dex")], step.success ? "" : "fray-failed");
    case "engagement":
      return line(
        [
          t(step.engaged ? "Step.engaged" : "Step.notEngaged", { participant: step.participant }),
          step.nearestEnemy ? t("Step.nearestEnemy", { name: step.nearestEnemy }) : "",
          step.mayRetreat ? t("Step.mayRetreat") : "",
        ]
          .filter(Boolean)
          .join(" "),
      );
    case "ability":
      return line(abilityLine(step));
    case "retreat":
      return line(t("Step.retreat", { participant: step.participant, left: step.leftInRound, back: step.mayReturnFrom }));
    case "grapple-hold":
      return line(t(step.held ? "Step.holdKept" : "Step.holdLost", { roll: step.roll, st: step.st }), [tried(step.roll, !!step.held, "hold")]);
    default:
      return has(`Step.${step.rule}`) ? line(t(`Step.${step.rule}`)) : null;
  }
}

function abilityLine(step: Step): string {
  const head = t("Step.ability", { by: step.by, ability: t(`Ability.${String(step.ability)}`) });
  if (step.ability === "rally") return `${head} ${t("Step.abilityRally", { list: ((step.reaches as string[]) ?? []).join(", ") || t("Nobody") })}`;
  if (step.ability === "intimidation") return `${head} ${t("Step.abilityIntimidation", { name: step.intimidated })}`;
  if (step.ability === "protect-companion") return `${head} ${t("Step.abilityProtect", { name: step.protects })}`;
  return `${head} ${t("Step.abilityCalledShot", { name: step.calledShotOn })}`;
}

function nameOf(card: CardData, role: string): string {
  const names = card.request.names as Record<string, string> | undefined;
  if (names && typeof names[role] === "string") return names[role]!;
  const uuid = card.refs[role]?.actor;
  const actor = uuid ? fromUuidSync<Actor.Implementation>(uuid) : null;
  return actor instanceof Actor ? cardName(actor.name) : role;
}

interface ChoiceButton {
  choice: string;
  value: string;
  label: string;
  action: string;
}

/** Both branches of the Feint, exact, from the rules request the GM resolved (issue 38 item 3); empty when the rules cannot read it. */
function feintOdds(card: CardData, kept: number): string {
  try {
    const { keep, reroll, better } = feintBranches(card.rules as AttackRequest, kept);
    return t("Await.feintOdds", { keep: keep.mean, mean: reroll.mean.toFixed(1), better: percent(better) });
  } catch {
    return "";
  }
}

/** The buttons for what the card awaits, for its chooser (and the GM) only. */
function choicesOf(card: CardData, awaiting: Awaiting): { owner: string; prompt: string; buttons: ChoiceButton[] } {
  const owner = card.refs[awaiting.by]?.actor ?? "";
  const who = nameOf(card, awaiting.by);
  const button = (value: string, label: string, action = "choose"): ChoiceButton => ({ choice: awaiting.choice, value, label, action });
  if (awaiting.choice === "precision") {
    const options = (awaiting.offer.options as string[]) ?? [];
    return { owner, prompt: t("Await.precision", { name: who }), buttons: options.map((o) => button(o, o === "extra-die" ? t("ExtraDie") : maneuver(o))) };
  }
  if (awaiting.choice === "push") {
    const directions = (awaiting.offer.directions as string[]) ?? [];
    return { owner, prompt: t("Await.push", { name: who }), buttons: directions.map((d) => button(d, t(`Push.${d}`))) };
  }
  if (awaiting.choice === "feint") {
    const die = { die: awaiting.offer.die ?? "", sides: awaiting.offer.sides ?? "" };
    return { owner, prompt: `${t("Await.feint", { name: who, ...die })} ${feintOdds(card, Number(awaiting.offer.die))}`.trim(), buttons: [button("reroll", t("FeintReroll")), button("keep", t("FeintKeep", die))] };
  }
  if (awaiting.choice.startsWith("breathOrder.")) {
    // Each button puts one more of her hits to her Breath: its value is the order so far with that hit added.
    const hits = (awaiting.offer.hits as { amount: number; damageType: string }[]) ?? [];
    const options = (awaiting.offer.options as string[]) ?? [];
    const chosen = ((awaiting.offer.chosen as unknown[]) ?? []).length;
    return { owner, prompt: t(chosen ? "Await.breathOrderNext" : "Await.breathOrder", { name: who }), buttons: hits.map((h, i) => button(options[i] ?? "", t("Await.orderHit", { amount: h.amount, type: t(`DamageType.${h.damageType}`) }))) };
  }
  const owed = ((awaiting.offer.characteristics as string[]) ?? []).map((c) => t("Await.saveOne", { characteristic: characteristic(c), st: (awaiting.offer.st as Record<string, number>)[c] ?? "" }));
  return { owner, prompt: t("Await.saves", { name: who, list: owed.join(", ") }), buttons: [button("true", t("RollSaves"), "saves")] };
}

/** A status word of the rules as players read it: its token status's name, or the event it names. */
function wordLabel(word: string): string {
  const id = statusIdFor(word);
  if (id) return statusLabel(id);
  return has(`Event.${word}`) ? t(`Event.${word}`) : word;
}

const TITLES: Record<string, string> = {
  "torchlight.attack": "Title.attack",
  "torchlight.maneuver": "Title.maneuver",
  "torchlight.ability": "Title.ability",
  "torchlight.round": "Title.round",
  "torchlight.initiative": "Title.initiative",
  "torchlight.check": "Title.check",
  "torchlight.save": "Title.save",
  "torchlight.dying": "Title.dying",
  "torchlight.recover": "Title.recover",
  "torchlight.engagement": "Title.engagement",
  "torchlight.retreat": "Title.retreat",
  "torchlight.grapple-hold": "Title.grappleHold",
};

function titleOf(card: CardData): string {
  const key = TITLES[card.kind] ?? "Title.card";
  const request = card.request;
  return t(key, {
    attacker: nameOf(card, "attacker"),
    target: nameOf(card, "target"),
    actor: nameOf(card, "actor"),
    round: request.round ?? "",
    maneuver: typeof request.maneuver === "string" ? maneuver(request.maneuver) : "",
    ability: typeof request.ability === "string" ? t(`Ability.${request.ability}`) : "",
    characteristic: typeof request.characteristic === "string" ? characteristic(request.characteristic) : "",
  });
}

/** What waits for the end of the round after this card (an attack's hit). */
function queuedLine(card: CardData): string {
  if (card.kind !== "torchlight.attack" || card.state !== "applied" || !card.outcome) return "";
  const result = card.outcome.result as { damage?: number; damageType?: string };
  return t("Queued", { amount: result.damage ?? 0, type: t(`DamageType.${result.damageType ?? "physical"}`), target: nameOf(card, "target"), round: card.request.round ?? "" });
}

export function torchlightContext(card: CardData): Record<string, unknown> {
  const outcome = card.outcome;
  const lines = (outcome?.steps ?? []).map(lineOf).filter((l): l is CardLine => l !== null);
  const awaiting = outcome?.awaiting ?? null;
  // A declared attack waits for its side's declarations to close: no one chooses on the card.
  const held = awaiting?.choice === "held";
  const choices = awaiting && !held ? choicesOf(card, awaiting) : null;
  return {
    title: titleOf(card),
    lines,
    diceLegend: diceLegend(lines.flatMap((line) => line.dice)),
    // DC and ST said in full under a card that uses them (issue 38 item 5).
    jargon: lines.some((line) => /\b(DC|ST)\b/.test(line.text)) || card.applied.some((record) => /^system\.characteristics\.\w+\.dc$/.test(record.key)),
    choices,
    waitingLine: held ? t("DeclaredWaiting", { name: nameOf(card, "attacker") }) : awaiting ? t("Waiting", { name: nameOf(card, awaiting.by) }) : "",
    // Said to the one who chooses as hers (render.ts).
    chooser: awaiting && !held ? (card.refs[awaiting.by]?.actor ?? "") : "",
    yoursLine: awaiting && !held ? game.i18n!.format("FRAY.Card.YourChoice", { name: nameOf(card, awaiting.by) }) : "",
    statuses: (outcome?.awaiting ? [] : (outcome?.effects ?? [])).flatMap((effect) => (effect.statuses ?? []).map((word) => `${effect.participant}: ${wordLabel(word)}`)),
    queued: queuedLine(card),
  };
}


/** The rules whose line tells what a card did when its result has no words of its own, by kind, in the order they are looked for. */
const TELLING: Record<string, string[]> = {
  "torchlight.attack": ["parried", "evaded", "protect-companion", "maneuver"],
  "torchlight.maneuver": ["push", "grapple-check", "maneuver"],
  "torchlight.ability": ["ability"],
  "torchlight.dying": ["stabilized"],
  "torchlight.recover": ["recover"],
  "torchlight.retreat": ["retreat"],
  "torchlight.grapple-hold": ["grapple-hold"],
  "torchlight.engagement": ["engagement"],
};

/**
 * A Torchlight card's first line, from its resolved result: the hit and what it deals ("Hit,
 * Precision Strike: 12 Slashing on Bandit Swordsman"), a check or save passed or failed, who waits a
 * round, who fell at the end of the round; while it waits, whom it waits for. The dice, folded
 * with their steps, are shown under it too.
 */
export function torchlightHeadline(card: CardData, context: Record<string, unknown>): CardHeadline {
  const outcome = card.outcome;
  if (!outcome) return { text: "" };
  const lines = (context.lines as CardLine[] | undefined) ?? [];
  const dice = lines.flatMap((line) => line.dice);
  if (outcome.awaiting) return { text: String(context.waitingLine ?? ""), chooser: String(context.chooser ?? ""), yours: String(context.yoursLine ?? ""), dice };
  const result = outcome.result as Record<string, unknown>;
  const said = (text: string): CardHeadline => ({ text, dice });
  // An attack's hit waits for the end of the round: the card says what it will deal.
  if (card.kind === "torchlight.attack" && Number(result.damage) > 0) {
    return said(t(result.precisionStrike ? "Headline.hitPrecision" : "Headline.hit", { amount: result.damage, type: t(`DamageType.${String(result.damageType ?? "physical")}`), target: nameOf(card, "target") }));
  }
  const hits = outcome.steps.filter((step) => step.rule === "hit");
  if (hits.length && card.kind !== "torchlight.round") {
    return said(hits.map((hit) => t(hit.precisionStrike ? "Headline.hitPrecision" : "Headline.hit", { amount: hit.amount, type: t(`DamageType.${String(hit.damageType)}`), target: hit.target })).join(" "));
  }
  if (card.kind === "torchlight.check" || card.kind === "torchlight.save") {
    const step = outcome.steps[0];
    const against = card.kind === "torchlight.check" ? t("Headline.againstDc", { roll: step?.roll, dc: step?.dc }) : t("Headline.againstSt", { roll: step?.roll, st: step?.st });
    return said(t(result.success ? "Headline.passed" : "Headline.failed", { against }));
  }
  if (card.kind === "torchlight.initiative") {
    const waits = outcome.steps.filter((step) => step.rule === "dex-save" && !step.success).map((step) => String(step.participant));
    return said(waits.length ? t("Headline.wait", { names: waits.join(", ") }) : t("Headline.allAct"));
  }
  if (card.kind === "torchlight.round") {
    const fallen = [...((result.incapacitated as string[] | undefined) ?? []), ...((result.dead as string[] | undefined) ?? [])];
    const hurt = outcome.effects.map((effect) => effect.participant);
    return said(fallen.length ? t("Headline.fallen", { names: fallen.join(", ") }) : hurt.length ? t("Headline.hurt", { names: hurt.join(", ") }) : t("Headline.quiet"));
  }
  if (card.kind === "torchlight.dying" && result.dead) return said(t("Headline.dead", { name: nameOf(card, "actor") }));
  const rules = TELLING[card.kind] ?? [];
  const telling = rules.map((rule) => lines.find((line) => line.rule === rule)).find((line) => line !== undefined);
  return said(telling?.text ?? lines.at(-1)?.text ?? "");
}

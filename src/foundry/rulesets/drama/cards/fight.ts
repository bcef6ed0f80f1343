/**
 * The three melee cards: a round between two fighters (`drama.melee`, roles a and b), a round of
 * one fighter against several (`drama.multiple`, roles actor and opponent1...) and a skirmish where
 * several may split their pools (`drama.skirmish`, roles f1...f8, opened by the GM from the
 * tracker with the engagements). The opener picks her weapon (and, against several, whom she leaves
 * unopposed); the GM reads the tracker for the round's stances and for who holds Momentum; then
 * each fighter declares and builds on the card, in the rulebook's order, the dice are rolled once
 * every pool is built, and each fighter tests her courage. Apply writes every fighter's tracks and
 * statuses, and on the tracker who holds Momentum and the stances declared on the card.
 */
import type { Outcome } from "../../../../core/outcome.js";
import { choiceField, choiceOfField } from "../../../../rules/drama/choices.js";
import { flag, optionalString } from "../../../cards/checks.js";
import type { ActorChange, CardActors } from "../../../cards/kinds.js";
import { Refused } from "../../../relay/index.js";
import { momentumPath, stancePath, dramaticPath, storedDramatic } from "../combat/state.js";
import { dramaSystemOf, weaponOf } from "../gear.js";
import { fighterChange } from "./apply.js";
import { withOutRecords } from "../combat/out.js";
import { checkInFight, combatOf, fighterOf, namesOf, readFacts, trackerEngaged, trackerFacts, trackerMomentum, trackerStances } from "./fighters.js";
import { rulesPool, weaponChosen } from "./pool.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

export interface FightShape {
  /** The roles present, opener first. */
  roles: (actors: CardActors) => string[];
  opener: string;
  /** The pairings as [actor role, opponent role]. */
  pairings: (roles: readonly string[], request: Record<string, unknown>) => [string, string][];
}

export const MELEE_SHAPE: FightShape = {
  roles: () => ["a", "b"],
  opener: "a",
  pairings: () => [["a", "b"]],
};

export const MULTIPLE_SHAPE: FightShape = {
  roles: (actors) => ["actor", ...Object.keys(actors).filter((role) => /^opponent[1-8]$/.test(role)).sort((x, y) => Number(x.slice(8)) - Number(y.slice(8)))],
  opener: "actor",
  pairings: (roles) => roles.filter((role) => role !== "actor").map((role) => ["actor", role]),
};

/** One engagement of a skirmish card: two roles, and who (if anyone) leaves the other unopposed; Momentum as the tracker had it. */
export interface CardEngagement {
  between: [string, string];
  unopposedBy?: string;
  momentum?: string;
}

export const engagementsOf = (request: Record<string, unknown>): CardEngagement[] => (Array.isArray(request.engagements) ? (request.engagements as CardEngagement[]) : []);

export const SKIRMISH_SHAPE: FightShape = {
  roles: (actors) => Object.keys(actors).filter((role) => /^f[1-8]$/.test(role)).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1))),
  opener: "f1",
  pairings: (_roles, request) => engagementsOf(request).map((e) => e.between),
};

/** A skirmish's engagements as the opener sent them, checked: pairs of its roles, each pair once, a holder-back one of the two. */
function checkedEngagements(raw: unknown, roles: readonly string[]): CardEngagement[] {
  const bad = (): never => {
    throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem: "engagements" }));
  };
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 28) return bad();
  const seen = new Set<string>();
  const engagements = raw.map((value: unknown) => {
    const e = (typeof value === "object" && value !== null ? value : bad()) as Record<string, unknown>;
    const between = Array.isArray(e.between) && e.between.length === 2 ? (e.between as unknown[]) : bad();
    const [x, y] = between;
    if (typeof x !== "string" || typeof y !== "string" || x === y || !roles.includes(x) || !roles.includes(y)) return bad();
    const pair = [x, y].sort().join(" ");
    if (seen.has(pair)) return bad();
    seen.add(pair);
    const by = e.unopposedBy;
    if (by !== undefined && by !== null && by !== x && by !== y) return bad();
    return { between: [x, y] as [string, string], ...(typeof by === "string" ? { unopposedBy: by } : {}) };
  });
  if (roles.some((role) => !engagements.some((e) => e.between.includes(role)))) bad();
  return engagements;
}

/** On the opener's client and the GM: her weapon and unopposed opponents, checked; the tracker's facts, read. */
export function prepareFight(shape: FightShape, raw: Record<string, unknown>, actors: CardActors, tokens: Record<string, TokenDocument.Implementation | null>): Record<string, unknown> {
  const roles = shape.roles(actors);
  const seen = new Set<string>();
  for (const role of roles) {
    const actor = actors[role];
    if (!actor) throw new Refused(localize("FRAY.Card.Refused.NoActor"));
    dramaSystemOf(actor);
    checkInFight(actor);
    const id = tokens[role]?.uuid ?? actor.uuid;
    if (seen.has(id)) throw new Refused(localize("FRAY.Drama.Refused.SameFighter", { name: actor.name }));
    seen.add(id);
  }
  const opener = actors[shape.opener]!;
  const weapon = optionalString(raw.weapon, "weapon") ?? "";
  const chosen = weaponOf(opener, weapon);
  if (chosen?.ranged) throw new Refused(localize("FRAY.Drama.Refused.RangedInMelee", { weapon: chosen.name }));
  const request: Record<string, unknown> = { weapon, names: namesOf(roles, actors, tokens) };
  if (shape === MULTIPLE_SHAPE) {
    // Opponents are numbered from 1 without gaps, as the rules number them.
    if (roles.length < 2 || roles.some((role, i) => i > 0 && role !== `opponent${i}`)) throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem: "opponents" }));
    const unopposed = Array.isArray(raw.unopposed) ? raw.unopposed : [];
    if (unopposed.length > 8 || !unopposed.every((role) => typeof role === "string" && roles.includes(role) && role !== "actor")) throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem: "unopposed" }));
    if (unopposed.length >= roles.length - 1) throw new Refused(localize("FRAY.Drama.Refused.AllUnopposed"));
    request.unopposed = [...new Set(unopposed as string[])];
  } else if (shape === SKIRMISH_SHAPE) {
    // Fighters are numbered from 1 without gaps, as the rules number them.
    if (roles.length < 2 || roles.some((role, i) => role !== `f${i + 1}`)) throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem: "fighters" }));
    request.engagements = checkedEngagements(raw.engagements, roles);
  } else if (raw.unopposed !== undefined) flag(raw.unopposed, "unopposed");
  const facts = trackerFacts(roles, actors, tokens);
  if (facts) {
    request.tracker = facts;
    Object.assign(request, trackerStances(facts));
    const engaged = trackerEngaged(facts);
    if (engaged.length) request.engaged = engaged;
    if (shape === SKIRMISH_SHAPE) {
      request.engagements = engagementsOf(request).map((e) => {
        const holder = trackerMomentum(facts, e.between[0], e.between[1]);
        return holder ? { ...e, momentum: holder } : e;
      });
    } else {
      const momentum: Record<string, string> = {};
      for (const [a, b] of shape.pairings(roles, request)) {
        const holder = trackerMomentum(facts, a, b);
        if (holder) momentum[b] = holder;
      }
      if (Object.keys(momentum).length) request.momentum = momentum;
    }
  }
  return request;
}

/** The rules request of a fight now: every fighter read from her actor, the choices made so far. */
export function rulesFight(shape: FightShape, request: Record<string, unknown>, actors: CardActors): Record<string, unknown> {
  const roles = shape.roles(actors);
  const names = (request.names ?? {}) as Record<string, string>;
  const momentum = (request.momentum ?? {}) as Record<string, string>;
  const engaged = Array.isArray(request.engaged) ? (request.engaged as unknown[]) : [];
  const round = readFacts(request.tracker)?.round ?? null;
  const fighter = (role: string) => {
    const actor = actors[role]!;
    const pool = request[choiceField(role, "Pool")];
    const weapon = weaponChosen(actor, pool, role === shape.opener ? request.weapon : undefined);
    if (weapon?.ranged) throw new Refused(localize("FRAY.Drama.Refused.RangedInMelee", { weapon: weapon.name }));
    const read = fighterOf(actor, names[role] ?? actor.name, weapon, round);
    return engaged.includes(role) ? { ...read, engaged: true } : read;
  };
  const choices: Record<string, unknown> = {};
  for (const role of roles) {
    for (const [field, value] of Object.entries(request)) {
      const made = value === undefined ? null : choiceOfField(role, field);
      if (made) choices[field] = made.kind === "Pool" ? rulesPool(actors[role]!, value) : value;
    }
  }
  if (shape === MELEE_SHAPE) {
    const holder = momentum.b;
    return { a: fighter("a"), b: fighter("b"), ...(holder === "a" || holder === "b" ? { momentum: holder } : {}), interactive: true, ...choices };
  }
  if (shape === SKIRMISH_SHAPE) {
    // The card's roles are the rules' fighter keys (f1...), numbered from 1 without gaps (prepareFight).
    const engagements = engagementsOf(request).map((e) => ({ between: e.between, ...(e.momentum ? { momentum: e.momentum } : {}), ...(e.unopposedBy ? { unopposedBy: e.unopposedBy } : {}) }));
    return { fighters: roles.map(fighter), engagements, interactive: true, ...choices };
  }
  const unopposed = (request.unopposed ?? []) as string[];
  const opponents = roles
    .filter((role) => role !== "actor")
    .map((role) => ({
      opponent: fighter(role),
      ...(unopposed.includes(role) ? { unopposed: true } : {}),
      ...(momentum[role] ? { momentum: momentum[role] === "actor" ? "actor" : "opponent" } : {}),
    }));
  // The card's opponent roles are numbered from 1 without gaps (prepareFight), as the rules number them.
  return { actor: fighter("actor"), opponents, interactive: true, ...choices };
}

/** Who holds Momentum in each pairing after the round, as the rules' results say (a role; the rules' keys are the card's roles). */
function momentumAfter(shape: FightShape, outcome: Outcome): (string | undefined)[] {
  const result = outcome.result as { momentumSide?: string; fights?: { momentumSide?: string }[] };
  if (shape === MELEE_SHAPE) return [result.momentumSide];
  return (result.fights ?? []).map((fight) => fight.momentumSide);
}

/** Apply: every fighter's tracks and statuses, and the tracker's Momentum and stances. */
export function fightChanges(shape: FightShape, outcome: Outcome, actors: CardActors, request: Record<string, unknown>): ActorChange[] {
  const roles = shape.roles(actors);
  const facts = readFacts(request.tracker);
  const round = facts ? facts.round : null;
  const changes: ActorChange[] = withOutRecords(roles.map((role, i): ActorChange => fighterChange(actors[role]!, outcome.effects[i], round)));
  const combat = combatOf(facts);
  if (!combat || !facts) return changes;
  const fields: Record<string, unknown> = {};
  const holders = momentumAfter(shape, outcome);
  shape.pairings(roles, request).forEach(([a, b], i) => {
    const holder = holders[i];
    const [ia, ib] = [facts.ids[a], facts.ids[b]];
    if (holder && ia && ib) fields[momentumPath(ia, ib)] = facts.ids[holder] ?? null;
  });
  // A stance declared on the card is the round's stance on the tracker too.
  for (const step of outcome.steps.filter((s) => s.rule === "stance")) {
    const id = facts.ids[String(step.side)];
    if (!id) continue;
    fields[stancePath(facts.round, id)] = step.stance;
    if (step.stance === "dramatic") fields[dramaticPath(facts.round, id)] = storedDramatic(step.dramatic as Record<string, number> | undefined);
  }
  const change: ActorChange = { actor: combat, fields };
  return [...changes, change];
}

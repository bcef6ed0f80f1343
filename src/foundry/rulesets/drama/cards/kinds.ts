/**
 * The Drama in History cards on the shared engine: a melee round, a round against several
 * opponents, a ranged shot, a courage test, and Momentum (round one at melee, or who shoots first).
 */
import type { Outcome } from "../../../../core/outcome.js";
import { RANGED_BONUSES, RANGED_TABLE } from "../../../../rules/drama/tables.js";
import { integerIn, oneOf, optionalInteger, optionalString, stringList } from "../../../cards/checks.js";
import { anything, entries, listOf, oneOf as oneOfField, optional, requestOf, text, whole } from "../../../cards/fields.js";
import type { ActorChange, CardActors, CardKind } from "../../../cards/kinds.js";
import type { CardData, ChangeRecord } from "../../../cards/model.js";
import type { DescribedChange } from "../../../cards/phrasing.js";
import { cardName, changeTargetAt } from "../../../cards/documents.js";
import { combatantOfKey } from "../../../combat/fighter.js";
import { Refused } from "../../../relay/index.js";
import { templatePath } from "../../../system.js";
import { MOMENTUM_KEY, STANCES_KEY } from "../combat/state.js";
import { dramaSystemOf, weaponOf, weaponsOf } from "../gear.js";
import { fighterChange } from "./apply.js";
import { OUT_KEY, withOutRecords } from "../combat/out.js";
import { fightChanges, MELEE_SHAPE, MULTIPLE_SHAPE, prepareFight, rulesFight, SKIRMISH_SHAPE } from "./fight.js";
import { checkInFight, combatOf, fighterOf, namesOf, readFacts, trackerFacts } from "./fighters.js";
import { declaredAdvantages } from "./pool.js";
import { DRAMA_CLIENT_ACTIONS } from "./picker.js";
import { markShots } from "./shots.js";
import { awaitingView, dramaHeadline, nameOf, situationsText, statusLines, stepsView } from "./view.js";
import { declaredStance } from "../combat/state.js";
import { dramaticRefusal } from "../dramatic.js";
import { SYSTEM_ID } from "../../../system.js";

const localize = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
const TEMPLATE = templatePath("chat/drama-card.hbs");

/** The Drama cards' common view: title, every step, the awaited choice, the statuses gained. */
function context(card: CardData): Record<string, unknown> {
  const outcome = card.outcome;
  const facts = readFacts(card.request.tracker);
  const declared = Object.entries(card.request)
    .filter(([field, value]) => field.endsWith("Pool") && value && typeof value === "object")
    .map(([field, value]) => {
      const role = field.slice(0, -4);
      const situations = situationsText(((value as { situations?: string[] }).situations ?? []) as string[]);
      return situations ? { who: nameOf(card, role), situations } : null;
    })
    .filter(Boolean);
  return {
    kindId: card.kind,
    title: titleOf(card),
    subtitle: facts ? localize("FRAY.Drama.Card.Round", { round: String(facts.round) }) : "",
    ...(outcome ? stepsView(outcome.steps, outcome.dice) : { entries: [] }),
    awaitingChoice: awaitingView(card),
    declared,
    statuses: statusLines(card),
    shooters: card.kind === "drama.momentum" && card.request.for === "ranged" ? shootersOf(card) : [],
    // Who shoots first is settled, not finished: its Shoot buttons are what comes next.
    ...(card.kind === "drama.momentum" && card.request.for === "ranged" && card.state === "closed" ? { stateLabel: localize("FRAY.Drama.Card.ShootInOrder") } : {}),
  };
}

function titleOf(card: CardData): string {
  const kind = card.kind.split(".")[1] ?? card.kind;
  const names = (card.request.names ?? {}) as Record<string, string>;
  if (kind === "melee") return localize("FRAY.Drama.Card.Title.melee", { a: names.a ?? "", b: names.b ?? "" });
  if (kind === "multiple") return localize("FRAY.Drama.Card.Title.multiple", { actor: names.actor ?? "", count: String(Object.keys(names).length - 1) });
  if (kind === "skirmish") return localize("FRAY.Drama.Card.Title.skirmish", { names: Object.values(names).join(", ") });
  if (kind === "ranged") return localize("FRAY.Drama.Card.Title.ranged", { shooter: names.shooter ?? "", target: names.target ?? "" });
  if (kind === "courage") return localize("FRAY.Drama.Card.Title.courage", { who: names.actor ?? "" });
  return localize(card.request.for === "ranged" ? "FRAY.Drama.Card.Title.shootFirst" : "FRAY.Drama.Card.Title.momentum");
}

/** Each wound's Flesh ("5F, 3F"). */
function woundsText(value: unknown): string {
  const wounds = Array.isArray(value) ? (value as { flesh?: unknown }[]) : [];
  return wounds.map((w) => localize("FRAY.Drama.Card.WoundFlesh", { flesh: String(Number(w.flesh) || 0) })).join(", ");
}

/** The wounds a change added (the list grows by its end) or, when it shrank, that some healed. */
function woundsLine(record: ChangeRecord): string {
  const before = Array.isArray(record.before) ? record.before : [];
  const after = Array.isArray(record.after) ? record.after : [];
  if (after.length <= before.length) return localize("FRAY.Drama.Card.Say.WoundsHealed", { name: record.name, wounds: woundsText(after) || localize("FRAY.Drama.Card.Say.None") });
  const added = after.slice(before.length);
  return localize(added.length === 1 ? "FRAY.Drama.Card.Say.Wound" : "FRAY.Drama.Card.Say.Wounds", { name: record.name, wounds: woundsText(added) });
}

/** Tracker state a card changed, in the players' words: sentences of the game, never a field's name and values. */
function describeChange(record: ChangeRecord): DescribedChange | null {
  const field = (key: string) => localize(`FRAY.Drama.Card.Field.${key}`);
  if (record.key === "system.wounds") return { field: field("wounds"), before: "", after: "", line: woundsLine(record) };
  const parts = record.key.split(".");
  // The round a disadvantage is for is the disadvantage's own bookkeeping: its line says "next round".
  if (record.key === "system.disadvantageRound") return { field: localize("FRAY.Drama.FIELDS.disadvantageRound.label"), before: "", after: "", line: null };
  if (record.key === "system.disadvantage") {
    const level = String(record.after);
    const line = level === "none" ? localize("FRAY.Drama.Card.Say.DisadvantageOff", { name: record.name }) : localize("FRAY.Drama.Card.Say.Disadvantage", { name: record.name, level: localize(`FRAY.Drama.DisadvantageName.${level}`).toLowerCase() });
    return { field: localize("FRAY.Drama.FIELDS.disadvantage.label"), before: "", after: "", line };
  }
  // A track or count of the actor's: named as the sheet names it.
  const label = `FRAY.Drama.FIELDS.${parts[1] ?? ""}.label`;
  if (record.kind !== "status" && parts[0] === "system" && game.i18n!.has(label)) return { field: localize(label), before: String(record.before), after: String(record.after) };
  if (parts[0] !== "flags" || parts[1] !== SYSTEM_ID) return null;
  // Rounds out in the GM's record: said once, by the actor's own line.
  if (parts[2] === OUT_KEY) return null;
  const combatantName = (id: unknown) => {
    const combat = changeTargetAt(record.uuid);
    return typeof id === "string" && combat instanceof Combat ? (combatantOfKey(combat.combatants, id)?.name ?? null) : null;
  };
  if (parts[2] === MOMENTUM_KEY) {
    const holder = combatantName(record.after);
    return { field: field("momentum"), before: "", after: "", line: holder ? localize("FRAY.Drama.Card.MomentumHeld", { who: cardName(holder) }) : localize("FRAY.Drama.Card.Say.NoMomentum") };
  }
  if (parts[2] === STANCES_KEY) {
    const stance = (value: unknown) => (typeof value === "string" ? localize(`FRAY.Drama.Stance.${value}`) : "—");
    const who = combatantName(parts[4]) ?? localize("FRAY.Drama.Card.Say.Someone");
    if (typeof record.after !== "string") return { field: localize("FRAY.Drama.Card.Field.stance", { who }), before: "", after: "", line: localize("FRAY.Drama.Card.Say.StanceOff", { who }) };
    return { field: localize("FRAY.Drama.Card.Field.stance", { who }), before: stance(record.before), after: stance(record.after), line: localize("FRAY.Drama.Card.Say.Stance", { who, stance: stance(record.after) }) };
  }
  return { field: localize("FRAY.Drama.Card.Field.dramatic"), before: "", after: "" };
}

const common = {
  ruleset: "drama" as const,
  template: TEMPLATE,
  context,
  headline: dramaHeadline,
  describeChange,
  clientActions: DRAMA_CLIENT_ACTIONS,
  checkChoice: (choice: string, value: unknown, asker: User.Implementation) => (choice.endsWith("Stance") ? dramaticRefusal(value, asker) : null),
};

/** The opener's melee weapon: every melee card may name it. */
const MELEE_WEAPON = optional(text("the item id of the opener's melee weapon (else her first, or unarmed)"));

export const dramaMeleeCard: CardKind = {
  ...common,
  id: "drama.melee",
  action: "melee",
  opener: "a",
  roles: ["a", "b"],
  request: requestOf({ weapon: MELEE_WEAPON }),
  prepare: (raw, actors, tokens) => prepareFight(MELEE_SHAPE, raw, actors, tokens),
  rulesRequest: (request, actors) => rulesFight(MELEE_SHAPE, request, actors),
  changes: (outcome, actors, request) => fightChanges(MELEE_SHAPE, outcome, actors, request),
};

export const OPPONENT_ROLES = Array.from({ length: 8 }, (_, i) => `opponent${i + 1}`);

export const dramaMultipleCard: CardKind = {
  ...common,
  id: "drama.multiple",
  action: "multiple",
  opener: "actor",
  roles: ["actor", ...OPPONENT_ROLES],
  request: requestOf({ weapon: MELEE_WEAPON, unopposed: optional(listOf(text("an opponent's role"), "the opponents she leaves unopposed (opponent1...), not all of them")) }),
  prepare: (raw, actors, tokens) => prepareFight(MULTIPLE_SHAPE, raw, actors, tokens),
  rulesRequest: (request, actors) => rulesFight(MULTIPLE_SHAPE, request, actors),
  changes: (outcome, actors, request) => fightChanges(MULTIPLE_SHAPE, outcome, actors, request),
};

export const SKIRMISH_ROLES = Array.from({ length: 8 }, (_, i) => `f${i + 1}`);

/** A skirmish, opened by the GM from the tracker with who engages whom: several fighters may split their pools. */
export const dramaSkirmishCard: CardKind = {
  ...common,
  id: "drama.skirmish",
  action: "skirmish",
  opener: "f1",
  roles: SKIRMISH_ROLES,
  request: requestOf({
    weapon: MELEE_WEAPON,
    engagements: listOf(
      entries({ between: listOf(text("a fighter's role (f1...)"), "the two fighters"), unopposedBy: optional(text("the one of the two who leaves the other unopposed")) }, "an engagement"),
      "who fights whom: every fighter in one engagement at least, each pair once",
    ),
  }),
  openBy: "gm",
  // Many players choose on one skirmish: only the GM takes it back.
  undoBy: "gm",
  prepare: (raw, actors, tokens) => prepareFight(SKIRMISH_SHAPE, raw, actors, tokens),
  rulesRequest: (request, actors) => rulesFight(SKIRMISH_SHAPE, request, actors),
  changes: (outcome, actors, request) => fightChanges(SKIRMISH_SHAPE, outcome, actors, request),
};

const RANGED_ROWS = Object.keys(RANGED_TABLE) as (keyof typeof RANGED_TABLE)[];
const BONUSES = Object.keys(RANGED_BONUSES);

export const dramaRangedCard: CardKind = {
  ...common,
  id: "drama.ranged",
  action: "ranged",
  opener: "shooter",
  roles: ["shooter", "target"],
  request: requestOf({
    weapon: optional(text("the item id of the shooter's missile weapon")),
    situation: optional(entries(Object.fromEntries(Object.entries(RANGED_TABLE).map(([row, columns]) => [row, optional(oneOfField(Object.keys(columns), `the ranged table's ${row} column`))])), "a column of each row of the ranged table")),
    bonuses: optional(listOf(oneOfField(Object.keys(RANGED_BONUSES), "a bonus"), "+2Bd each")),
    advantages: optional(listOf(anything("a declared passion or dramatic advantage"), "passions and dramatic advantages declared for the shot")),
    base: optional(whole("extra Base dice", 0, 20)),
    resistance: optional(whole("extra Resistance dice", 0, 20)),
  }),
  prepare(raw, actors, tokens) {
    const { shooter, target } = actors;
    if (!shooter || !target) throw new Refused(localize("FRAY.Card.Refused.NoActor"));
    dramaSystemOf(target);
    checkInFight(shooter);
    const weapon = optionalString(raw.weapon, "weapon") ?? "";
    const chosen = weaponOf(shooter, weapon);
    if (chosen && !chosen.ranged) throw new Refused(localize("FRAY.Drama.Refused.NotRanged", { weapon: chosen.name }));
    // A shot is made with a missile weapon (the sheet's weapon class is her melee weapon's), as the dialog says (issue 38 item 12).
    if (!weaponsOf(shooter).some((w) => w.ranged)) throw new Refused(localize("FRAY.Drama.Ui.NoMissileWeapon", { name: namesOf(["shooter"], actors, tokens).shooter ?? shooter.name }));
    const given = (raw.situation ?? {}) as Record<string, unknown>;
    const situation: Record<string, string> = {};
    for (const row of RANGED_ROWS) {
      const value = optionalString(given[row], `situation.${row}`);
      if (value !== undefined) situation[row] = oneOf(value, Object.keys(RANGED_TABLE[row]), `situation.${row}`);
    }
    const bonuses = stringList(raw.bonuses, 3, "bonuses");
    for (const bonus of bonuses) oneOf(bonus, BONUSES, "bonuses");
    declaredAdvantages(shooter, raw.advantages);
    const facts = trackerFacts(["shooter", "target"], actors, tokens);
    return {
      weapon,
      situation,
      bonuses: [...new Set(bonuses)],
      advantages: Array.isArray(raw.advantages) ? raw.advantages : [],
      base: optionalInteger(raw.base, 0, 20, "base") ?? 0,
      resistance: optionalInteger(raw.resistance, 0, 20, "resistance") ?? 0,
      names: namesOf(["shooter", "target"], actors, tokens),
      ...(facts ? { tracker: facts } : {}),
    };
  },
  rulesRequest(request, actors) {
    const shooter = actors.shooter!;
    const names = (request.names ?? {}) as Record<string, string>;
    const declared = declaredAdvantages(shooter, request.advantages);
    const pool = {
      ...(request.base ? { base: request.base } : {}),
      ...(request.resistance ? { resistance: request.resistance } : {}),
      ...(declared.drama ? { drama: declared.drama } : {}),
      ...(declared.dramaPointsSpent ? { dramaPointsSpent: declared.dramaPointsSpent } : {}),
      ...(declared.extraFlesh ? { extraFlesh: declared.extraFlesh } : {}),
    };
    const round = readFacts(request.tracker)?.round ?? null;
    return {
      shooter: fighterOf(shooter, names.shooter ?? shooter.name, weaponOf(shooter, request.weapon), round, true),
      target: fighterOf(actors.target!, names.target ?? actors.target!.name, null, round),
      situation: request.situation,
      bonuses: request.bonuses,
      ...(Object.keys(pool).length ? { shooterPool: pool } : {}),
      interactive: true,
      ...(request.targetCourage !== undefined ? { targetCourage: request.targetCourage } : {}),
      ...(request.targetWaver !== undefined ? { targetWaver: request.targetWaver } : {}),
    };
  },
  changes(outcome, actors, request): ActorChange[] {
    const round = readFacts(request.tracker)?.round ?? null;
    return withOutRecords([fighterChange(actors.target!, outcome.effects[0], round), fighterChange(actors.shooter!, outcome.effects[1], round)]);
  },
};

/** The penalty dice a courage test counts: all held, less the one the calling wound brought (it counts through its Flesh). */
function couragePenalties(actor: Actor.Implementation, woundIndex: number | null): { woundFlesh: number; penalties: number } {
  const system = dramaSystemOf(actor);
  const wound = woundIndex === null ? undefined : system.wounds[woundIndex];
  const woundFlesh = wound?.flesh ?? 0;
  return { woundFlesh, penalties: Math.max(0, system.derived.penalties - (woundFlesh >= 2 ? 1 : 0)) };
}

export const dramaCourageCard: CardKind = {
  ...common,
  id: "drama.courage",
  action: "courage",
  opener: "actor",
  roles: ["actor"],
  request: requestOf({
    wound: optional(whole("the wound that calls the test, by its place on her wound list (from 0); else none", 0)),
    modifiers: optional(entries({ base: optional(whole("Base dice added (or taken off)", -20, 20)), resistance: optional(whole("Resistance dice added (or taken off)", -20, 20)), drama: optional(whole("Drama dice added", 0, 10)) }, "dice the GM allows for the test")),
  }),
  prepare(raw, actors, tokens) {
    const actor = actors.actor!;
    const system = dramaSystemOf(actor);
    const wound = raw.wound === undefined || raw.wound === null || raw.wound === "" ? null : integerIn(raw.wound, 0, Math.max(0, system.wounds.length - 1), "wound");
    const modifiers = (raw.modifiers ?? {}) as Record<string, unknown>;
    return {
      wound,
      modifiers: { base: optionalInteger(modifiers.base, -20, 20, "modifiers.base") ?? 0, resistance: optionalInteger(modifiers.resistance, -20, 20, "modifiers.resistance") ?? 0, drama: optionalInteger(modifiers.drama, 0, 10, "modifiers.drama") ?? 0 },
      names: namesOf(["actor"], actors, tokens),
    };
  },
  rulesRequest(request, actors) {
    const actor = actors.actor!;
    const system = dramaSystemOf(actor);
    const { woundFlesh, penalties } = couragePenalties(actor, typeof request.wound === "number" ? request.wound : null);
    const modifiers = Object.fromEntries(Object.entries((request.modifiers ?? {}) as Record<string, number>).filter(([, n]) => n));
    return {
      actor: { name: cardName(((request.names ?? {}) as Record<string, string>).actor ?? actor.name), maxFlesh: Math.max(1, system.flesh.max), physical: system.attributes.physical, penalties, woundFlesh, dramaPoints: system.dramaPoints, ...(Object.keys(modifiers).length ? { modifiers } : {}) },
      interactive: true,
      ...(request.actorWaver !== undefined ? { actorWaver: request.actorWaver } : {}),
    };
  },
  changes(outcome: Outcome, actors: CardActors): ActorChange[] {
    const effect = outcome.effects[0];
    const actor = actors.actor!;
    // The courage action reports Drama Points and rounds out; the statuses follow the tracks.
    return withOutRecords([fighterChange(actor, effect, null)]);
  },
};

export const CANDIDATE_ROLES = Array.from({ length: 12 }, (_, i) => `c${i + 1}`);

/** The shooters of a "who shoots first" card, in order, each with the other as target. */
function shootersOf(card: CardData): Record<string, unknown>[] {
  const order = ((card.outcome?.result as { order?: string[] } | undefined)?.order ?? []) as string[];
  const names = (card.request.names ?? {}) as Record<string, string>;
  const roleOf = (name: string) => Object.entries(names).find(([, n]) => n === name)?.[0];
  return order
    .map((name) => roleOf(name))
    .filter((role): role is string => !!role)
    .map((role, i) => ({ role, n: i + 1, name: names[role], owner: card.refs[role]?.actor ?? "", target: Object.keys(names).find((r) => r !== role) ?? "" }));
}

export const dramaMomentumCard: CardKind = {
  ...common,
  activate: markShots,
  id: "drama.momentum",
  speaker: "fight",
  action: "momentum",
  opener: "c1",
  roles: CANDIDATE_ROLES,
  request: requestOf({ for: optional(oneOfField(["melee", "ranged"], "who holds Momentum in melee, or who shoots first (melee by default)")) }),
  prepare(raw, actors, tokens) {
    const roles = CANDIDATE_ROLES.filter((role) => actors[role]);
    if (roles.length < 2 || roles.some((role, i) => role !== `c${i + 1}`)) throw new Refused(localize("FRAY.Card.Refused.Malformed", { problem: "combatants" }));
    for (const role of roles) dramaSystemOf(actors[role]!);
    const kind = oneOf(raw.for ?? "melee", ["melee", "ranged"], "for");
    const facts = trackerFacts(roles, actors, tokens);
    return { for: kind, names: namesOf(roles, actors, tokens), ...(facts ? { tracker: facts } : {}) };
  },
  rulesRequest(request, actors) {
    const names = (request.names ?? {}) as Record<string, string>;
    const facts = readFacts(request.tracker);
    const combat = combatOf(facts);
    const combatants = CANDIDATE_ROLES.filter((role) => actors[role]).map((role) => {
      const actor = actors[role]!;
      const system = dramaSystemOf(actor);
      const declared = request.for === "melee" && facts ? declaredStance(combat, facts.ids[role], facts.round) : null;
      return {
        name: cardName(names[role] ?? actor.name),
        grit: system.grit.value,
        agility: system.attributes.agility,
        level: system.level,
        pc: actor.type === "dramaCharacter",
        ...(declared ? { stance: declared.stance, ...(declared.dramatic?.momentum ? { dramaticMomentum: declared.dramatic.momentum } : {}) } : {}),
      };
    });
    return { combatants, for: request.for };
  },
  changes: () => [],
};

export const DRAMA_CARD_KINDS = [dramaMeleeCard, dramaMultipleCard, dramaSkirmishCard, dramaRangedCard, dramaCourageCard, dramaMomentumCard];

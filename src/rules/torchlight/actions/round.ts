import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import type { DiceTray } from "../../../core/dice/source.js";
import { awaitingOutcome, effectOf, type Outcome, type Step } from "../../../core/outcome.js";
import { vitalsView, type Vitals } from "../../../core/tracks/breath.js";
import { defineAction } from "../../ruleset.js";
import { idOf, resolveEndOfRound, type RoundCombatant, type RoundHit } from "../endOfRound.js";
import { mayProtect, type Placement, rallyReach } from "../grid.js";
import { readOptions } from "../options.js";
import { type Combatant, CombatantSchema, Options, placementOf, toVitals } from "../schemas.js";
import { rallyGain } from "../stances.js";
import { TorchlightRefusal } from "../refusal.js";
import { checkDeclarations, DeclarationSchema } from "../declarations.js";

const Name = Type.String({ maxLength: 80 });

const Hit = Type.Object(
  {
    target: Name,
    amount: Type.Integer({ minimum: 0, maximum: 999 }),
    damageType: Type.Optional(Type.String({ maxLength: 40 })),
    from: Type.Optional(Name),
    precisionStrike: Type.Optional(Type.Boolean()),
    melee: Type.Optional(Type.Boolean()),
    parried: Type.Optional(Type.Boolean()),
    protectedBy: Type.Optional(Name),
    squad: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

const Request = Type.Object(
  {
    combatants: Type.Array(CombatantSchema, { minItems: 1, maxItems: 60 }),
    /** Every attack total that landed this round (before the target's On Guard). */
    hits: Type.Array(Hit, { maxItems: 200 }),
    /** The round's one Rally: who used it. It reaches every companion within one adjacent position, a fallen one too; `allies`, if given, must all be among them. */
    rally: Type.Optional(Type.Object({ by: Name, allies: Type.Optional(Type.Array(Name, { maxItems: 60 })) }, { additionalProperties: false })),
    /** Protect Companion: an On Guard character absorbs the largest hit on one adjacent companion, taking half. */
    protect: Type.Optional(Type.Array(Type.Object({ by: Name, companion: Name }, { additionalProperties: false }), { maxItems: 60 })),
    /** What each character declared at the start of her side's turn: given, every hit, Rally and Protect must have been declared, and no one stands elsewhere than she declared. */
    declarations: Type.Optional(Type.Array(DeclarationSchema, { maxItems: 60 })),
    /** The saves each damaged character's owner has rolled, by the character's id (its name when none): absent = awaited. */
    // TypeBox checks a Record's keys by their pattern alone, and only additionalProperties false refuses a key off it.
    saves: Type.Optional(Type.Record(Type.String({ pattern: "^.{1,40}$" }), Type.Literal(true), { additionalProperties: false })),
    /** With the house option breathOrder "owner": the hits each character's owner puts to her Breath first, by the hit's number in `hits` ("2,0"), by the character's id: absent or short = awaited while the order can still matter. */
    breathOrder: Type.Optional(Type.Record(Type.String({ pattern: "^.{1,40}$" }), Type.String({ pattern: "^\\d{1,3}(,\\d{1,3}){0,199}$" }), { additionalProperties: false })),
    options: Options,
  },
  { additionalProperties: false },
);
export type RoundRequest = Static<typeof Request>;

function statusesOf(before: Vitals, after: Vitals): string[] {
  const statuses: string[] = [];
  if (after.incapacitated && !before.incapacitated) statuses.push("incapacitated", "prone");
  if (after.dead && !before.dead) statuses.push("dead");
  return statuses;
}

/** The grid the request's combatants stand on; anyone named in a Rally or a Protect must be on it. */
function gridOf(combatants: readonly Combatant[], needed: readonly string[]): Placement[] {
  const grid = combatants.map(placementOf).filter((p): p is Placement => p !== undefined);
  for (const name of needed) if (!grid.some((p) => p.name === name)) throw new TorchlightRefusal("needs-position", name);
  return grid;
}

/** Rally's reach: every companion within one adjacent position of the rallier, checked against any allies named. */
function rallied(request: RoundRequest, rally: NonNullable<RoundRequest["rally"]>, diagonal: boolean): string[] {
  const rallier = request.combatants.find((c) => c.name === rally.by)!;
  if ((rallier.stance ?? "steadied") !== "steadied" || rallier.incapacitated) throw new TorchlightRefusal("rally-needs-steadied", rally.by);
  const grid = gridOf(request.combatants, [rally.by, ...(rally.allies ?? [])]);
  const reach = rallyReach(grid, rally.by, diagonal).map((p) => p.name);
  for (const ally of rally.allies ?? []) if (!reach.includes(ally)) throw new TorchlightRefusal("rally-out-of-reach", ally);
  return reach;
}

/** The hits with each Protect Companion placed on the largest hit on the companion (the first of equals). */
function protectedHits(request: RoundRequest, diagonal: boolean, stanceOf: (name: string) => string | undefined): RoundHit[] {
  const hits: RoundHit[] = request.hits.map((h) => ({ ...h, damageType: h.damageType ?? "physical" }));
  const protects = [...(request.protect ?? []), ...hits.filter((h) => h.protectedBy !== undefined).map((h) => ({ by: h.protectedBy!, companion: h.target }))];
  const grid = gridOf(request.combatants, protects.flatMap((p) => [p.by, p.companion]));
  for (const { by, companion } of protects) {
    if (stanceOf(by) !== "on-guard") throw new TorchlightRefusal("protect-needs-on-guard", by);
    if (!mayProtect(grid, by, companion, diagonal)) throw new TorchlightRefusal("protect-not-adjacent", `${by} → ${companion}`);
  }
  // Stryker disable next-line ArrayDeclaration: with no Protect asked, any list of non-Protects places nothing
  for (const { by, companion } of request.protect ?? []) {
    const candidates = hits.filter((h) => h.target === companion && h.protectedBy === undefined);
    const largest = candidates.reduce<RoundHit | undefined>((best, h) => (best === undefined || h.amount > best.amount ? h : best), undefined);
    if (largest) largest.protectedBy = by;
  }
  return hits;
}

export function resolveRound(request: RoundRequest, tray: DiceTray): Outcome {
  const options = readOptions(request.options);
  const steps: Step[] = [];
  const names = new Set(request.combatants.map((c) => c.name));
  const named = [
    ...request.hits.flatMap((h) => [h.target, h.protectedBy ?? h.target]),
    ...(request.rally ? [request.rally.by, ...(request.rally.allies ?? [])] : []),
    ...(request.protect ?? []).flatMap((p) => [p.by, p.companion]),
  ];
  for (const name of named) if (!names.has(name)) throw new TorchlightRefusal("unknown-combatant", name);
  if (request.declarations) {
    const standing = new Map(request.combatants.map((c) => [c.name, { stance: c.stance, lane: c.lane }]));
    checkDeclarations(request.declarations, standing, { hits: request.hits, rally: request.rally, protect: request.protect, protectedBy: request.hits.flatMap((h) => (h.protectedBy === undefined ? [] : [h.protectedBy])) });
  }
  // Only On Guard matters to a Protect: a combatant given no stance is simply not On Guard.
  const stances = new Map(request.combatants.map((c) => [c.name, c.stance]));
  const hits = protectedHits(request, options.diagonalAdjacency, (name) => stances.get(name));

  let combatants: RoundCombatant[] = request.combatants.map((c) => ({
    name: c.name,
    vitals: toVitals(c),
    stance: c.stance ?? "steadied",
    evading: c.evading ?? false,
    // Stryker disable next-line ConditionalExpression: an id of undefined is read as none (idOf falls back to the name)
    ...(c.id !== undefined ? { id: c.id } : {}),
    ...(c.parrying ? { parrying: c.parrying } : {}),
  }));
  const start = combatants;

  // Rally happens in the players' turn, so its Breath is there before the round's damage lands.
  if (request.rally) {
    const reach = rallied(request, request.rally, options.diagonalAdjacency);
    // Rally's Breath stops at each companion's maximum: without it Fray cannot tell what 1d4 adds.
    const unknown = request.combatants.filter((c) => reach.includes(c.name) && c.maxBreath === undefined).map((c) => c.name);
    if (unknown.length > 0) throw new TorchlightRefusal("rally-needs-max-breath", unknown.join(", "));
    steps.push({ rule: "rally-reach", by: request.rally.by, reaches: reach });
    combatants = combatants.map((c) => {
      if (!reach.includes(c.name)) return c;
      const gain = rallyGain(tray, c.name, c.vitals);
      steps.push({ rule: "rally", participant: c.name, roll: gain.roll, breath: gain.vitals.breath });
      return { ...c, vitals: gain.vitals };
    });
  }

  const saves = request.saves ?? {};
  const orders = request.breathOrder ?? {};
  if (options.breathOrder !== "owner" && Object.keys(orders).length > 0) throw new TorchlightRefusal("bad-breath-order", "the hits meet Breath in the order dealt unless options.breathOrder is owner");
  const ownerOrder = options.breathOrder === "owner" ? (c: RoundCombatant) => (Object.hasOwn(orders, idOf(c)) ? orders[idOf(c)]!.split(",").map(Number) : undefined) : undefined;
  const end = resolveEndOfRound(tray, combatants, hits, options.protectRounding, undefined, (c) => Object.hasOwn(saves, idOf(c)), ownerOrder);
  steps.push(...end.steps);
  if (end.awaiting?.kind === "order") {
    const { combatant, chosen, hits: open } = end.awaiting;
    const prefix = chosen.map(String);
    const offer = { chosen, hits: open.map((h) => ({ hit: h.hit, amount: h.amount, damageType: h.damageType })), options: open.map((h) => [...prefix, String(h.hit)].join(",")) };
    return awaitingOutcome(tray.rolled, steps, { resolved: false, breathOrderOf: combatant.name }, { choice: `breathOrder.${idOf(combatant)}`, by: idOf(combatant), offer });
  }
  if (end.awaiting) {
    const { combatant, characteristics, st } = end.awaiting;
    return awaitingOutcome(tray.rolled, steps, { resolved: false, savesOwedBy: combatant.name }, { choice: `saves.${idOf(combatant)}`, by: idOf(combatant), offer: { characteristics, st } });
  }
  const effects = end.combatants.map((c, index) => {
    const before = start[index]!.vitals;
    return effectOf(c.name, vitalsView(before), vitalsView(c.vitals), statusesOf(before, c.vitals));
  });
  const newly = (test: (before: Vitals, after: Vitals) => boolean) =>
    end.combatants.filter((c, index) => test(start[index]!.vitals, c.vitals)).map((c) => c.name);
  return {
    dice: tray.rolled,
    steps,
    result: {
      resolved: true,
      incapacitated: newly((b, a) => a.incapacitated && !b.incapacitated),
      dead: newly((b, a) => a.dead && !b.dead),
      standing: end.combatants.filter((c) => !c.vitals.incapacitated && !c.vitals.dead).map((c) => c.name),
    },
    // A status here (Incapacitated, dead) always comes with the change of tracks that caused it.
    effects: effects.filter((e) => Object.keys(e.changes).length > 0),
  };
}

export const roundAction = defineAction({
  summary: "End of a round: Rally, then every hit totalled and applied (Breath, then Characteristics), then each damaged character's saves (awaited from its owner); failure Incapacitates",
  request: Request,
  resolve: resolveRound,
});

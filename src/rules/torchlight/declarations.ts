/**
 * The players' turn (and the GM's) opens with every action declared: stance, move, the attack and its
 * target, or a stance ability. Only then do the attacks roll, together, and none may change. A round
 * request that carries the declarations is checked against them: every hit comes from an attack
 * declared on that target, every Rally and Protect Companion from its declared ability, and each
 * declared stance or lane is where its character stands.
 */
import * as Type from "@sinclair/typebox";
import type { Static } from "@sinclair/typebox";
import { TorchlightRefusal } from "./refusal.js";
import { AbilitySchema, StanceSchema } from "./schemas.js";
import { ABILITY_STANCE, STANCE_RULES, type StanceAbility } from "./tables.js";

const Name = Type.String({ maxLength: 80 });

export const DeclarationSchema = Type.Object(
  {
    by: Name,
    /** The stance she takes (or keeps) this turn. */
    stance: Type.Optional(StanceSchema),
    /** The Action Lane she moves to (or stays in). */
    lane: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** Whom she attacks. */
    attack: Type.Optional(Name),
    /** The stance ability she uses (Protect Companion leaves her attack; the others take its place). */
    ability: Type.Optional(AbilitySchema),
    /** Made once her side's declared attacks had already rolled this round: refused (every action is declared before any attack is made). */
    afterAttacks: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type Declaration = Static<typeof DeclarationSchema>;

interface Declared {
  stance?: string | undefined;
  lane?: number | undefined;
}

interface Checked {
  hits: readonly { target: string; from?: string | undefined }[];
  rally?: { by: string } | undefined;
  protect?: readonly { by: string }[] | undefined;
  protectedBy: readonly string[];
}

/** Refuses a round whose hits, Rally or Protects were not declared, or whose characters stand elsewhere than they declared. */
export function checkDeclarations(declarations: readonly Declaration[], combatants: ReadonlyMap<string, Declared>, round: Checked): void {
  const byName = new Map<string, Declaration>();
  for (const declaration of declarations) {
    if (!combatants.has(declaration.by)) throw new TorchlightRefusal("unknown-combatant", declaration.by);
    if (declaration.attack !== undefined && !combatants.has(declaration.attack)) throw new TorchlightRefusal("unknown-combatant", declaration.attack);
    if (byName.has(declaration.by)) throw new TorchlightRefusal("declared-twice", declaration.by);
    byName.set(declaration.by, declaration);
    if (declaration.afterAttacks) throw new TorchlightRefusal("declared-after-attacks", declaration.by);
    const { ability } = declaration;
    if (ability !== undefined && declaration.attack !== undefined && !STANCE_RULES[ABILITY_STANCE[ability]].abilityAllowsAttack) throw new TorchlightRefusal("ability-instead-of-attack", declaration.by);
    const now = combatants.get(declaration.by)!;
    if (declaration.stance !== undefined && declaration.stance !== (now.stance ?? "steadied")) throw new TorchlightRefusal("declaration-changed", `${declaration.by}: ${declaration.stance}`);
    if (declaration.lane !== undefined && now.lane !== undefined && declaration.lane !== now.lane) throw new TorchlightRefusal("declaration-changed", `${declaration.by}: lane ${declaration.lane}`);
  }
  for (const hit of round.hits) {
    // Stryker disable next-line ConditionalExpression: every declaration has a name, so a hit with no attacker finds none either way
    const declared = hit.from === undefined ? undefined : byName.get(hit.from);
    if (declared?.attack !== hit.target) throw new TorchlightRefusal("undeclared-attack", `${hit.from ?? "?"} → ${hit.target}`);
  }
  const usedAbility = (by: string, ability: StanceAbility) => {
    if (byName.get(by)?.ability !== ability) throw new TorchlightRefusal("undeclared-ability", by);
  };
  if (round.rally) usedAbility(round.rally.by, "rally");
  for (const by of [...(round.protect ?? []).map((p) => p.by), ...round.protectedBy]) usedAbility(by, "protect-companion");
}

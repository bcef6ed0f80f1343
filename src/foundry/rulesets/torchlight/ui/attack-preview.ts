/**
 * What an attack would be, worked out on this client exactly as the GM will (the card kind's own
 * prepare and rules request): whether it is allowed at all, what makes it Enhanced or Impaired, and
 * the die it rolls. The rules request is what odds would be computed from.
 */
import { attackEdges, planFor } from "../../../../rules/torchlight/attack.js";
import { readOptions } from "../../../../rules/torchlight/options.js";
import { STANCE_RULES, type Stance } from "../../../../rules/torchlight/tables.js";
import { type CardActors, type CardKind, prepareOpening } from "../../../cards/kinds.js";
import { rulesAction, rulesRequestOf } from "../../../cards/resolve.js";
import { DiceError, DiceTray, givenFaces } from "../../../../core/dice/source.js";
import type { Fighter } from "../combat/fight.js";
import type { SheetFight } from "./context.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

export interface Preview {
  problems: string[];
  /** The rules request the card would resolve (null when refused). */
  rules: Record<string, unknown> | null;
  lines: string[];
}

/**
 * Runs a card kind's prepare and rules request here, as the GM will, then the rules with no dice at
 * all: a rules refusal comes before any die is rolled, so running out of dice means it is allowed.
 */
export function prepareHere(kind: CardKind, raw: Record<string, unknown>, roles: Record<string, Fighter>): { request: Record<string, unknown>; rules: Record<string, unknown> } | { problem: string } {
  const actors: CardActors = {};
  const tokens: Record<string, TokenDocument.Implementation | null> = {};
  for (const [role, fighter] of Object.entries(roles)) {
    if (!fighter.actor) return { problem: t("Refused.NotInFight", { name: fighter.name }) };
    actors[role] = fighter.actor;
    tokens[role] = fighter.token;
  }
  try {
    const request = prepareOpening(kind, raw, actors, tokens);
    const rules = rulesRequestOf(kind, request, actors);
    try {
      rulesAction(kind).resolve(rules, new DiceTray(givenFaces([])));
    } catch (error) {
      if (!(error instanceof DiceError)) throw error;
    }
    return { request, rules };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The attack's die, edges and bonuses in words. */
export function attackLines(rules: Record<string, unknown>): string[] {
  const attacker = rules.attacker as { weaponDie: number; proficiencies?: number; stance?: Stance };
  const target = rules.target as { incapacitated?: boolean };
  const situation = (rules.situation ?? {}) as Record<string, unknown>;
  const area = situation.area === true && (target as { hidden?: boolean }).hidden === true;
  const edges = attackEdges({ ...situation, impairments: Number(situation.impairments ?? 0) + (area ? 1 : 0) }, target.incapacitated === true, situation.squadAttack === true);
  const plan = planFor(attacker.weaponDie, edges, readOptions(rules.options as never));
  const lines: string[] = [];
  if (edges.enhanced.length) lines.push(t("Step.enhanced", { list: edges.enhanced.map((e) => t(`Edge.${e}`)).join(", ") }));
  if (edges.impaired.length) lines.push(t("Step.impaired", { list: edges.impaired.map((e) => t(`Edge.${e}`)).join(", ") }));
  const die = plan.keep === "single" ? t("Plan.single", { sides: String(plan.sides) }) : t(plan.keep === "higher" ? "Plan.higher" : "Plan.lower", { sides: String(plan.sides) });
  const d4 = plan.d4 > 0 ? ` ${t("Plan.plusD4")}` : plan.d4 < 0 ? ` ${t("Plan.minusD4")}` : "";
  const bonus = (attacker.proficiencies ?? 0) + STANCE_RULES[attacker.stance ?? "steadied"].attackBonus + (situation.targetDistracted ? 1 : 0);
  lines.push(`${die}${d4}${bonus ? ` + ${bonus}` : ""}`);
  return lines;
}

export function previewAttack(kind: CardKind, fight: SheetFight, target: Fighter | undefined, raw: Record<string, unknown>): Preview {
  if (!target) return { problems: [t("Refused.NeedsTarget")], rules: null, lines: [] };
  const prepared = prepareHere(kind, { ...raw, combat: fight.combat.id }, { attacker: fight.me, target });
  if ("problem" in prepared) return { problems: [prepared.problem], rules: null, lines: [] };
  return { problems: [], rules: prepared.rules, lines: attackLines(prepared.rules) };
}

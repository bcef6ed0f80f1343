/**
 * Moving in a Cavaliers fight (seed 000 §Combined Actions): a drag of her token into another Area
 * is her Move (the next Area) or her Run (two Areas), a combined action of her round. It counts
 * toward the round's Drop 4 and two Areas with everything else she took (combined.ts), so a lunge
 * after it is held to what is left. Refused, with the reason, when an Interpose holds her in her
 * Area, when it is not her turn by the GM's clock, when it would take her a third Area (or where no
 * way leads), or past Drop 4. The shared machinery (areas/moves.ts) refuses it on her screen before
 * the token goes, and on the active GM's client puts the token back and whispers why; a move that
 * stands is recorded on the GM's record of her round. The GM's word (Alt on the drop) is neither.
 */
import { areasMoved, combinedActionDrop } from "../../../../rules/cavaliers/combined.js";
import { COMBINED_CAP, MAX_AREAS_PER_TURN } from "../../../../rules/cavaliers/tables.js";
import { addMoveGuard, onAreaMove } from "../../../areas/index.js";
import { checkMove, usableMap } from "../../../areas/service.js";
import { actingCombatant, hasBegun } from "../../../combat/clock.js";
import { activeRulesetId } from "../../../settings.js";
import { combinedThisRound, recordCombined } from "./combined.js";
import { heldThisRound } from "./hold.js";

const say = (key: string, data: Record<string, string>) => game.i18n!.format(`FRAY.Combat.Refused.Move${key}`, data);

/** The begun, active combat a token fights in, and its combatant there. */
function fightOn(token: TokenDocument.Implementation): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  for (const stored of game.combats?.contents ?? []) {
    // game.combats holds the configured class (FrayCombat); fvtt-types types its entries as the stored base Combat.
    const combat = stored as Combat.Implementation;
    if (!combat.active || !hasBegun(combat)) continue;
    const combatant = combat.combatants.find((c) => c.tokenId === token.id && c.sceneId === token.parent?.id);
    if (combatant) return { combat, combatant };
  }
  return null;
}

/** The combined action a move between two Areas is, or a refusal; null when it is no business of Cavaliers. */
function movingAction(token: TokenDocument.Implementation, from: string, to: string): { actions: string[]; fight: NonNullable<ReturnType<typeof fightOn>> } | { refusal: string } | null {
  if (activeRulesetId() !== "cavaliers" || !token.actor?.type.startsWith("cavaliers")) return null;
  const fight = fightOn(token);
  const scene = token.parent;
  if (!fight || !scene || !usableMap(scene)) return null;
  const check = checkMove(scene, from, to);
  if (!check || check.kind === "stay") return null;
  const names = (id: string) => usableMap(scene)?.areas.find((area) => area.id === id)?.name ?? id;
  const data = { name: token.name ?? token.actor.name, from: names(from), to: names(to) };
  if (heldThisRound(fight.combat, fight.combatant)) return { refusal: say("Held", data) };
  if (actingCombatant(fight.combat)?.id !== fight.combatant.id) return { refusal: say("NotYourTurn", data) };
  if (check.kind !== "move" && check.kind !== "run") return { refusal: say("TooFar", { ...data, most: String(MAX_AREAS_PER_TURN) }) };
  const actions = [check.kind];
  const earlier = combinedThisRound(fight.combat, fight.combatant);
  const drop = combinedActionDrop([...earlier, ...actions]);
  if (drop > COMBINED_CAP) return { refusal: say("OverCap", { ...data, drop: String(drop), cap: String(COMBINED_CAP), taken: String(combinedActionDrop(earlier)) }) };
  if (areasMoved([...earlier, ...actions]) > MAX_AREAS_PER_TURN) return { refusal: say("MovedEnough", { ...data, areas: String(areasMoved(earlier)), most: String(MAX_AREAS_PER_TURN) }) };
  return { actions, fight };
}

/** The guard: her screen refuses before the token goes, and the active GM's client judges again wherever it lands. */
export function cavaliersMoveRefusal(token: TokenDocument.Implementation, from: string, to: string): string | null {
  const answer = movingAction(token, from, to);
  return answer && "refusal" in answer ? answer.refusal : null;
}

/** On the active GM's client, a move that stands: her Move or Run goes on the GM's record of her round. */
async function recordMove(token: TokenDocument.Implementation, from: string, to: string): Promise<string | null> {
  const answer = movingAction(token, from, to);
  if (!answer) return null;
  if ("refusal" in answer) return answer.refusal;
  await recordCombined(answer.fight.combat, answer.fight.combatant, answer.actions);
  return null;
}

export function registerCavaliersMovement(): void {
  addMoveGuard(cavaliersMoveRefusal);
  onAreaMove(recordMove);
}

/**
 * What the combat tests share: Cavaliers actors (or another ruleset's), a running combat of them,
 * the Initiative dialog answered, the three who rolled (Ana 10/4 Impulse, Bel 8/3 Vigilance, Cid 5/2
 * Timing) and a click on a row's ruleset button.
 */
import type { FoundryHarness, PendingDialog } from "../../playground/foundry/index.js";
import type { Actor as HarnessActor } from "../../playground/foundry/documents.js";
import type { Combat, Combatant } from "../../playground/foundry/combat.js";
import { queueFaces } from "../../playground/foundry/dice.js";

export type InitiativeChoice = { specialty?: string; surprised?: boolean };

/** The fixtures over the harness a test file installs (read when a fixture runs, after beforeAll). */
export function combatFixtures(current: () => FoundryHarness) {

  /**
   * Answers every Initiative dialog with the next choice (Impulse, not surprised, when none is left);
   * a Cavaliers Interpose dialog that opens meanwhile takes the first thing it offers.
   */
  function answerInitiative(...choices: InitiativeChoice[]): PendingDialog[] {
    const seen: PendingDialog[] = [];
    current().onDialog((dialog) => {
      if (dialog.actions.includes("interpose")) return dialog.answer("interpose");
      seen.push(dialog);
      const choice = choices.shift() ?? {};
      dialog.answer("roll", { specialty: choice.specialty ?? "impulse", surprised: choice.surprised ?? false });
    });
    return seen;
  }

  /** An actor; a Cavaliers one has d8 attributes and a d6 competency unless `system` says otherwise. */
  async function actor(name: string, type = "cavaliersCharacter", system: Record<string, unknown> = {}): Promise<HarnessActor> {
    const cls = current().CONFIG.Actor.documentClass as typeof HarnessActor;
    const base = type.startsWith("cavaliers") ? { attributes: { verve: 8, affinity: 8, guile: 8 }, competency: 6 } : {};
    return (await cls.create({ name, type, system: { ...base, ...system } })) as HarnessActor;
  }

  /** The active combat with one combatant per actor. */
  async function fight(...actors: HarnessActor[]): Promise<{ combat: Combat; combatants: Combatant[] }> {
    const cls = current().CONFIG.Combat.documentClass as typeof Combat;
    const combat = (await cls.create({ active: true })) as Combat;
    const combatants = (await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id, name: a.name })))) as Combatant[];
    return { combat, combatants };
  }

  /** Ana 6,4 → 10/4 (Impulse); Bel 5,3 → 8/3 (Vigilance); Cid 3,2 → 5/2 (Timing). */
  async function rolledFight() {
    const [a, b, c] = [await actor("Ana"), await actor("Bel"), await actor("Cid")];
    const setup = await fight(a, b, c);
    answerInitiative({ specialty: "impulse" }, { specialty: "vigilance" }, { specialty: "timing" });
    queueFaces(6, 4, 5, 3, 3, 2);
    await setup.combat.rollInitiative(ids(setup.combatants));
    return { ...setup, a, b, c };
  }

  /** What a click on a row button does, from the current user's client: a request the active GM serves (a refusal becomes a warning). */
  async function act(combat: Combat, combatant: Combatant, action: string): Promise<void> {
    const { requestAction } = await import("../../src/foundry/combat/requests.js");
    // The harness documents stand in for Foundry's; the request takes them as the real types.
    await requestAction(combat as never, combatant as never, action);
  }

  return { answerInitiative, actor, fight, rolledFight, act };
}

export const ids = (cs: Combatant[]) => cs.map((c) => c.id as string);
export const names = (combat: Combat) => combat.turns.map((c) => c.name);

/**
 * The GM gives fighters Cavaliers Initiative Points in his record of the fight (by fighter key), as
 * an initiative roll or a Focus would: the actor's field is only a copy a player may write.
 */
export async function giveInitiativePoints(combat: { update(d: Record<string, unknown>): Promise<unknown> }, combatants: Array<{ tokenId?: string | null; actorId?: string | null; actor?: { update(d: Record<string, unknown>): Promise<unknown> } | null }>, points: number): Promise<void> {
  const { fighterKey } = await import("../../src/foundry/combat/fighter.js");
  await combat.update(Object.fromEntries(combatants.map((c) => [`flags.fray.cavaliersPoints.${fighterKey(c)}`, points])));
  for (const c of combatants) await c.actor?.update({ "system.initiativePoints": points });
}

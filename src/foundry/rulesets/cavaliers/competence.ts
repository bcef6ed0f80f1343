/**
 * In which skills a cavaliers character is competent, and so which rolls add her competency die
 * (the source's character sheet ticks a box per skill). The die itself is one per character
 * (`system.competency`); her Yield Limit reads it whatever she rolls.
 */

/** The skills of the Combat chapter's rolls, each character's by default. */
export const COMBAT_SKILLS = ["Defense", "Dueling", "Military", "Initiative"] as const;

/** The skill each rules action of an attack, a defence or Initiative belongs to. */
const SKILL_OF_ACTION: Readonly<Record<string, (typeof COMBAT_SKILLS)[number]>> = {
  parry: "Defense",
  block: "Defense",
  dodge: "Defense",
  lunge: "Dueling",
  feint: "Dueling",
  riposte: "Dueling",
  aim: "Military",
  brawl: "Military",
  initiative: "Initiative",
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The skill a roll belongs to: its specialty item's skill when it names one, else the action's. */
export function skillOfRoll(action: string, specialtySkill?: string | null): string {
  const named = specialtySkill?.trim() ?? "";
  if (named) return named;
  return Object.hasOwn(SKILL_OF_ACTION, action) ? SKILL_OF_ACTION[action]! : "";
}

/** Whether the actor's sheet ticks this skill (names compared without regard to case). */
export function competentIn(system: { competentSkills?: readonly string[] }, skill: string): boolean {
  return skill !== "" && (system.competentSkills ?? []).some((ticked) => same(ticked, skill));
}

/** The skills the sheet offers to tick: the Combat chapter's, her specialties', and any ticked before. */
export function skillChoices(system: { competentSkills?: readonly string[] }, specialtySkills: readonly string[]): { name: string; competent: boolean }[] {
  const names: string[] = [];
  for (const name of [...COMBAT_SKILLS, ...specialtySkills, ...(system.competentSkills ?? [])]) {
    const trimmed = name.trim();
    if (trimmed && !names.some((known) => same(known, trimmed))) names.push(trimmed);
  }
  return names.map((name) => ({ name, competent: competentIn(system, name) }));
}

/** The ticked skills after a click on one: ticked again, it is unticked. */
export function toggledSkills(system: { competentSkills?: readonly string[] }, skill: string): string[] {
  const ticked = [...(system.competentSkills ?? [])];
  return competentIn(system, skill) ? ticked.filter((name) => !same(name, skill)) : [...ticked, skill.trim()];
}

import { asSentence, RuleError } from "../../core/ruleError.js";

/** Why a Torchlight request breaks the rules, as a stable code the Foundry layer can key on. */
export type TorchlightRefusalCode =
  | "no-melee-from-rearguard"
  | "attacker-incapacitated"
  | "attacker-waiting"
  | "target-dead"
  | "melee-out-of-lane"
  | "reach-out-of-range"
  | "ranged-while-engaged"
  | "called-shot-needs-ranged"
  | "target-hidden"
  | "maneuver-needs-melee"
  | "no-breath-for-maneuver"
  | "grapple-needs-dex"
  | "squad-needs-three"
  | "rally-needs-steadied"
  | "protect-needs-on-guard"
  | "unknown-combatant"
  | "needs-position"
  | "rally-out-of-reach"
  | "rally-once-a-round"
  | "protect-not-adjacent"
  | "no-engaged-enemy"
  | "ability-wrong-stance"
  | "ability-needs-target"
  | "may-not-retreat"
  | "retreat-waiting-round"
  | "feint-needs-attack"
  | "maneuver-needs-target"
  | "maneuver-out-of-reach"
  | "push-off-grid"
  | "reach-not-closest"
  | "grapple-needs-attack"
  | "rally-needs-max-breath"
  | "recover-needs-max-breath"
  | "rest-needs-max-dc"
  | "compelled"
  | "compelled-to-attack"
  | "bad-breath-order"
  | "off-grid"
  | "move-nowhere"
  | "moved-this-round"
  | "moved-after-attacks"
  | "move-grappled"
  | "move-pushed"
  | "drags-one-position"
  | "lane-out-of-reach"
  | "cell-full"
  | "already-placed"
  | "declared-twice"
  | "ability-instead-of-attack"
  | "declaration-changed"
  | "undeclared-attack"
  | "undeclared-ability"
  | "declared-after-attacks";

const SAYS: Record<TorchlightRefusalCode, string> = {
  "no-melee-from-rearguard": "no melee attack from the Rearguard",
  "attacker-incapacitated": "an Incapacitated character takes no action: she cannot attack",
  "attacker-waiting": "a character who failed her Initiative does not act until the next round",
  "target-dead": "the target is dead: there is no one left to attack",
  "melee-out-of-lane": "a melee attack reaches only the attacker's own lane",
  "reach-out-of-range": "a reach weapon reaches one adjacent lane at most",
  "ranged-while-engaged": "an Engaged combatant cannot make a ranged attack",
  "called-shot-needs-ranged": "a Called Shot needs a ranged weapon",
  "target-hidden": "the target is hidden from this attack",
  "maneuver-needs-melee": "this Maneuver needs a melee attack",
  "no-breath-for-maneuver": "a Maneuver bought with Breath needs 1 Breath",
  "grapple-needs-dex": "Grapple needs the attacker's Dex (give attacker.dex)",
  "squad-needs-three": "a Squad is three or more in a lane; fewer attack one by one",
  "rally-needs-steadied": "Rally is a Steadied stance ability of a standing combatant",
  "protect-needs-on-guard": "Protect Companion is an On Guard stance ability",
  "unknown-combatant": "a name that is not among the round's combatants",
  "needs-position": "Rally and Protect Companion are measured on the Combat Grid: give the lane and side of everyone involved",
  "rally-out-of-reach": "Rally reaches only companions within one adjacent position",
  "rally-once-a-round": "Rally can be used only once a round",
  "protect-not-adjacent": "Protect Companion needs a standing protector within one adjacent position of her companion, on the same side",
  "no-engaged-enemy": "Intimidation needs an engaged enemy in the lane",
  "ability-wrong-stance": "each stance ability is used only from its own stance",
  "ability-needs-target": "this stance ability needs a target",
  "may-not-retreat": "only a standing character in the Rearguard who is not Engaged may Retreat",
  "retreat-waiting-round": "a character who Retreated must wait at least one round before re-entering",
  "feint-needs-attack": "Feint is taken with an attack (it rerolls that attack's damage die)",
  "maneuver-needs-target": "this Maneuver needs a target",
  "maneuver-out-of-reach": "a melee Maneuver reaches only the character's own lane (a reach weapon one lane more)",
  "push-off-grid": "a Push moves the target one lane or one stance, and not off the Combat Grid",
  "reach-not-closest": "a reach weapon reaches only the closest character in one adjacent lane",
  "grapple-needs-attack": "Grapple follows an attack (it is never taken alone)",
  "rally-needs-max-breath": "Rally's Breath stops at each companion's maximum: give maxBreath for everyone it reaches",
  "recover-needs-max-breath": "Recovery gives back Breath up to its maximum: give maxBreath",
  "rest-needs-max-dc": "a day of rest gives back each Characteristic up to its unhurt DC: give maxDc for all five",
  compelled: "a compelled character's attack goes where the compulsion sends it",
  "compelled-to-attack": "a compelled character must attack this round: no stance ability in place of the attack",
  "bad-breath-order": "the order in which hits meet Breath names each hit on that character once, and only those",
  "off-grid": "there is no such lane on the Combat Grid",
  "move-nowhere": "a move goes to another lane or stance",
  "moved-this-round": "one move a round",
  "moved-after-attacks": "a move is declared with every other action, before any attack is made: her side's declared attacks have already rolled this round, so she moves next round",
  "move-grappled": "a Grappled character may not move",
  "move-pushed": "a character Pushed last round may not move from that position this round",
  "drags-one-position": "an Incapacitated character only drags herself one position (one lane or one stance)",
  "lane-out-of-reach": "a lane of another level, or under cover, is entered only from an adjacent lane",
  "cell-full": "that lane and stance is full for this side",
  "already-placed": "a newcomer placed is one not on the Combat Grid yet",
  "declared-twice": "each character declares once a turn, and a declaration cannot change",
  "ability-instead-of-attack": "this stance ability takes the place of the attack: declare one or the other",
  "declaration-changed": "a declared action cannot change: the character stands where she declared",
  "undeclared-attack": "every attack is declared, with its target, before any attack is rolled",
  "undeclared-ability": "a stance ability is declared before any attack is rolled",
  "declared-after-attacks": "every action is declared before any attack is made: her side's declared attacks have already rolled this round, so she declares again next round",
};

/** A Torchlight refusal: the message is for people (a sentence, no rule id), `code` for code. */
export class TorchlightRefusal extends RuleError {
  override name = "TorchlightRefusal";
  constructor(
    readonly code: TorchlightRefusalCode,
    detail?: string,
  ) {
    super(asSentence(`${SAYS[code]}${detail ? ` (${detail})` : ""}`));
  }
}

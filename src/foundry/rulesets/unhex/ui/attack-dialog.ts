/**
 * The Unhex attack dialog: the one targeted token, range, line of sight and cover read from the
 * Areas both tokens stand in (or, with no Areas, the range and cover a GM rules and a player asks
 * the GM for, who rules on the card), and only
 * the weapons in hand that the range allows. Submitting opens the attack card; the GM checks it all
 * again.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { attackReach, type Reach } from "../../../../rules/unhex/reach.js";
import type { WeaponKind } from "../../../../rules/unhex/tables.js";
import { rulingKey } from "../../../../rules/unhex/ruling.js";
import { currentRollMode, isRollMode, rollModeOptions } from "../../../cards/index.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { singleTarget } from "../../../sheets/targets.js";
import { HandlebarsDialog, formValues } from "../../../sheets/dialog-base.js";
import { heldWeapons, wieldRefusal } from "../actors.js";
import { postUnhexAttack, unhexAttackOpen, type UnhexAttackOpen } from "../cards/index.js";
import { placeTokens } from "../../../areas/index.js";
import { Refused } from "../../../relay/index.js";
import { areasOf, HERE, standInMap } from "../cards/facts.js";
import { whereLine } from "../cards/view.js";
import { activeToken } from "./active-token.js";
import { outOfTurnOffer } from "./out-of-turn.js";
import { attackOddsLines } from "./odds.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { showRollDialog } from "../../../api/keybindings.js";

const i18n = () => game.i18n!;

interface Values {
  weapon: string;
  range: number;
  cover: boolean;
  /** The GM's override of the team turn (her dialog alone offers it). */
  outOfTurn: boolean;
  /** publicroll, gmroll, blindroll or selfroll. */
  rollMode: string;
}

export class UnhexAttackDialog extends HandlebarsDialog {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-dialog", "fray-unhex-attack-dialog"],
    tag: "form",
    window: { title: "FRAY.Unhex.Ui.AttackTitle", icon: "fa-solid fa-crosshairs" },
    position: { width: 420 },
    form: { handler: UnhexAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("dialog/unhex-attack.hbs") }, footer: { template: templatePath("dialog/footer.hbs") } };

  readonly actor: Actor.Implementation;
  readonly target: Token.Implementation;
  values: Values;

  constructor(actor: Actor.Implementation, target: Token.Implementation) {
    super({});
    this.actor = actor;
    this.target = target;
    this.values = { weapon: "", range: 0, cover: false, outOfTurn: false, rollMode: currentRollMode() };
    this.values.weapon = this.weapons().find((w) => w.reach.allowed)?.id ?? "";
  }

  override get title(): string {
    return i18n().format("FRAY.Unhex.Ui.AttackTitle", { actor: this.actor.name, target: this.target.name });
  }

  /** The two tokens' Areas, when both stand in Areas of one scene (a token that has stepped off them since the dialog opened: none, and the card says why). */
  areas() {
    try {
      return areasOf([activeToken(this.actor), this.target.document]);
    } catch (error) {
      if (error instanceof Refused) return null;
      throw error;
    }
  }

  /** Each weapon in hand with what the range allows it. */
  weapons(): Array<{ id: string; name: string; kind: WeaponKind; reach: Reach; wield: string | null }> {
    const areas = this.areas();
    const standIn = areas ? null : standInMap(this.values.range, this.values.cover);
    return heldWeapons(this.actor).map((weapon) => ({
      ...weapon,
      reach: areas ? attackReach(areas.map, areas.areas[0]!, { area: areas.areas[1]! }, weapon.kind) : attackReach(standIn!.map, HERE, { area: standIn!.target }, weapon.kind),
      // A full arm holds nothing: the dialog says why before the card would refuse it.
      wield: wieldRefusal(this.actor, weapon),
    }));
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const areas = this.areas();
    const weapons = this.weapons();
    const allowed = weapons.filter((w) => w.reach.allowed && !w.wield);
    const chosen = allowed.find((w) => w.id === this.values.weapon) ?? allowed[0];
    const reach = chosen?.reach ?? weapons[0]?.reach;
    const yesNo = (value: boolean | undefined) => i18n().localize(value ? "FRAY.Unhex.Card.Yes" : "FRAY.Unhex.Card.No");
    return Object.assign(context, {
      targetName: this.target.name,
      areaKnown: areas !== null,
      areaLine: areas ? whereLine(areas.names[areas.areas[0]!] ?? areas.areas[0]!, areas.names[areas.areas[1]!] ?? areas.areas[1]!) : "",
      facts: reach ? i18n().format("FRAY.Unhex.Ui.Facts", { range: String(reach.range ?? "—"), sight: yesNo(reach.lineOfSight), cover: yesNo(reach.cover.cover) }) : "",
      weaponOptions: Object.fromEntries(allowed.map((w) => [w.id, `${w.name} (${i18n().localize(`FRAY.Unhex.Weapon.${w.kind}`)})`])),
      refused: weapons.filter((w) => !allowed.includes(w)).map((w) => i18n().format("FRAY.Unhex.Ui.WeaponRefused", { name: w.name, reason: w.wield ?? w.reach.reason ?? "" })),
      noWeapon: weapons.length === 0,
      values: { ...this.values, weapon: chosen?.id ?? "", range: String(this.values.range) },
      rangeOptions: { "0": i18n().localize("FRAY.Unhex.Ui.Range0"), "1": i18n().localize("FRAY.Unhex.Ui.Range1"), "2": i18n().localize("FRAY.Unhex.Ui.Range2") },
      rollModes: rollModeOptions(),
      // Without Areas a player's range and cover only ask the GM; the odds are those of the ruling she asks for.
      outOfTurn: outOfTurnOffer(this.actor),
      rulingHint: i18n().localize(game.user?.isGM ? "FRAY.Unhex.Ui.RulingGm" : "FRAY.Unhex.Ui.RulingAsked"),
      odds: attackOddsLines(chosen ? unhexAttackOpen(this.opening(chosen.id)) : null, areas ? {} : { ruling: rulingKey({ range: this.values.range, cover: this.values.cover }) }),
      blocked: !chosen,
      submitLabel: "FRAY.Unhex.Ui.Declare",
    });
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    if (this.form) this.values = this.readForm(this.form);
    void this.render();
  }

  readForm(form: HTMLFormElement): Values {
    const raw = formValues(form);
    return {
      weapon: String(raw.weapon ?? ""),
      range: Math.max(0, Math.min(2, Number(raw.range ?? this.values.range) || 0)),
      cover: raw.cover === true,
      outOfTurn: raw.outOfTurn === true,
      rollMode: isRollMode(raw.rollMode) ? raw.rollMode : this.values.rollMode,
    };
  }

  static async #onSubmit(this: UnhexAttackDialog, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    this.values = this.readForm(form);
    const weapon = this.weapons().find((w) => w.id === this.values.weapon && w.reach.allowed);
    if (!weapon) {
      ui.notifications?.warn(i18n().localize("FRAY.Unhex.Ui.NoWeaponInReach"));
      return;
    }
    await this.close();
    await postUnhexAttack(this.opening(weapon.id));
  }

  /** The card this dialog opens with this weapon, as it stands. */
  opening(weapon: string): UnhexAttackOpen {
    const standIn = this.areas() ? {} : { range: this.values.range, cover: this.values.cover };
    return { attacker: this.actor.uuid, attackerToken: activeToken(this.actor)?.uuid ?? null, target: this.target.actor!.uuid, targetToken: this.target.document.uuid, weapon, ...standIn, ...(this.values.outOfTurn && outOfTurnOffer(this.actor) ? { outOfTurn: true } : {}), rollMode: this.values.rollMode };
  }
}

/** Open the attack dialog for an actor against the user's one target (or say why not). */
export async function openUnhexAttackDialog(actor: Actor.Implementation): Promise<UnhexAttackDialog | null> {
  const target = singleTarget();
  if ("refusal" in target) {
    ui.notifications?.warn(target.refusal);
    return null;
  }
  // A token between Areas, or on another scene than the other, cannot attack through the map: say so now rather than on the card.
  const placing = placeTokens([activeToken(actor), target.token.document]);
  if ("refusal" in placing) {
    ui.notifications?.warn(placing.refusal);
    return null;
  }
  const dialog = new UnhexAttackDialog(actor, target.token);
  await showRollDialog(dialog);
  return dialog;
}

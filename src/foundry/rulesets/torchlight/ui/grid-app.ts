/**
 * The Combat Grid: six Action Lanes by four Stances for each side, the party's stances mirrored
 * against the foes' with the Aggressive stances meeting in the middle. Everyone in the viewed
 * Combat appears in the cell the GM placed it in, marked when Engaged, when it may Retreat and when it
 * is down. Selecting a combatant shows whom it may melee and whom it may shoot; a click on a cell
 * moves it there (the GM anyone, a player her own, once a round: a request the GM checks).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { attackRefusal, isClosestInLane, isEngaged, mayRetreat } from "../../../../rules/torchlight/grid.js";
import { STANCES, type Stance } from "../../../../rules/torchlight/tables.js";
import { SYSTEM_ID, templatePath } from "../../../system.js";
import { weaponsOf } from "../actor-data.js";
import { postTorchlightEngagement, postTorchlightGrappleHold, postTorchlightRetreat } from "../cards/post.js";
import { engagedNow, type Fighter, fightersOf, placementsOf, viewedCombat } from "../combat/fight.js";
import { askGrid } from "../combat/grid-requests.js";
import { stateOf, type TorchlightCombatState } from "../combat/state.js";
import { declaredNow, declaringSide } from "../combat/declarations.js";
import { who } from "./context.js";
import { TorchlightDialogBase } from "./dialog-base.js";
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import { roundOf } from "../../../combat/clock.js";

const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(`FRAY.Torchlight.${key}`, data) : game.i18n!.localize(`FRAY.Torchlight.${key}`));

/** Left to right: the party from its Rearguard to its Aggressive stance, then the foes' mirrored. */
export const COLUMNS: { side: "party" | "foes"; stance: Stance }[] = [...[...STANCES].reverse().map((stance) => ({ side: "party" as const, stance })), ...STANCES.map((stance) => ({ side: "foes" as const, stance }))];

interface Chip {
  id: string;
  name: string;
  img: string;
  mine: boolean;
  engaged: boolean;
  retreat: boolean;
  down: boolean;
  selected: boolean;
  melee: boolean;
  shoot: boolean;
}

/** Which enemies a fighter may melee and which it may shoot, with the weapons it has. */
export function reachOf(fighter: Fighter, fighters: readonly Fighter[], state: TorchlightCombatState): { melee: Set<string>; shoot: Set<string> } {
  const melee = new Set<string>();
  const shoot = new Set<string>();
  if (!fighter.cell || !fighter.actor) return { melee, shoot };
  const grid = placementsOf(fighters);
  const engaged = engagedNow(fighters, fighter);
  const kinds = new Set(weaponsOf(fighter.actor).map((w) => w.kind));
  for (const other of fighters) {
    if (other.side === fighter.side || !other.cell) continue;
    const legal = (weapon: "melee" | "reach" | "ranged") =>
      kinds.has(weapon) &&
      attackRefusal({ weapon, attackerStance: fighter.cell!.stance, attackerLane: fighter.cell!.lane, targetLane: other.cell!.lane, attackerEngaged: engaged, targetHidden: !!state.marks[other.id]?.hidden, targetClosest: isClosestInLane(grid, other.name) }) === undefined;
    if (legal("melee") || legal("reach")) melee.add(other.id);
    if (legal("ranged")) shoot.add(other.id);
  }
  return { melee, shoot };
}

export class TorchlightCombatGrid extends TorchlightDialogBase {
  static override DEFAULT_OPTIONS = {
    id: "fray-torchlight-grid",
    classes: [SYSTEM_ID, "fray-tl-grid-app"],
    window: { title: "FRAY.Torchlight.Grid.Title", icon: "fa-solid fa-table-cells", resizable: true },
    position: { width: 600, height: "auto" as const },
    actions: {
      select: TorchlightCombatGrid.#onSelect,
      cell: TorchlightCombatGrid.#onCell,
      lane: TorchlightCombatGrid.#onLane,
      level: TorchlightCombatGrid.#onLevel,
      squad: TorchlightCombatGrid.#onSquad,
      placeAll: TorchlightCombatGrid.#onPlaceAll,
      unplace: TorchlightCombatGrid.#onUnplace,
      engagement: TorchlightCombatGrid.#onEngagement,
      retreat: TorchlightCombatGrid.#onRetreat,
      hold: TorchlightCombatGrid.#onHold,
      rollDeclared: TorchlightCombatGrid.#onRollDeclared,
    },
  };

  static override PARTS = { grid: { template: templatePath("apps/torchlight-grid.hbs") } };

  /** The combatant whose reach is shown and whom a click on a cell moves. */
  selected: string | null = null;

  /** The lane whose tools (level, squads) the GM has open; the selected token's lane when none was picked. */
  lane: number | null = null;

  private get combat(): Combat.Implementation | null {
    const combat = viewedCombat();
    return combat ?? null;
  }

  protected override async _prepareContext(options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const combat = this.combat;
    if (!combat) return Object.assign(context, { noCombat: true });
    const state = stateOf(combat);
    const fighters = fightersOf(combat, state).filter((f) => f.combatant.visible);
    const grid = placementsOf(fighters);
    const selected = fighters.find((f) => f.id === this.selected) ?? null;
    const reach = selected ? reachOf(selected, fighters, state) : { melee: new Set<string>(), shoot: new Set<string>() };
    const user = game.user!;
    const chip = (f: Fighter): Chip => ({
      id: f.id,
      name: f.name,
      img: f.actor?.img ?? "",
      mine: user.isGM || (f.actor?.testUserPermission(user, "OWNER") ?? false),
      engaged: !!f.cell && isEngaged(grid, f.name),
      retreat: !!f.cell && mayRetreat(grid, f.name),
      down: f.incapacitated,
      selected: f.id === this.selected,
      melee: reach.melee.has(f.id),
      shoot: reach.shoot.has(f.id),
    });
    const lanes = state.lanes.map((level, index) => {
      const lane = index + 1;
      return {
        lane,
        level,
        squads: (["party", "foes"] as const).map((side) => ({ side, on: state.squads[`${side}:${lane}`] === true })),
        cells: COLUMNS.map(({ side, stance }) => ({ side, stance, lane, chips: fighters.filter((f) => f.side === side && f.cell?.lane === lane && f.cell.stance === stance).map(chip) })),
      };
    });
    const toolsLane = user.isGM ? (this.lane ?? selected?.cell?.lane ?? null) : null;
    const round = Math.max(1, roundOf(combat));
    const declared = fighters.flatMap((f) => {
      const d = declaredNow(state, f.id, round);
      if (d?.held) return [{ text: t("Grid.DeclaredAttack", { name: f.name, target: fighters.find((o) => o.id === d.on)?.name ?? "?" }), side: declaringSide(f) }];
      return d?.action === "done" ? [{ text: t("Grid.DeclaredDone", { name: f.name }), side: declaringSide(f) }] : [];
    });
    const heldSides = [...new Set(fighters.filter((f) => declaredNow(state, f.id, round)?.held).map(declaringSide))];
    const holding = selected ? Object.entries(state.marks).find(([, marks]) => marks.grappled?.by === selected.id)?.[0] : undefined;
    return Object.assign(context, {
      noCombat: false,
      isGM: user.isGM,
      round: roundOf(combat),
      declarations: declared.length ? t("Grid.Declarations", { list: declared.map((d) => d.text).join(", ") }) : "",
      heldSides: user.isGM ? heldSides : [],
      phase: t(`Phase.${state.phase}`),
      // A 600 px grid has 60 px a column: the long stance names are shortened there, whole in the tooltip.
      columns: COLUMNS.map((c) => ({ ...c, label: t(`Stance.${c.stance}`), short: t(`Grid.StanceShort.${c.stance}`), sideLabel: t(`Side.${c.side}`) })),
      lanes,
      toolsLane,
      tools: toolsLane ? lanes.find((l) => l.lane === toolsLane) ?? null : null,
      unplaced: fighters.filter((f) => !f.cell).map(chip),
      selected: selected
        ? {
            name: selected.name,
            mine: chip(selected).mine,
            melee: fighters.filter((f) => reach.melee.has(f.id)).map((f) => f.name).join(", ") || t("Nobody"),
            shoot: fighters.filter((f) => reach.shoot.has(f.id)).map((f) => f.name).join(", ") || t("Nobody"),
            engaged: chip(selected).engaged,
            retreat: chip(selected).retreat,
            holding: holding ? (fighters.find((f) => f.id === holding)?.name ?? "") : "",
          }
        : null,
    });
  }

  private fighter(id: string | null | undefined): Fighter | undefined {
    const combat = this.combat;
    return combat && id ? fightersOf(combat).find((f) => f.id === id) : undefined;
  }

  static async #onSelect(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant]")?.dataset.combatant ?? null;
    this.selected = this.selected === id ? null : id;
    this.lane = null;
    await this.render();
  }

  /** A lane head: open that lane's tools, or close them on a second click. */
  static async #onLane(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const lane = Number(target.dataset.lane);
    this.lane = this.lane === lane ? null : lane;
    await this.render();
  }

  static async #onCell(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    if (!combat || !this.selected) return;
    const { lane, stance } = target.dataset;
    await askGrid("move", { combat: combat.id, combatant: this.selected, lane: Number(lane), stance });
  }

  static async #onUnplace(this: TorchlightCombatGrid): Promise<void> {
    const combat = this.combat;
    if (combat && this.selected) await askGrid("move", { combat: combat.id, combatant: this.selected, lane: 0 });
  }

  static async #onLevel(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    if (!combat) return;
    const lane = Number(target.dataset.lane);
    const level = (stateOf(combat).lanes[lane - 1] ?? 0) + Number(target.dataset.step ?? 1);
    await askGrid("setLevel", { combat: combat.id, lane, level: Math.max(0, Math.min(9, level)) });
  }

  static async #onSquad(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    if (combat) await askGrid("toggleSquad", { combat: combat.id, side: target.dataset.side, lane: Number(target.dataset.lane) });
  }

  static async #onPlaceAll(this: TorchlightCombatGrid): Promise<void> {
    const combat = this.combat;
    if (combat) await askGrid("placeAll", { combat: combat.id });
  }

  static async #onEngagement(this: TorchlightCombatGrid): Promise<void> {
    const combat = this.combat;
    if (combat) await postTorchlightEngagement(combat);
  }

  static async #onRetreat(this: TorchlightCombatGrid): Promise<void> {
    const combat = this.combat;
    const fighter = this.fighter(this.selected);
    if (combat && fighter) await postTorchlightRetreat({ combat: combat.id ?? "", actor: who(fighter) });
  }

  /** The GM closes a side's declarations: its declared attacks roll together. */
  static async #onRollDeclared(this: TorchlightCombatGrid, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    if (combat) await askGrid("rollDeclared", { combat: combat.id, side: target.dataset.side });
  }

  static async #onHold(this: TorchlightCombatGrid): Promise<void> {
    const combat = this.combat;
    const fighter = this.fighter(this.selected);
    if (!combat || !fighter) return;
    const held = Object.entries(stateOf(combat).marks).find(([, marks]) => marks.grappled?.by === fighter.id)?.[0];
    const target = this.fighter(held);
    if (target) await postTorchlightGrappleHold({ combat: combat.id ?? "", actor: who(fighter), target: who(target) });
  }
}

let open: TorchlightCombatGrid | null = null;

/** Opens (or brings forward) the Combat Grid of the Combat this client views. */
export async function openCombatGrid(): Promise<TorchlightCombatGrid> {
  open ??= new TorchlightCombatGrid({});
  await open.render({ force: true });
  return open;
}

/** The open grid follows the Combat and its fighters. */
export function refreshCombatGrid(): void {
  if (open?.rendered) void open.render();
}

export function registerGridRefresh(): void {
  for (const hook of ["updateCombat", "createCombatant", "updateCombatant", "deleteCombatant", "updateActor", "createActiveEffect", "deleteActiveEffect"] as const) Hooks.on(hook, refreshCombatGrid);
}

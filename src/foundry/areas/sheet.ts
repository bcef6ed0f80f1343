import type { DeepPartial } from "fvtt-types/utils";
import type { HandlebarsStatics } from "../sheet-base.js";
import { addRow, removeRow, rowTarget } from "../sheets/rows.js";
import { SYSTEM_ID, templatePath } from "../system.js";
import { AREA_BEHAVIOR_TYPE, CONNECTION_KINDS, COVER_VALUES } from "./constants.js";
import { AreaBehaviorModel } from "./model.js";
import { setDoorOnScene } from "./doors.js";
import { areaBehaviours } from "./scene-map.js";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

// The same TS2589 depth overflow as the actor and item sheets (see sheet-base.ts): the runtime class
// is the real RegionBehaviorConfig, typed as its DocumentSheetV2 base plus the mixin's PARTS.
const BehaviorConfig = foundry.applications.sheets.RegionBehaviorConfig as unknown as typeof DocumentSheetV2<RegionBehavior.Implementation> & HandlebarsStatics;

interface Option {
  value: string;
  label: string;
}

// The parent's parts are declared as a plain record by the cast above; their names are Foundry's.
const CORE_PARTS = (BehaviorConfig as unknown as { PARTS: Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> }).PARTS;

/** A fieldset of Foundry's behaviour form (FormNode). */
interface FieldsetNode {
  fieldset: boolean;
  legend?: string;
}

/**
 * The Area's config sheet: Foundry's own behaviour form (the behaviour's name, whether it is
 * disabled) and footer, with the Area's part in between: its id and name, and one row per
 * connection to another Area of the scene (picked from a list, so a typo cannot name a missing
 * Area). Saves on every change.
 */
export class AreaBehaviorConfig extends BehaviorConfig {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-area-config"],
    position: { width: 800 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      addConnection: AreaBehaviorConfig.#onAddConnection,
      removeConnection: AreaBehaviorConfig.#onRemoveConnection,
      toggleDoor: AreaBehaviorConfig.#onToggleDoor,
    },
  };

  static override PARTS = {
    ...(CORE_PARTS.form ? { form: CORE_PARTS.form } : {}),
    area: { template: templatePath("region/area-config.hbs"), scrollable: [""] },
    ...(CORE_PARTS.footer ? { footer: CORE_PARTS.footer } : {}),
  };

  static async #onAddConnection(this: AreaBehaviorConfig): Promise<void> {
    await addRow(this.document, "connections");
  }

  static async #onRemoveConnection(this: AreaBehaviorConfig, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await removeRow(this.document, "connections", rowTarget(target).index);
  }

  /** The GM opens or shuts a door on both Areas it joins (checking "Open" on one side alone would leave the map disagreeing). */
  static async #onToggleDoor(this: AreaBehaviorConfig, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const system = this.document.system;
    const scene = this.document.parent?.parent;
    const line = system instanceof AreaBehaviorModel ? system.connections[rowTarget(target).index] : undefined;
    if (!scene || !line || line.kind !== "door" || !(system instanceof AreaBehaviorModel)) return;
    await setDoorOnScene(scene, system.areaKey, line.to, !line.open);
  }

  protected override async _prepareContext(options: DeepPartial<DocumentSheetV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const behavior = this.document;
    const system = behavior.system;
    if (!(system instanceof AreaBehaviorModel)) return context;
    // Foundry's form lists the behaviour's own fields under its type label; the Area's part shows them instead.
    // (RegionBehaviorConfig's `fields` are form nodes; the DocumentSheetV2 type this class is cast to says schema fields.)
    const typeLabel = (CONFIG.RegionBehavior.typeLabels as Record<string, string | undefined>)[AREA_BEHAVIOR_TYPE];
    const fields: unknown = Reflect.get(context, "fields");
    if (Array.isArray(fields)) Reflect.set(context, "fields", (fields as FieldsetNode[]).filter((node) => !(node.fieldset && node.legend === typeLabel)));
    const i18n = game.i18n;
    const localize = (key: string) => i18n?.localize(key) ?? key;
    const scene = behavior.parent?.parent ?? null;
    const others: Option[] = scene
      ? areaBehaviours(scene)
          .filter((found) => found.system !== system)
          .map((found) => ({ value: found.system.areaKey, label: found.system.areaName }))
      : [];
    const kinds: Option[] = CONNECTION_KINDS.map((kind) => ({ value: kind, label: localize(`FRAY.Area.Kind.${kind}`) }));
    const covers: Option[] = COVER_VALUES.map((value) => ({ value: String(value), label: localize(`FRAY.Area.Cover.${value}`) }));
    const connections = system.connections.map((line, index) => {
      const targets = [{ value: "", label: localize("FRAY.Area.NoArea") }, ...others];
      // An Area since renamed or removed stays listed, so saving the form never drops the line.
      if (line.to && !targets.some((t) => t.value === line.to)) targets.push({ value: line.to, label: i18n?.format("FRAY.Area.Missing", { id: line.to }) ?? line.to });
      return { ...line, index, door: line.kind === "door", targets, kinds, covers, cover: String(line.cover) };
    });
    return Object.assign(context, {
      behavior,
      system,
      type: AREA_BEHAVIOR_TYPE,
      regionName: behavior.parent?.name ?? "",
      regionId: behavior.parent?.id ?? "",
      connections,
    });
  }
}

import type { DeepPartial } from "fvtt-types/utils";
import type { HandlebarsStatics } from "../sheet-base.js";
import { addRow, removeRow, rowTarget } from "../sheets/rows.js";
import { SYSTEM_ID, templatePath } from "../system.js";
import { AREA_BEHAVIOR_TYPE, CONNECTION_KINDS, COVER_VALUES } from "./constants.js";
import { AreaBehaviorModel } from "./model.js";
import { areaBehaviours } from "./scene-map.js";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

// The same TS2589 depth overflow as the actor and item sheets (see sheet-base.ts): the runtime class
// is the real RegionBehaviorConfig, typed as its DocumentSheetV2 base plus the mixin's PARTS.
const BehaviorConfig = foundry.applications.sheets.RegionBehaviorConfig as unknown as typeof DocumentSheetV2<RegionBehavior.Implementation> & HandlebarsStatics;

interface Option {
  value: string;
  label: string;
}

/**
 * The Area's config sheet: its id and name, and one row per connection to another Area of the
 * scene (picked from a list, so a typo cannot name a missing Area). Saves on every change.
 */
export class AreaBehaviorConfig extends BehaviorConfig {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "fray-area-config"],
    position: { width: 720 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      addConnection: AreaBehaviorConfig.#onAddConnection,
      removeConnection: AreaBehaviorConfig.#onRemoveConnection,
    },
  };

  static override PARTS = { form: { template: templatePath("region/area-config.hbs"), scrollable: [""] } };

  static async #onAddConnection(this: AreaBehaviorConfig): Promise<void> {
    await addRow(this.document, "connections");
  }

  static async #onRemoveConnection(this: AreaBehaviorConfig, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await removeRow(this.document, "connections", rowTarget(target).index);
  }

  protected override async _prepareContext(options: DeepPartial<DocumentSheetV2.RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const behavior = this.document;
    const system = behavior.system;
    if (!(system instanceof AreaBehaviorModel)) return context;
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

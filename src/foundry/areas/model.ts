import { CONNECTION_KINDS, COVER_VALUES } from "./constants.js";

const fields = foundry.data.fields;

function label(name: string) {
  return { label: `FRAY.Area.Field.${name}.label`, hint: `FRAY.Area.Field.${name}.hint` };
}

/** One line from this Area to another, as the GM draws it on the map. */
function connectionField() {
  return new fields.SchemaField({
    to: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", ...label("to") }),
    kind: new fields.StringField({ required: true, nullable: false, initial: "two-way", choices: [...CONNECTION_KINDS], ...label("kind") }),
    open: new fields.BooleanField({ required: true, nullable: false, initial: false, ...label("open") }),
    transparent: new fields.BooleanField({ required: true, nullable: false, initial: false, ...label("transparent") }),
    cover: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0, choices: [...COVER_VALUES], ...label("cover") }),
  });
}

function areaSchema() {
  return {
    /** The id other Areas' connections name; blank means the Region's own id. */
    areaId: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", ...label("areaId") }),
    /** What players read; blank means the Region's name. */
    name: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", ...label("name") }),
    connections: new fields.ArrayField(connectionField(), label("connections")),
  };
}
type AreaSchema = ReturnType<typeof areaSchema>;

/**
 * The `area` Region Behavior: its Region is one Area of the scene's combat map. Each Area lists its
 * own connections; cover on a connection is the cover INTO this Area, so a counter with cover on
 * both sides is listed on both Areas, each with its own value.
 */
export class AreaBehaviorModel extends foundry.data.regionBehaviors.RegionBehaviorType<AreaSchema> {
  static override defineSchema(): AreaSchema {
    return areaSchema();
  }

  /**
   * Always received, whatever the behaviour's event subscriptions (RegionBehaviorType.events, read
   * at each event). registerAreas (areas/index.ts) fills it with tracking.ts's handlers, so the model
   * does not import the tracking that reads it.
   */
  static override events: Record<string, (this: AreaBehaviorModel, event: RegionDocument.RegionEvent) => Promise<void>> = {};

  /** The id this Area goes by on the map. */
  get areaKey(): string {
    return this.areaId || this.region?.id || "";
  }

  /** The name players see. */
  get areaName(): string {
    return this.name || this.region?.name || this.areaKey;
  }
}

const fields = foundry.data.fields;

export const CARD_TYPE = "cavaliersExchange";
export const CARD_STATES = ["awaiting-defence", "awaiting-spend", "awaiting-landing", "applied", "undone", "closed"] as const;
export type CardState = (typeof CARD_STATES)[number];

const str = (initial = "") => new fields.StringField({ required: true, nullable: false, blank: true, initial });
const int = (initial = 0) => new fields.NumberField({ required: true, nullable: false, integer: true, initial });

/** One side's roll as read: the pool before Drop, the Drop and its parts, the dice kept, faces, total and SP. */
function reading() {
  return new fields.SchemaField({
    rolled: new fields.BooleanField({ required: true, nullable: false, initial: false }),
    name: str(),
    pool: new fields.ArrayField(int()),
    drop: int(),
    dropParts: new fields.ObjectField(),
    kept: new fields.ArrayField(int()),
    faces: new fields.ArrayField(int()),
    total: int(),
    sp: int(),
  });
}

function exchangeSchema() {
  return {
    kind: new fields.StringField({ required: true, nullable: false, initial: "attack", choices: ["attack", "skill", "flourish", "survival"] }),
    state: new fields.StringField({ required: true, nullable: false, initial: "awaiting-defence", choices: [...CARD_STATES] }),
    attackerUuid: str(),
    targetUuid: str(),
    attack: str(),
    specialty: str(),
    /** Defences the target may answer with (DEFENCES_AGAINST, Dodge only without an item die). */
    defences: new fields.ArrayField(str()),
    defence: str(),
    opposition: str(),
    attacker: reading(),
    defender: reading(),
    winner: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", choices: ["", "attacker", "defender"] }),
    /** The winner's success table as offered when the rolls were read (rules SuccessEntry objects). */
    entries: new fields.ArrayField(new fields.ObjectField()),
    spend: new fields.ArrayField(str()),
    /** A winning defender's purchases without Negate, kept while the attacker spends on the attack that lands. */
    defenderSpend: new fields.ArrayField(str()),
    statuses: new fields.ArrayField(str()),
    /** Every field the Apply changed, before and after, for Undo. */
    applied: new fields.ArrayField(new fields.ObjectField()),
    /** NPC at her Yield Limit after the Apply: the GM's pick. */
    out: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", choices: ["", "surrender", "knocked-out"] }),
    outCandidate: str(),
  };
}
type ExchangeSchema = ReturnType<typeof exchangeSchema>;

export class CavaliersExchangeModel extends foundry.abstract.TypeDataModel<ExchangeSchema, ChatMessage.Implementation> {
  static override defineSchema(): ExchangeSchema {
    return exchangeSchema();
  }
}

/** The card's data as plain values (what the steps read and the template shows). */
export interface ReadingData {
  rolled: boolean;
  name: string;
  pool: number[];
  drop: number;
  dropParts: Record<string, number>;
  kept: number[];
  faces: number[];
  total: number;
  sp: number;
}

export interface ExchangeData {
  kind: "attack" | "skill" | "flourish" | "survival";
  state: CardState;
  attackerUuid: string;
  targetUuid: string;
  attack: string;
  specialty: string;
  defences: string[];
  defence: string;
  opposition: string;
  attacker: ReadingData;
  defender: ReadingData;
  winner: "" | "attacker" | "defender";
  entries: Record<string, unknown>[];
  spend: string[];
  defenderSpend: string[];
  statuses: string[];
  applied: Record<string, unknown>[];
  out: "" | "surrender" | "knocked-out";
  outCandidate: string;
}

export function dataOf(message: ChatMessage.Implementation): ExchangeData {
  if (!(message.system instanceof CavaliersExchangeModel)) throw new Error(`message ${String(message.id)} is not a cavaliers exchange card`);
  // toObject gives the stored values in the shape of the schema above, which ExchangeData spells out.
  return message.system.toObject() as ExchangeData;
}

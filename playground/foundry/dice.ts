/**
 * foundry.dice.Roll, after the v13 API, for formulas of NdX terms joined by "+" (what Fray rolls):
 * parse, evaluate() drawing each face as Foundry's DiceTerm#mapRandomFace does (Math.ceil((1 - CONFIG.Dice.randomUniform()) * faces)),
 * `dice` / `terms` with `results[{result, active}]`, `total`, `toJSON` / `fromData` / `fromJSON`.
 * Tests queue the next faces with `queueFaces` so a flow runs from given faces.
 */
import { ChatMessage } from "./documents.js";
import { state } from "./state.js";

export interface DiceTermResult {
  result: number;
  active: boolean;
}

const queued: number[] = [];

/** The next faces any Roll draws, in order, before CONFIG.Dice.randomUniform is asked. */
export function queueFaces(...faces: number[]): void {
  queued.push(...faces);
}

export function clearQueuedFaces(): void {
  queued.length = 0;
}

export function queuedFaceCount(): number {
  return queued.length;
}

export class Die {
  number: number;
  faces: number;
  results: DiceTermResult[];
  _evaluated: boolean;

  constructor({ number = 1, faces = 6, results = [] }: { number?: number; faces?: number; results?: DiceTermResult[] } = {}) {
    this.number = number;
    this.faces = faces;
    this.results = results.map((r) => ({ ...r }));
    this._evaluated = results.length > 0;
  }

  get expression(): string {
    return `${this.number}d${this.faces}`;
  }

  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + r.result, 0);
  }

  roll(): DiceTermResult {
    let result: number;
    if (queued.length) {
      result = queued.shift() as number;
      if (!Number.isInteger(result) || result < 1 || result > this.faces) throw new Error(`Harness: queued face ${result} cannot show on a d${this.faces}`);
    } else {
      const uniform = (state.CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform;
      // DiceTerm#mapRandomFace: a value in [0, 1) maps to a face from 1 to faces.
      result = Math.ceil((1 - uniform()) * this.faces);
    }
    const entry = { result, active: true };
    this.results.push(entry);
    return entry;
  }

  evaluate(): this {
    for (let i = 0; i < this.number; i += 1) this.roll();
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return { class: "Die", number: this.number, faces: this.faces, results: this.results.map((r) => ({ ...r })), evaluated: this._evaluated };
  }

  static fromData(data: Record<string, unknown>): Die {
    return new Die({ number: Number(data.number), faces: Number(data.faces), results: (data.results ?? []) as DiceTermResult[] });
  }
}

export class OperatorTerm {
  operator: string;
  constructor({ operator = "+" }: { operator?: string } = {}) {
    this.operator = operator;
  }
  get expression(): string {
    return ` ${this.operator} `;
  }
  toJSON(): Record<string, unknown> {
    return { class: "OperatorTerm", operator: this.operator, evaluated: true };
  }
}

type Term = Die | OperatorTerm;

function parse(formula: string): Term[] {
  const terms: Term[] = [];
  const parts = formula.split("+").map((p) => p.trim());
  parts.forEach((part, index) => {
    const match = /^(\d*)d(\d+)$/.exec(part);
    if (!match) throw new Error(`Harness Roll: unsupported formula term "${part}" in "${formula}" (NdX terms joined by + only)`);
    if (index > 0) terms.push(new OperatorTerm({ operator: "+" }));
    terms.push(new Die({ number: match[1] ? Number(match[1]) : 1, faces: Number(match[2]) }));
  });
  return terms;
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  formula: string;
  data: Record<string, unknown>;
  terms: Term[];
  options: Record<string, unknown>;
  _evaluated = false;
  _total: number | undefined;
  /** Roll#_dice: dice kept apart from the terms (v13 fills it from a roll's data; Fray's formulas never make one). */
  _dice: Die[] = [];

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.data = data;
    this.options = options;
    this.terms = parse(formula);
    this.formula = this.terms.map((t) => t.expression).join("");
  }

  /** Roll#dice (client/dice/roll.mjs): the dice kept apart first, then the terms' dice. */
  get dice(): Die[] {
    return [...this._dice, ...this.terms.filter((t): t is Die => t instanceof Die)];
  }

  get total(): number | undefined {
    return this._total;
  }

  get isDeterministic(): boolean {
    return false;
  }

  async evaluate(): Promise<this> {
    return this.evaluateSync();
  }

  evaluateSync(): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    for (const die of this.dice) die.evaluate();
    this._total = this.dice.reduce((sum, die) => sum + (die.total ?? 0), 0);
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return { class: "Roll", options: this.options, dice: this._dice.map((d) => d.toJSON()), formula: this.formula, terms: this.terms.map((t) => t.toJSON()), total: this._total, evaluated: this._evaluated };
  }

  /**
   * v13 Roll#getTooltip (client/dice/roll.mjs): each dice term's part (formula, total and each die's
   * face with the die's classes), as templates/dice/tooltip.hbs lays it out.
   */
  async getTooltip(): Promise<string> {
    const parts = this.dice.map((die) => {
      const faces = die.results.map((r) => `<li class="roll die d${die.faces}${r.active ? "" : " discarded"}">${r.result}</li>`).join("");
      return `<section class="tooltip-part"><div class="dice"><header class="part-header flexrow"><span class="part-formula">${die.expression}</span><span class="part-total">${String(die.total ?? "")}</span></header><ol class="dice-rolls">${faces}</ol></div></section>`;
    });
    return `<div class="dice-tooltip">${parts.join("")}</div>`;
  }

  /** Posts the roll as Foundry's Roll#toMessage does: a ChatMessage whose rolls hold it, content its total. */
  async toMessage(messageData: Record<string, unknown> = {}, { create = true }: { create?: boolean } = {}): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const data = { content: String(this._total), ...messageData, rolls: [JSON.stringify(this.toJSON())] };
    return create ? ChatMessage.create(data) : data;
  }

  /**
   * Roll.fromData (client/dice/roll.mjs): the terms, and, unless the data says it was not evaluated,
   * the total and the `dice` list kept apart from the terms (Roll#_dice), which `dice` lists first.
   */
  static fromData(data: Record<string, unknown>): Roll {
    const roll = new Roll(String(data.formula), {}, (data.options ?? {}) as Record<string, unknown>);
    roll.terms = ((data.terms ?? []) as Record<string, unknown>[]).map((t) => (t.class === "OperatorTerm" ? new OperatorTerm({ operator: String(t.operator) }) : Die.fromData(t)));
    if (data.evaluated ?? true) {
      roll._total = data.total as number | undefined;
      roll._dice = ((data.dice ?? []) as Record<string, unknown>[]).map((d) => Die.fromData(d));
      roll._evaluated = true;
    }
    return roll;
  }

  static fromJSON(json: string): Roll {
    return Roll.fromData(JSON.parse(json) as Record<string, unknown>);
  }
}

export const dice = { Roll, terms: { Die, OperatorTerm } };

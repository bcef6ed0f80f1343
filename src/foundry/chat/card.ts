/**
 * The generic chat card: a ChatMessage subtype whose system data is the card's whole state. Each
 * ruleset registers a CardDefinition (its model, template and steps); the chat hook, the GM query
 * and the step runner work from the definition alone, so a new card type touches nothing here.
 */

/** Who asks for a step, as the step sees her. */
export interface Requester {
  id: string;
  isGM: boolean;
}

/** A change to the card (and maybe to actors), checked against the stored state before it runs. */
export interface CardStep {
  /**
   * Whether the requester may run the step on her own client: she can update the message and
   * owns every actor it changes. Otherwise it goes to the active GM.
   */
  local(message: ChatMessage.Implementation, payload: Record<string, unknown>, user: Requester): boolean;
  /** Checks the request against the card's stored state and the requester, then applies it; throws a Refusal with the reason. */
  run(message: ChatMessage.Implementation, payload: Record<string, unknown>, user: Requester): Promise<void>;
}

export interface CardDefinition {
  /** The ChatMessage subtype. */
  type: string;
  template: string;
  /** The template's context, from the card's stored data. */
  context(system: Record<string, unknown>): Record<string, unknown>;
  steps: Record<string, CardStep>;
  /**
   * What a click on a `[data-fray-action]` button does on the viewer's client (gather the payload,
   * roll the viewer's dice, run the step); `visible` decides whether this viewer sees the button.
   */
  actions: Record<string, { visible(message: ChatMessage.Implementation, user: Requester): boolean; click(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> }>;
  /** Whether the card waits on a step that only the GM can run for this viewer (for the no-GM note). */
  waitsOnGM?(message: ChatMessage.Implementation, user: Requester): boolean;
  /** Client-side touches after render (running totals...). */
  activate?(message: ChatMessage.Implementation, html: HTMLElement): void;
}

const DEFINITIONS = new Map<string, CardDefinition>();

export function registerCard(definition: CardDefinition): void {
  DEFINITIONS.set(definition.type, definition);
}

export function cardDefinition(type: string): CardDefinition | undefined {
  return DEFINITIONS.get(type);
}

export function cardTypes(): string[] {
  return [...DEFINITIONS.keys()];
}

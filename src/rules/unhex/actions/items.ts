import * as Type from "@sinclair/typebox";
import { requireArea } from "../../../core/areas/index.js";
import { effectOf, type Step } from "../../../core/outcome.js";
import { RuleError } from "../../../core/ruleError.js";
import { defineAction } from "../../ruleset.js";
import { spendAction } from "../budget.js";
import { isOut } from "../character.js";
import { type HandItem, itemKey, rearrangeHands, usableHands } from "../items.js";
import { characterOf, mapOf, optionsOf } from "../requests.js";
import { CombatantSchema, MapSchema, Options } from "../schemas.js";

const strict = { additionalProperties: false } as const;
const Key = Type.String({ minLength: 1, maxLength: 200 });
const ItemSchema = Type.Object({ name: Key, hands: Type.Union([Type.Literal(1), Type.Literal(2)]), id: Type.Optional(Key) }, strict);

function refuse(reason: string): never {
  throw new RuleError(reason);
}

export const itemsAction = defineAction({
  summary:
    "Use or manage items: rearrange what is in the hands (take, stow: one action in all; dropping is free), or use an item in hand or fixed to the character's area (a lever, a terminal: one action).",
  request: Type.Object(
    {
      map: Type.Optional(MapSchema),
      actor: Type.Composite([CombatantSchema, Type.Object({ area: Type.Optional(Type.String()) })], strict),
      /** What she holds now, each with the hands it takes; nothing when absent. */
      held: Type.Optional(Type.Array(ItemSchema, { maxItems: 8 })),
      /** Items she takes in hand (picks up, draws). */
      take: Type.Optional(Type.Array(ItemSchema, { maxItems: 8 })),
      /** Items in her hands she stows away (by id, else name). */
      stow: Type.Optional(Type.Array(Key, { maxItems: 8 })),
      /** Items in her hands she drops (by id, else name): no action. */
      drop: Type.Optional(Type.Array(Key, { maxItems: 8 })),
      /** The item she uses: one in her hands (by id, else name), or a thing fixed to an area (`fixedIn`), which must be hers. */
      use: Type.Optional(Type.Object({ item: Key, fixedIn: Type.Optional(Type.String()) }, strict)),
      options: Options,
    },
    strict,
  ),
  resolve: (request, tray) => {
    const options = optionsOf(request.options);
    const actor = characterOf(request.actor);
    if (isOut(actor, options)) refuse(`${actor.name} is out of the fight and cannot use or manage items`);
    const held: HandItem[] = request.held ?? [];
    const change = { take: request.take ?? [], stow: request.stow ?? [], drop: request.drop ?? [] };
    const hands = rearrangeHands(actor.name, held, change, usableHands(actor, options));
    const use = request.use;
    if (use && hands.costsAction) refuse("using an item and rearranging the hands are an action each: take them one at a time");
    if (!use && change.take.length + change.stow.length + change.drop.length === 0) refuse("say what she does: items to take, stow or drop, or an item to use");
    // What leaves her hands was checked to be in them: named as she holds them.
    const names = (keys: readonly string[]) => held.filter((item) => keys.includes(itemKey(item))).map((item) => item.name);
    const steps: Step[] = [];
    if (change.drop.length > 0) steps.push({ rule: "drop-items", who: actor.name, items: names(change.drop) });
    if (hands.costsAction) steps.push({ rule: "rearrange-hands", who: actor.name, take: change.take.map((item) => item.name), stow: names(change.stow) });
    let used: { item: string; fixedIn?: string } | undefined;
    if (use) {
      if (use.fixedIn !== undefined) {
        const map = mapOf(request.map);
        requireArea(map, use.fixedIn);
        if (request.actor.area === undefined) refuse(`say which area ${actor.name} is in, to use what is fixed to "${use.fixedIn}"`);
        requireArea(map, request.actor.area);
        if (request.actor.area !== use.fixedIn) refuse(`${actor.name} is in "${request.actor.area}": "${use.item}" is fixed to "${use.fixedIn}"`);
        used = { item: use.item, fixedIn: use.fixedIn };
      } else {
        const item = hands.held.find((candidate) => itemKey(candidate) === use.item);
        if (!item) refuse(`${actor.name} has no "${use.item}" in her hands to use`);
        used = { item: item.name };
      }
      steps.push({ rule: "use-item", who: actor.name, ...used });
    }
    const spends = hands.costsAction || use !== undefined;
    const before = request.actor.budget;
    const after = before && spends ? spendAction(before) : before;
    const tracks = (budget: typeof before) => (budget ? { "budget.available": budget.available, "budget.owed": budget.owed } : {});
    return {
      dice: tray.rolled,
      steps,
      result: { action: spends, held: hands.held, ...(used ? { used } : {}) },
      effects: [effectOf(actor.name, tracks(before), tracks(after))],
    };
  },
});

/**
 * The words of a card kind's opening request (CardKind.request): typebox schemas whose every field
 * carries a description, read by docs/api.md's list of card kinds (npm run docs:api) and by the
 * refusal that names a missing field. They describe what `prepare` reads; `prepare` still checks
 * each value as it always has.
 */
import { type TProperties, type TSchema, Type } from "@sinclair/typebox";

export const requestOf = (fields: TProperties) => Type.Object(fields);
export const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const text = (description: string) => Type.String({ description });
export const yesNo = (description: string) => Type.Boolean({ description });
export const whole = (description: string, minimum?: number, maximum?: number) => Type.Integer({ description, ...(minimum === undefined ? {} : { minimum }), ...(maximum === undefined ? {} : { maximum }) });
export const oneOf = (values: readonly string[], description: string) => Type.Union(values.map((value) => Type.Literal(value)), { description });
export const listOf = (item: TSchema, description: string) => Type.Array(item, { description });
export const entries = (fields: TProperties, description: string) => Type.Object(fields, { description });
export const byKey = (value: TSchema, description: string) => Type.Record(Type.String(), value, { description });
export const anything = (description: string) => Type.Unknown({ description });

/** The running Combat a card reads (its id), which the tracker and the dialogs send. */
export const combatId = text("the id of the running Combat (game.combat.id)");

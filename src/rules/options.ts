import * as Type from "@sinclair/typebox";
import type { TBoolean, TInteger, TObject, TOptional, TSchema, TUnsafe } from "@sinclair/typebox";

/**
 * A house default: a choice the seed or RULINGS.md leaves to the table. Each one becomes a world
 * setting in Foundry (key `fray.<ruleset>.<name>`, labels `FRAY.Setting.<ruleset>.<name>.Name/Hint`
 * in lang/en.json) and an optional field of every request's `options` on the command line, always
 * with this default.
 */
export type OptionDefinition =
  | { kind: "boolean"; default: boolean; summary: string }
  | { kind: "integer"; default: number; min: number; max: number; summary: string }
  | { kind: "choice"; default: string; choices: readonly string[]; summary: string };

/** The value an option can take: any boolean, any number, or one of its choices (never just its default's literal). */
export type OptionValue<D extends OptionDefinition> = D extends { kind: "boolean" }
  ? boolean
  : D extends { kind: "integer" }
    ? number
    : D extends { choices: readonly (infer C)[] }
      ? C
      : string;

export type OptionValues<O extends Record<string, OptionDefinition>> = {
  [K in keyof O]: OptionValue<O[K]>;
};

type OptionSchema<D extends OptionDefinition> = D extends { kind: "boolean" } ? TBoolean : D extends { kind: "integer" } ? TInteger : TUnsafe<OptionValue<D>>;

/** The schema type of a request's `options`, so `request.options` is typed at each action. */
export type OptionsSchema<O extends Record<string, OptionDefinition>> = TOptional<TObject<{ [K in keyof O]: TOptional<OptionSchema<O[K]>> }>>;

/** The typebox schema of a request's `options` field: every option optional, nothing else allowed. */
export function optionsSchema<O extends Record<string, OptionDefinition>>(options: O): OptionsSchema<O> {
  const properties: Record<string, TSchema> = {};
  for (const [name, option] of Object.entries(options)) {
    if (option.kind === "boolean") properties[name] = Type.Optional(Type.Boolean());
    else if (option.kind === "integer") properties[name] = Type.Optional(Type.Integer({ minimum: option.min, maximum: option.max }));
    else properties[name] = Type.Optional(Type.Union(option.choices.map((choice) => Type.Literal(choice))));
  }
  return Type.Optional(Type.Object(properties, { additionalProperties: false })) as unknown as OptionsSchema<O>;
}

/** Fills in the defaults for whatever the request (or world) did not set. */
export function withDefaults<O extends Record<string, OptionDefinition>>(options: O, given: Partial<OptionValues<O>> | undefined): OptionValues<O> {
  const values: Partial<OptionValues<O>> = {};
  for (const name of Object.keys(options) as Array<keyof O>) {
    const value = given?.[name];
    values[name] = value === undefined ? (options[name]?.default as OptionValues<O>[keyof O]) : value;
  }
  return values as OptionValues<O>;
}

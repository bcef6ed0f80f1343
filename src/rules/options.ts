import { type TSchema, Type } from "@sinclair/typebox";

/**
 * A house default: a choice the seed or RULINGS.md leaves to the table. Each one becomes a world
 * setting in Foundry (key `<ruleset>.<name>`, labels from lang/en.json) and an optional field of
 * every request's `options` on the command line, always with this default.
 */
export type OptionDefinition =
  | { kind: "boolean"; default: boolean; summary: string }
  | { kind: "integer"; default: number; min: number; max: number; summary: string }
  | { kind: "choice"; default: string; choices: readonly string[]; summary: string };

export type OptionValues<O extends Record<string, OptionDefinition>> = {
  [K in keyof O]: O[K]["default"];
};

/** The typebox schema of a request's `options` field: every option optional, nothing else allowed. */
export function optionsSchema(options: Record<string, OptionDefinition>): TSchema {
  const properties: Record<string, TSchema> = {};
  for (const [name, option] of Object.entries(options)) {
    if (option.kind === "boolean") properties[name] = Type.Optional(Type.Boolean());
    else if (option.kind === "integer") properties[name] = Type.Optional(Type.Integer({ minimum: option.min, maximum: option.max }));
    else properties[name] = Type.Optional(Type.Union(option.choices.map((choice) => Type.Literal(choice))));
  }
  return Type.Optional(Type.Object(properties, { additionalProperties: false }));
}

/** Fills in the defaults for whatever the request (or world) did not set. */
export function withDefaults<O extends Record<string, OptionDefinition>>(options: O, given: Partial<OptionValues<O>> | undefined): OptionValues<O> {
  const values = {} as OptionValues<O>;
  for (const name of Object.keys(options) as Array<keyof O>) {
    const value = given?.[name];
    values[name] = (value === undefined ? options[name]?.default : value) as OptionValues<O>[typeof name];
  }
  return values;
}

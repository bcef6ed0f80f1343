/**
 * docs/api.md's list of card kinds, made from the kinds themselves: each kind's roles (the `refs`
 * a macro names) and its opening request's fields, from the schema the kind declares
 * (CardKind.request). `npm run docs:api` writes it between the two markers below;
 * test/foundry/api-kinds.test.ts fails when the page and the kinds disagree.
 */
import type { TSchema } from "@sinclair/typebox";
import { RULESETS } from "../../rules/index.js";
import type { CardKind } from "../cards/kinds.js";

export const KINDS_START = "<!-- card kinds: made by `npm run docs:api` from each kind's request schema; edit the kinds, not this list -->";
export const KINDS_END = "<!-- end of card kinds -->";

type Schema = TSchema & { description?: string; const?: unknown; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>; required?: string[]; patternProperties?: Record<string, Schema>; minimum?: number; maximum?: number };

const code = (text: string) => `\`${text}\``;

/** A field's type in words: its values, its bounds, what its list or object holds. */
function typeOf(schema: Schema): string {
  if (schema.anyOf?.every((option) => option.const !== undefined)) return schema.anyOf.map((option) => code(JSON.stringify(option.const))).join(", ");
  switch (schema.type) {
    case "string":
      return "text";
    case "boolean":
      return "true or false";
    case "integer": {
      const { minimum, maximum } = schema;
      if (minimum !== undefined && maximum !== undefined) return `whole number, ${minimum} to ${maximum}`;
      return minimum !== undefined ? `whole number, ${minimum} or more` : "whole number";
    }
    case "array":
      return `list of ${schema.items ? typeOf(schema.items).replace(/^list of /, "lists of ") : "values"}`;
    case "object":
      if (schema.patternProperties) return `object by key, each ${typeOf(Object.values(schema.patternProperties)[0]!)}`;
      return "object";
    default:
      return "any value";
  }
}

/** A schema's fields as table rows, nested objects (and objects in lists) spelt out with dotted names. */
function rows(schema: Schema, prefix = ""): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = `| ${code(path)} | ${typeOf(field)} | ${required.has(name) ? "yes" : "no"} | ${field.description ?? ""} |`;
    const inner = field.type === "object" && field.properties ? field : field.type === "array" && field.items?.type === "object" ? field.items : null;
    return [row, ...(inner ? rows(inner, `${path}${field.type === "array" ? "[]" : ""}.`) : [])];
  });
}

/** Roles numbered in a run (`c0` … `c15`) said as the run. */
function roleList(roles: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < roles.length; ) {
    const match = /^(\D+)(\d+)$/.exec(roles[i]!);
    let j = i;
    while (match && /^(\D+)(\d+)$/.exec(roles[j + 1] ?? "")?.[1] === match[1] && Number(/\d+$/.exec(roles[j + 1]!)![0]) === Number(match[2]) + (j + 1 - i)) j += 1;
    out.push(j - i >= 2 ? `${code(roles[i]!)} … ${code(roles[j]!)}` : roles.slice(i, j + 1).map(code).join(", "));
    i = j + 1;
  }
  return out.join(", ");
}

function whoOpens(kind: CardKind): string {
  if (kind.opener === "tracker") return "The tracker posts it; it is not opened from a request.";
  if (kind.openBy === "gm") return "Only a GM opens it.";
  if (kind.openBy === "every-role") return "Opened by someone who owns every actor it names.";
  return `Opened by the owner of the ${code(kind.opener)} actor (or a GM).`;
}

function kindSection(kind: CardKind): string[] {
  const lines = [`#### ${code(kind.id)}`, "", `The rules action ${code(kind.action)}. ${whoOpens(kind)}`];
  if (kind.opener !== "tracker") lines.push(`Roles in \`refs\`: ${roleList(kind.roles)}.`);
  const fields = rows(kind.request as Schema);
  lines.push("");
  if (fields.length) lines.push("| field of `request` | value | required | what |", "| --- | --- | --- | --- |", ...fields);
  else lines.push("Its `request` is `{}`.");
  return [...lines, ""];
}

/** The generated part of docs/api.md: every kind, by ruleset in the rules' order, kinds by id. */
export function cardKindsSection(kinds: readonly CardKind[]): string {
  const lines = [KINDS_START, ""];
  for (const ruleset of RULESETS) {
    const own = kinds.filter((kind) => kind.ruleset === ruleset.id).sort((a, b) => a.id.localeCompare(b.id));
    if (!own.length) continue;
    lines.push(`### ${ruleset.game} card kinds`, "", ...own.flatMap(kindSection));
  }
  lines.push(KINDS_END);
  return lines.join("\n");
}

/** docs/api.md with its card kinds replaced by `section`; the page unchanged when it has no markers. */
export function withCardKinds(markdown: string, section: string): string {
  const start = markdown.indexOf(KINDS_START);
  const end = markdown.indexOf(KINDS_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md needs the lines ${KINDS_START} and ${KINDS_END}`);
  return markdown.slice(0, start) + section + markdown.slice(end + KINDS_END.length);
}

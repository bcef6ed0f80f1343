/**
 * A Stryker ignorer: the text of a message is not a rule. A string or template literal that only
 * builds the message of a refusal or an error is left unmutated (Stryker reports it as Ignored,
 * with the reason below, and it counts neither for nor against the score). A message is an
 * argument of:
 * - a call to a function named `refuse` (each ruleset's refusal, and the formula parser's), or
 * - `new X(...)` where X's name ends in `Error` or is `Refusal` (RuleError and its subclasses);
 * or the whole value of a property named `summary` or `note` (an action's or a house option's help
 * line, an outcome's note to the reader); or the whole value of an entry in a table of refusal
 * words: an object literal declared `Record<...RefusalCode, string>` (torchlight's `SAYS`, which
 * its refusal reads only to build its message; its keys, the codes, are not left out).
 * Anything else a string decides (an outcome's kind, a table key, a status id) is still mutated.
 */
import { PluginKind, declareValuePlugin } from "@stryker-mutator/api/plugin";

const MESSAGE_CALLEES = new Set(["refuse"]);
const HELP_PROPERTIES = new Set(["summary", "note"]);
const isMessageClass = (name) => name === "Refusal" || name.endsWith("Error");

function calleeName(node) {
  const callee = node.callee;
  if (callee?.type === "Identifier") return callee.name;
  if (callee?.type === "MemberExpression" && callee.property?.type === "Identifier") return callee.property.name;
  return undefined;
}

/** `Record<XRefusalCode, string>`: a table from refusal codes to the words people read. */
function isRefusalWordsType(annotation) {
  const type = annotation?.type === "TSTypeAnnotation" ? annotation.typeAnnotation : undefined;
  if (type?.type !== "TSTypeReference" || type.typeName.type !== "Identifier" || type.typeName.name !== "Record") return false;
  const [key, value] = (type.typeArguments ?? type.typeParameters)?.params ?? [];
  return key?.type === "TSTypeReference" && key.typeName.type === "Identifier" && key.typeName.name.endsWith("RefusalCode") && value?.type === "TSStringKeyword";
}

/** The literal is the whole value of an entry of an object literal declared as a table of refusal words. */
function isRefusalWords(path) {
  const entry = path.parentPath;
  if (path.node.type !== "StringLiteral" || entry?.node.type !== "ObjectProperty" || path.key !== "value") return false;
  const table = entry.parentPath;
  const declarator = table?.parentPath;
  return table?.node.type === "ObjectExpression" && declarator?.node.type === "VariableDeclarator" && table.key === "init" && isRefusalWordsType(declarator.node.id.typeAnnotation);
}

function isMessageBearer(node) {
  const name = calleeName(node);
  if (name === undefined) return false;
  if (node.type === "CallExpression") return MESSAGE_CALLEES.has(name);
  if (node.type === "NewExpression") return isMessageClass(name);
  return false;
}

export const messageIgnorer = {
  shouldIgnore(path) {
    if (path.node.type !== "StringLiteral" && path.node.type !== "TemplateLiteral") return undefined;
    const owner = path.parentPath;
    if (owner?.node.type === "ObjectProperty" && path.key === "value" && !owner.node.computed) {
      const key = owner.node.key;
      const name = key.type === "Identifier" ? key.name : key.type === "StringLiteral" ? key.value : undefined;
      if (name !== undefined && HELP_PROPERTIES.has(name)) return "help text: a summary or note for people, not a rule";
    }
    if (isRefusalWords(path)) return "message text: the words of a refusal, not a rule";
    // Climb from the literal to its statement; a message bearer whose arguments hold it marks it.
    let child = path;
    for (let parent = path.parentPath; parent && !parent.isStatement(); child = parent, parent = parent.parentPath) {
      if ((parent.node.type === "CallExpression" || parent.node.type === "NewExpression") && child.listKey === "arguments" && isMessageBearer(parent.node)) {
        return "message text: the words of a refusal or error, not a rule";
      }
    }
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, "fray-messages", messageIgnorer)];

/**
 * A Stryker ignorer: the text of a message is not a rule. A string or template literal that only
 * builds the message of a refusal or an error is left unmutated (Stryker reports it as Ignored,
 * with the reason below, and it counts neither for nor against the score). A message is an
 * argument of:
 * - a call to a function named `refuse` (each ruleset's refusal, and the formula parser's), or
 * - `new X(...)` where X's name ends in `Error` or is `Refusal` (RuleError and its subclasses);
 * or the whole value of a property named `summary` or `note` (an action's or a house option's help
 * line, an outcome's note to the reader).
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

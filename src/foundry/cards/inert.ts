/**
 * Chat content Fray writes that must stay as written. Foundry v13 rolls every `[[…]]` in a message's
 * raw content when the message is created (client/documents/chat-message.mjs `_preCreate`) and
 * enriches the text of its content each time a client shows it (`renderHTML` → `TextEditor.enrichHTML`:
 * `@UUID[…]` and custom `@Name[…]` links, `[[…]]` rolls, web addresses). A character's name, a
 * player's words or a rule's text put into a card is text: `[[1d20]]` must not roll on the GM's client,
 * `@UUID[…]` must not become a link.
 *
 * Every enrichment pattern needs a `[` (or `://`) inside one text node: each `[` and the `:` of `://`
 * in the text goes into an element of its own, which reads and copies the same but splits the node;
 * inside a tag (an attribute's value) a `[` or `]` becomes its character reference, which the raw
 * content no longer matches and the attribute reads the same.
 */
const TAG = /(<[^>]*>)/;

function inertTag(tag: string): string {
  return tag.replace(/\[/g, "&#91;").replace(/]/g, "&#93;");
}

function inertText(text: string): string {
  return text.replace(/\[/g, "<span>[</span>").replace(/:(?=\/\/)/g, "<span>:</span>");
}

/** The HTML with nothing in it that Foundry would roll or enrich. */
export function inertHtml(html: string): string {
  return html
    .split(TAG)
    .map((part, index) => (index % 2 ? inertTag(part) : inertText(part)))
    .join("");
}

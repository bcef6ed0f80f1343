import { cardDefinition, type Requester } from "./card.js";

/** Clicks still running (the chat log does not await them; tests and the browser harness can). */
const RUNNING = new Set<Promise<unknown>>();

export async function cardActivity(): Promise<void> {
  while (RUNNING.size) await Promise.all([...RUNNING]);
}

function track(work: Promise<unknown>): void {
  const tracked = work
    .catch((error: unknown) => {
      console.error("Fray | chat card", error);
      ui.notifications?.error(error instanceof Error ? error.message : String(error));
    })
    .finally(() => RUNNING.delete(tracked));
  RUNNING.add(tracked);
}

/**
 * Per viewer, at display time: show only the buttons she may press, bind them, and say so on the
 * card when it waits on the GM and no GM is connected.
 */
function onRender(message: ChatMessage.Implementation, html: HTMLElement): void {
  const definition = cardDefinition(message.type);
  if (!definition) return;
  const user = game.user!;
  const viewer: Requester = { id: user.id, isGM: user.isGM };
  for (const button of html.querySelectorAll<HTMLElement>("[data-fray-action]")) {
    const action = definition.actions[button.dataset.frayAction ?? ""];
    if (!action || !action.visible(message, viewer)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      // Inside one card a button works once; the stored state refuses a late second click.
      if (button.hasAttribute("disabled")) return;
      button.setAttribute("disabled", "");
      track(action.click(message, button).finally(() => button.removeAttribute("disabled")));
    });
  }
  const card = html.querySelector<HTMLElement>(".fray-card");
  if (card && !game.users?.activeGM && definition.waitsOnGM?.(message, viewer)) {
    const note = document.createElement("p");
    note.className = "fray-card-nogm";
    note.textContent = game.i18n!.localize("FRAY.Card.NoGM");
    card.append(note);
  }
  definition.activate?.(message, html);
}

export function registerChatHooks(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => onRender(message, html));
}

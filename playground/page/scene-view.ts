/**
 * The scene as the page draws it: its Areas and tokens on a view the user pans (a drag on empty
 * ground) and zooms (the wheel), as Foundry's canvas does. A click on a token targets it; a drag of a
 * token the user may move drops it where the pointer lets go, snapped to the grid, and the stand-in
 * moves it as v13's canvas does (`dragToken`: one movement, cut at Area borders and continued), so
 * Fray's move checks, refusals and charges run as at the table. A token moved by anyone slides to its
 * new place, as Foundry animates a move.
 */
import type { SceneDoc, TokenDoc } from "./world.js";

/** What the page does with a click or a drop: the scene view knows nothing of users or rules. */
export interface SceneActions {
  /** Whether the user playing now may drag this token (Foundry: a GM any, a player her own). */
  canDrag(token: TokenDoc): boolean;
  /** Whether the user playing now targets this token. */
  targeted(token: TokenDoc): boolean;
  target(token: TokenDoc, additive: boolean): void;
  /** The token was dropped with its top-left corner at `place`. */
  drop(token: TokenDoc, place: { x: number; y: number }): Promise<void>;
}

/** Token names stay at least this large on the screen at any zoom out (Foundry's are some 12–14 px). */
const NAME_PX = 13;
/** A press that moves less than this many screen pixels is a click. */
const CLICK_SLOP = 4;
const NS = "http://www.w3.org/2000/svg";

interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class SceneView {
  readonly svg: SVGSVGElement;
  #view: View;
  #tokens = new Map<string, SVGGElement>();
  #regions: SVGGElement;
  #layer: SVGGElement;
  /** A drag under way: the token shown where the pointer is, not where its document stands. */
  #dragging: string | null = null;

  constructor(
    readonly holder: HTMLElement,
    readonly scene: SceneDoc,
    readonly actions: SceneActions,
  ) {
    this.svg = document.createElementNS(NS, "svg");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", `${scene.name}: tokens and Areas`);
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.#view = { x: 0, y: 0, width: scene.width, height: scene.height };
    this.#regions = this.#add(this.svg, "g", { class: "pg-regions" });
    this.#layer = this.#add(this.svg, "g", { class: "pg-tokens" });
    holder.replaceChildren(this.svg);
    this.svg.addEventListener("wheel", (event) => this.#zoom(event), { passive: false });
    this.svg.addEventListener("pointerdown", (event) => this.#press(event));
    this.svg.addEventListener("keydown", (event) => {
      const token = this.#tokenOf(event.target);
      if (token && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        this.actions.target(token, event.shiftKey);
      }
    });
    new ResizeObserver(() => this.#fit()).observe(this.svg);
    this.#drawRegions();
    this.#applyView();
  }

  /** How many screen pixels one scene unit is now. */
  get scale(): number {
    const box = this.svg.getBoundingClientRect();
    if (!box.width || !box.height) return 1;
    return Math.min(box.width / this.#view.width, box.height / this.#view.height);
  }

  /** Draws every token where its document stands (a token dragged now stays under the pointer). */
  draw(): void {
    const seen = new Set<string>();
    for (const token of this.scene.tokens.contents) {
      seen.add(token.id);
      let group = this.#tokens.get(token.id);
      if (!group) {
        group = this.#add(this.#layer, "g", { class: "pg-token", "data-token-id": token.id, tabindex: 0, role: "button" });
        // The token and its name are one thing to click or drag (the name's box is the rest of it).
        this.#add(group, "rect", { class: "pg-hit", fill: "transparent" });
        this.#add(group, "circle", { class: "pg-ring", r: 56, fill: "transparent", stroke: "transparent" });
        this.#add(group, "circle", { class: "pg-body", r: 46, "stroke-width": 4 });
        this.#add(group, "text", { class: "pg-name" });
        this.#tokens.set(token.id, group);
      }
      const size = this.#grid() * ((token as TokenDoc & { width?: number }).width ?? 1);
      group.setAttribute("aria-label", `Target ${token.name}`);
      group.classList.toggle("targeted", this.actions.targeted(token));
      group.classList.toggle("pg-draggable", this.actions.canDrag(token));
      const body = group.querySelector(".pg-body") as SVGCircleElement;
      body.setAttribute("r", String(size * 0.46));
      body.setAttribute("fill", token.disposition > 0 ? "#2f6f4f" : "#8a2a1f");
      body.setAttribute("stroke", "#fff");
      (group.querySelector(".pg-ring") as SVGCircleElement).setAttribute("r", String(size * 0.56));
      const name = group.querySelector(".pg-name") as SVGTextElement;
      name.textContent = token.name;
      if (this.#dragging !== token.id) this.#place(group, token.x + size / 2, token.y + size / 2);
    }
    for (const [id, group] of this.#tokens)
      if (!seen.has(id)) {
        group.remove();
        this.#tokens.delete(id);
      }
    this.#sizeNames();
  }

  #drawRegions(): void {
    for (const region of this.scene.regions.contents) {
      const group = this.#add(this.#regions, "g", { class: "pg-region", "data-area": region.name });
      for (const shape of region.shapes) this.#add(group, "rect", { x: shape.x, y: shape.y, width: shape.width, height: shape.height, fill: `${region.color ?? "#777777"}55`, stroke: region.color ?? "#777" });
      const first = region.shapes[0];
      if (first) this.#add(group, "text", { class: "pg-area-name", x: first.x + 12, y: first.y + 12 }, region.name);
    }
  }

  /** The view shows the whole scene at first, as Foundry's canvas opens on it. */
  #fit(): void {
    this.#applyView();
    this.#sizeNames();
  }

  #applyView(): void {
    const { x, y, width, height } = this.#view;
    this.svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  }

  /** Names and Area labels keep a readable size on the screen when zoomed out, and grow with the scene when zoomed in. */
  #nameSize(): number {
    return Math.max(34, NAME_PX / this.scale);
  }

  #sizeNames(): void {
    const size = this.#nameSize();
    for (const group of this.#tokens.values()) {
      const name = group.querySelector(".pg-name") as SVGTextElement;
      name.setAttribute("font-size", String(size));
      const radius = Number((group.querySelector(".pg-ring") as SVGCircleElement).getAttribute("r"));
      name.setAttribute("y", String(radius + size * 0.8));
      const box = name.getBBox();
      const hit = group.querySelector(".pg-hit") as SVGRectElement;
      const left = Math.min(box.x, -radius);
      for (const [key, value] of Object.entries({ x: left, y: -radius, width: Math.max(box.x + box.width, radius) - left, height: box.y + box.height + radius })) hit.setAttribute(key, String(value));
    }
    for (const label of this.#regions.querySelectorAll(".pg-area-name")) {
      label.setAttribute("font-size", String(size));
      label.setAttribute("dy", String(size));
    }
  }

  #grid(): number {
    return (this.scene as SceneDoc & { grid?: { size?: number } }).grid?.size ?? 100;
  }

  /** A screen point as a point of the scene. */
  #scenePoint(clientX: number, clientY: number): { x: number; y: number } {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  #place(group: SVGGElement, cx: number, cy: number): void {
    group.style.transform = `translate(${cx}px, ${cy}px)`;
  }

  #tokenOf(target: EventTarget | null): TokenDoc | undefined {
    const id = (target as Element | null)?.closest?.("[data-token-id]")?.getAttribute("data-token-id");
    return id ? this.scene.tokens.contents.find((token) => token.id === id) : undefined;
  }

  /** The wheel zooms about the pointer (Foundry: Canvas#_onMouseWheel). */
  #zoom(event: WheelEvent): void {
    event.preventDefault();
    const at = this.#scenePoint(event.clientX, event.clientY);
    const factor = event.deltaY < 0 ? 1 / 1.2 : 1.2;
    const width = Math.min(Math.max(this.#view.width * factor, this.#grid() * 3), this.scene.width * 3);
    const ratio = width / this.#view.width;
    this.#view = { x: at.x - (at.x - this.#view.x) * ratio, y: at.y - (at.y - this.#view.y) * ratio, width, height: this.#view.height * ratio };
    this.#applyView();
    this.#sizeNames();
  }

  /** A press on a token the user may move drags it; on empty ground it pans the view; a press that hardly moves is a click. */
  #press(event: PointerEvent): void {
    if (event.button !== 0) return;
    const token = this.#tokenOf(event.target);
    const start = { x: event.clientX, y: event.clientY };
    const grab = this.#scenePoint(event.clientX, event.clientY);
    const view = { ...this.#view };
    const group = token ? this.#tokens.get(token.id) : undefined;
    const drags = !!token && !!group && this.actions.canDrag(token);
    const size = this.#grid() * ((token as (TokenDoc & { width?: number }) | undefined)?.width ?? 1);
    let moved = false;
    this.svg.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    const follow = (move: PointerEvent) => {
      if (!moved && Math.hypot(move.clientX - start.x, move.clientY - start.y) < CLICK_SLOP) return;
      moved = true;
      if (token && !drags) return;
      if (drags && token && group) {
        this.#dragging = token.id;
        group.classList.add("pg-dragged");
        const at = this.#scenePoint(move.clientX, move.clientY);
        this.#place(group, token.x + size / 2 + at.x - grab.x, token.y + size / 2 + at.y - grab.y);
        return;
      }
      // Panning: the ground under the pointer stays under it.
      const scale = this.scale;
      this.#view = { ...view, x: view.x - (move.clientX - start.x) / scale, y: view.y - (move.clientY - start.y) / scale };
      this.#applyView();
    };
    const stop = (up: PointerEvent) => {
      this.svg.removeEventListener("pointermove", follow);
      this.svg.removeEventListener("pointerup", stop);
      this.svg.removeEventListener("pointercancel", stop);
      if (!moved) {
        if (token) this.actions.target(token, up.shiftKey);
        return;
      }
      if (!drags || !token || !group) return;
      const at = this.#scenePoint(up.clientX, up.clientY);
      const grid = this.#grid();
      // Token#_onDragLeftDrop snaps the drop to the grid (a token's top-left on a grid vertex).
      const place = { x: Math.round((token.x + at.x - grab.x) / grid) * grid, y: Math.round((token.y + at.y - grab.y) / grid) * grid };
      group.classList.remove("pg-dragged");
      const same = place.x === token.x && place.y === token.y;
      void (same ? Promise.resolve() : this.actions.drop(token, place)).finally(() => {
        this.#dragging = null;
        this.draw();
      });
    };
    this.svg.addEventListener("pointermove", follow);
    this.svg.addEventListener("pointerup", stop);
    this.svg.addEventListener("pointercancel", stop);
  }

  #add(parent: Element, tag: string, attributes: Record<string, string | number>, text?: string): SVGGElement {
    const element = document.createElementNS(NS, tag) as SVGGElement;
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    if (text !== undefined) element.textContent = text;
    parent.append(element);
    return element;
  }
}

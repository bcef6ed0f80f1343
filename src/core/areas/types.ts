/**
 * The area graph: a combat map drawn as areas joined by connections. Plain data, so a map can come
 * from JSON, a scene or a compendium; every query in this folder takes a validated map.
 */
export interface Area {
  id: string;
  name?: string;
}

/**
 * How a connection may be used.
 * - `two-way`: a solid line; move and see both ways.
 * - `sight`: a dashed line; see (and so shoot) both ways, never move along it.
 * - `one-way`: an arrow from `from` to `to`; move only that way, see both ways (sight is never one-way).
 * - `door`: a solid line with a door; when open it is a two-way line, when closed it blocks movement and,
 *   unless `transparent`, sight too (a glass door lets sight through while shut).
 * - `sight-blocked`: a dashed line with an X; no movement, and no line of sight between its two areas by
 *   any path. It is a mark on the pair, not a way through, so it never counts for range.
 */
export type ConnectionKind = "two-way" | "sight" | "one-way" | "door" | "sight-blocked";

export interface Connection {
  from: string;
  to: string;
  kind: ConnectionKind;
  /** Doors only: whether the door stands open (default closed). */
  open?: boolean;
  /** Doors only: whether sight passes while the door is shut (default false). */
  transparent?: boolean;
  /**
   * Cover marks on this connection, keyed by the area they protect (the area the mark sits "into"),
   * valued 1 or 2. Rulesets that only ask whether there is cover ignore the value; cavaliers uses it
   * as its Drop.
   */
  cover?: Record<string, number>;
}

export interface AreaMap {
  name?: string;
  areas: Area[];
  connections: Connection[];
}

/** Types of scripts/link.mjs for the tests that import it. */
export declare const ROOT: string;
export declare const DIST: string;
export declare class LinkError extends Error {}
export declare function dataFolder(given: string): string;
export type Linked = { status: "linked" | "already"; target: string; dist: string } | { status: "relinked"; target: string; dist: string; previous: string };
export declare function linkSystem(given: string, dist?: string): Linked;

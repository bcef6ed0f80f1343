/** Types of scripts/release-manifest.mjs for the TypeScript config and tests that import it. */
export interface Release {
  repository: string;
  tag: string;
}
export declare class ReleaseError extends Error {}
export declare function versionFromTag(tag: string): string;
export declare function releaseManifest<T extends { version: string; flags?: Record<string, unknown> }>(manifest: T, release: Release): T & Record<"url" | "manifest" | "download" | "license" | "bugs" | "changelog", string>;
export declare function releaseFromEnv(env?: Record<string, string | undefined>): Release | null;

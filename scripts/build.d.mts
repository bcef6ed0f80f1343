/** Types of scripts/build.mjs for the TypeScript scripts and tests that import it. */
export declare const ROOT: string;
export declare const DIST: string;
export declare const CLI_OUT: string;
export declare class BuildError extends Error {}
export declare function walk(dir: string): Promise<string[]>;
export declare function verifyDist(): Promise<void>;
export declare function build(options?: { quiet?: boolean }): Promise<void>;

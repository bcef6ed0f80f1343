/** Types of scripts/screenshots.mjs for the tests that import it. */
export declare const ROOT: string;
export declare const FRESH: string;
export declare const DOCS: string;
export declare function screenshotSources(root?: string): { file: string; name: string; pattern: RegExp }[];
export declare function documentedScreenshots(root?: string): Set<string>;

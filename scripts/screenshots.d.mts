/** Types of scripts/screenshots.mjs for the tests that import it. */
export declare const ROOT: string;
export declare const FRESH: string;
export declare const DOCS: string;
/** The suffix of a card photograph's twin in the dark theme. */
export declare const DARK_TWIN: string;
export declare function screenshotSources(root?: string): { file: string; name: string; pattern: RegExp }[];
export declare function documentedScreenshots(root?: string): Set<string>;

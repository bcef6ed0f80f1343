import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The stylesheet system.json names, and the SCSS it is compiled from. */
export const STYLE_ENTRY = "styles/fray.scss";
export const STYLE_OUTPUT = "styles/fray.css";

export interface CompiledStyles {
  css: string;
  /** Every SCSS file the compile read, so a watcher can follow the partials too. */
  files: string[];
}

export async function compileStyles(root: string): Promise<CompiledStyles> {
  const sass = await import("sass");
  const result = await sass.compileAsync(join(root, STYLE_ENTRY), { style: "expanded", loadPaths: [join(root, "styles")] });
  return { css: result.css, files: result.loadedUrls.filter((url) => url.protocol === "file:").map((url) => fileURLToPath(url)) };
}

/**
 * Compiles styles/fray.scss into the build's styles/fray.css. It runs in buildStart so that, under
 * `vite build --watch`, every partial is watched and a change to any of them rebuilds the CSS.
 */
export function frayStyles(root: string): Plugin {
  return {
    name: "fray-styles",
    apply: "build",
    async buildStart() {
      const { css, files } = await compileStyles(root);
      for (const file of files) this.addWatchFile(file);
      this.emitFile({ type: "asset", fileName: STYLE_OUTPUT, source: css });
    },
  };
}

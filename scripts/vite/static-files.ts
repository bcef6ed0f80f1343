import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import copy from "rollup-plugin-copy";
import type { Plugin } from "vite";
import { releaseManifest, type Release } from "../release-manifest.mjs";

/** Files Foundry reads as they are, copied into the system folder with their paths. */
export const STATIC_SOURCES = ["system.json", "LICENSE", "lang", "templates"] as const;

/**
 * The static files of the system folder, copied by rollup-plugin-copy once the bundle is written:
 * system.json (with the release fields in a release build), the licence, lang/ and every .hbs under
 * templates/. globby reads the sources relative to the working directory, so the build runs from
 * the repository root (scripts/build.mjs sees to it).
 */
export function frayStaticFiles(root: string, outDir: string, release: Release | null): Plugin[] {
  const dest = (path: string) => relative(root, join(outDir, path)) || ".";
  const toRelease = (contents: Buffer) => `${JSON.stringify(releaseManifest(JSON.parse(contents.toString("utf8")), release as Release), null, 2)}\n`;
  const copyPlugin = copy({
    hook: "writeBundle",
    flatten: false,
    targets: [
      { src: "system.json", dest: dest("."), ...(release ? { transform: toRelease } : {}) },
      { src: "LICENSE", dest: dest(".") },
      { src: "lang/*.json", dest: dest("lang") },
      { src: "templates/**/*.hbs", dest: dest("templates") },
    ],
  }) as Plugin;
  const watch: Plugin = {
    name: "fray-static-watch",
    apply: "build",
    buildStart() {
      if (resolve(process.cwd()) !== resolve(root)) this.error(`run the build from the repository root (${root}), not ${process.cwd()}: the static copies are found relative to it`);
      // Watched so that `vite build --watch` copies them again when they change.
      for (const source of STATIC_SOURCES) if (existsSync(join(root, source))) this.addWatchFile(join(root, source));
    },
  };
  return [watch, copyPlugin];
}

import { defineConfig } from "vite";

/**
 * The Foundry bundle: src/foundry/fray.ts as one ES module, dist/fray.mjs, with a source map.
 * Foundry code is never bundled: the entry only references Foundry's globals (Hooks, foundry.*,
 * CONFIG, game), so nothing here marks anything external. scripts/build.mjs runs this build and
 * everything else (styles, packs, copies, the CLI bundle, the release zip); run `npm run build`,
 * not `vite build`, which alone would leave an incomplete system folder.
 */
export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: true,
    minify: false,
    reportCompressedSize: false,
    lib: {
      entry: "src/foundry/fray.ts",
      formats: ["es"],
      fileName: () => "fray.mjs",
    },
    rolldownOptions: {
      output: { codeSplitting: false },
    },
  },
});

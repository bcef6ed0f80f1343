/**
 * A Stryker reporter: each survivor as soon as it is found, appended to survivors.live.txt beside
 * the target's JSON report, in the form of survivors.txt. A full run of a target takes most of an
 * hour on a shared machine; this lets one start on the first survivors while it runs.
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { PluginKind, commonTokens, declareClassPlugin } from "@stryker-mutator/api/plugin";

class LiveSurvivors {
  static inject = [commonTokens.options];
  constructor(options) {
    const dir = dirname(options.jsonReporter?.fileName ?? "reports/mutation/report.json");
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, "survivors.live.txt");
    writeFileSync(this.file, "");
  }
  onMutantTested(result) {
    if (result.status !== "Survived" && result.status !== "NoCoverage") return;
    const { line, column } = result.location.start;
    const replacement = (result.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
    appendFileSync(this.file, `${relative(process.cwd(), result.fileName)}:${line}:${column}  ${result.status}  ${result.mutatorName}  -> ${replacement}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, "fray-live-survivors", LiveSurvivors)];

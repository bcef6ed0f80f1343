import lang from "../../lang/en.json" with { type: "json" };

type CliKey = keyof typeof lang.FRAY.CLI;

/** The command line's words come from the same language file as the Foundry UI's. */
export function message(key: CliKey, data: Record<string, string | number> = {}): string {
  return lang.FRAY.CLI[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole));
}

/** The parts of @foundryvtt/foundryvtt-cli (plain JavaScript, no bundled types) that Fray's tests use. */
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackageOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    transformEntry?: (entry: Record<string, unknown>, context?: { documentType?: string }) => unknown;
  }
  export interface CompileOptions extends PackageOptions {
    recursive?: boolean;
  }
  export interface ExtractOptions extends PackageOptions {
    jsonOptions?: { replacer?: unknown; space?: string | number };
    documentType?: string;
    collection?: string;
    clean?: boolean;
    folders?: boolean;
    omitVolatile?: boolean;
    transformName?: (entry: Record<string, unknown>, context?: { documentType?: string }) => string | undefined | Promise<string | undefined>;
  }
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}

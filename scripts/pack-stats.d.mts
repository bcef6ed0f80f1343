/** Types of scripts/pack-stats.mjs for the TypeScript scripts and tests that import it. */
export interface PackStats {
  coreVersion: string;
  systemId: string;
  systemVersion: string;
  createdTime: null;
  modifiedTime: null;
  lastModifiedBy: null;
  compendiumSource: null;
  duplicateSource: null;
  exportSource: null;
}
export declare const PACK_CORE_VERSION: string;
export declare function packStats(): PackStats;
export declare function withPackStats<T extends Record<string, unknown>>(doc: T): T & { _stats: PackStats };

/** Types of first-load.mjs (see there). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;
export function keyOf(manifest: Manifest, pattern: RegExp): string;
export function closure(manifest: Manifest, keys: readonly string[], into?: Set<string>): Set<string>;
export function firstLoadFiles(manifest: Manifest): Set<string>;
export function fullAppFiles(manifest: Manifest): Set<string>;

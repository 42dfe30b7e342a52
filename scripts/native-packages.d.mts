export interface LockFile {
  packages: Record<
    string,
    {
      version?: string;
      integrity?: string;
      os?: string[];
      cpu?: string[];
      libc?: string[];
      optionalDependencies?: Record<string, string>;
    }
  >;
}
export type NativePackage =
  | { parent: string; name: string; version: string; integrity: string }
  | { parent: string; name: null; candidates: string[] };
export const NATIVE_PARENTS: string[];
export function targetArchs(config: Record<string, unknown>, platform: string, hostArch?: string): string[];
export function nativePackagesFor(lock: LockFile, platform: string, arch: string): NativePackage[];
export function fetchPackage(found: { name: string; version: string; integrity: string }): boolean;
export function unpackedArch(folder: string): string | null;
export function checkUnpacked(resources: string, platform: string, arch: string, lock?: LockFile): string[];

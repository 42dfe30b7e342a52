/** What scripts/package-app.mjs made: the package's folders and where its app.asar was opened. */
export interface PackagedApp {
  unpacked: string;
  resources: string;
  asar: string;
  extracted: string;
  electronStandIn: boolean;
  seconds: number;
}
export const PACKAGE_DIR: string;
export const UNPACKED_DIR: string;
export const EXTRACTED_DIR: string;
export const STANDIN_MARK: string;
export function packageApp(options?: { quiet?: boolean; arch?: 'x64' | 'arm64' }): PackagedApp;
export function packagedApp(): PackagedApp | null;
export interface AsarReport {
  bytes: number;
  largest: { path: string; bytes: number }[];
  maps: { path: string; bytes: number }[];
}
export const ASAR_MAX_BYTES: number;
export function asarReport(asarPath: string, count?: number): AsarReport;
export function describeAsar(report: AsarReport): string;

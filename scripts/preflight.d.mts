export type BrowserFound =
  { ok: true; source: 'system' | 'playwright'; path: string | null } | { ok: false; message: string };
export interface BrowserProbes {
  systemBrowser(): string | null;
  playwrightBrowser(): string | null;
  otherBrowser(): string | null;
  online(): Promise<boolean>;
  download(): Promise<boolean>;
  packageManager(): string[] | null;
  install(command: string[]): Promise<boolean>;
}
export const BROWSER_HINT: string;
export const machineProbes: BrowserProbes;
export function systemCandidates(
  env?: Record<string, string | undefined>,
  platform?: NodeJS.Platform,
): { chromium: string[]; chrome: string[] };
export function runs(path: string, platform?: NodeJS.Platform): boolean;
export function playwrightBrowser(): string | null;
export function downloadHostAnswers(env?: Record<string, string | undefined>): Promise<boolean>;
export function packageManagerInstall(platform?: NodeJS.Platform): string[] | null;
export function ensureBrowser(probes?: BrowserProbes): Promise<BrowserFound>;
export function preflight(
  env?: NodeJS.ProcessEnv,
  probes?: BrowserProbes,
): Promise<{ ok: true; env: NodeJS.ProcessEnv; browser: string } | { ok: false; message: string }>;

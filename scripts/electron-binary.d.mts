export function electronPackageDir(): string | null;
export function electronBinaryPath(): string | null;
export const FETCH_COMMAND: string;

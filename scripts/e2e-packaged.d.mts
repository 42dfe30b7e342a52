export function packagedExecutable(platform?: NodeJS.Platform, out?: string): string | null;

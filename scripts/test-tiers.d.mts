export const LONG_VITEST_FILES: string[];
export const QUICK_TAG: string;
export function selectedTier(env?: Record<string, string | undefined>): 'quick' | 'long' | 'all';

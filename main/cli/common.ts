// What every command shares: exit codes (0 done, 1 other error, 2 bad usage, 3 auth, 4 quota
// exhausted, 5 invalid pack) and the error that means "bad usage".
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 3, quota: 4, invalidPack: 5 } as const;

export class UsageError extends Error {}

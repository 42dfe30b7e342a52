// Errors typed by HTTP status (spec §7: act on the status, never on the body).
// Messages carry no key: they may reach logs and the renderer.
export type ApiErrorCode =
  | 'unauthorized' // 401: key missing, invalid, revoked or expired
  | 'forbidden' // 403: key of the other product, or no active subscription
  | 'not-found' // 404
  | 'bad-request' // 400 and other 4xx
  | 'rate-limited' // 429 that waiting will fix (per-minute)
  | 'quota-exhausted' // 429 that waiting a minute will not fix (daily or monthly)
  | 'server' // 5xx after retries
  | 'network' // connection refused, reset, DNS… after retries
  | 'timeout'
  | 'invalid-response' // not JSON, truncated, or not the shape the spec says
  | 'redirect-refused' // a redirect to another origin: the key must not follow it
  | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get retryable(): boolean {
    return ['server', 'network', 'timeout', 'invalid-response'].includes(this.code);
  }
}

export function errorForStatus(status: number, body: string): ApiError {
  const detail = summarizeBody(body);
  if (status === 401) return new ApiError('unauthorized', `401 Unauthorized${detail}`, status);
  if (status === 403) return new ApiError('forbidden', `403 Forbidden${detail}`, status);
  if (status === 404) return new ApiError('not-found', `404 Not Found${detail}`, status);
  if (status >= 500) return new ApiError('server', `HTTP ${status}${detail}`, status);
  return new ApiError('bad-request', `HTTP ${status}${detail}`, status);
}

/** The body's `message`/`error` for logs, length-capped; never the request. */
function summarizeBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = [parsed.error, parsed.message].filter((v) => typeof v === 'string').join(': ');
    return text ? ` (${text.slice(0, 200)})` : '';
  } catch {
    return '';
  }
}

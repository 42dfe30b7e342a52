// Typed client of the Exam Question Catalog API. The key is sent only to the
// configured origin, redirects are never followed across origins, every request
// has a timeout and a cancel signal, and transient failures retry with backoff.
import { assertSecureBaseUrl } from '../util/net-policy.js';
import type { z } from 'zod';
import { ApiError, errorForStatus } from './errors.js';
import { RateGovernor } from './governor.js';
import type { UnreadableField } from './lenient-fields.js';
import { normalQuestion, refusalCause } from './normal-question.js';
import { isPlainlyValidQuestion } from './plain-question.js';
import {
  examListSchema,
  questionListSchema,
  wireQuestionSchema,
  type ApiExam,
  type ApiQuestion,
  type Product,
  type QuestionFilters,
} from './schemas.js';
import { systemClock, type Clock } from '../util/clock.js';

export interface ClientOptions {
  baseUrl: string;
  product: Product;
  apiKey: string;
  governor?: RateGovernor;
  timeoutMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
}

export interface ClientStats {
  requests: number;
  retries: number;
  rateLimitWaits: number;
}

/** An item of a listing that the spec's requirements refuse: its id when it had one, and why. */
export interface Refusal {
  id: string | null;
  cause: string;
}

export interface QuestionPage {
  questions: ApiQuestion[];
  /** Items that failed validation: kept out, counted. */
  invalid: number;
  refused: Refusal[];
  /** By question id: display fields that were sent but could not be read (shown as '—'). */
  unreadable: Map<string, UnreadableField[]>;
  total: number;
  /** The answer as it came: the kept questions' places in its `data`, of `items` (the sync stores their text). */
  raw: { text: string; kept: number[]; items: number };
}

/** A successful answer: parsed, and the text it was parsed from. */
interface Answer {
  body: unknown;
  text: string;
}

const MAX_REDIRECTS = 3;

/** A refused item's id, when it has one to count it by (once, however many pages bring it). */
function idOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const { id } = item as { id?: unknown };
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Normalises a user-typed base URL: trims, drops trailing slashes and a pasted /v1/... path. */
export function normalizeBaseUrl(input: string): string {
  const url = new URL(input.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The base URL must be http(s)');
  // The key rides on every request: plain http is allowed to loopback only (the fake, local tests).
  assertSecureBaseUrl(url);
  url.pathname = url.pathname.replace(/\/v1(\/.*)?$/, '').replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export class CatalogClient {
  readonly product: Product;
  readonly baseUrl: string;
  readonly governor: RateGovernor;
  readonly stats: ClientStats = { requests: 0, retries: 0, rateLimitWaits: 0 };
  private readonly origin: string;
  readonly #apiKey: string;
  private readonly options: Required<Omit<ClientOptions, 'governor' | 'apiKey' | 'baseUrl' | 'product'>>;

  constructor(options: ClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.origin = new URL(this.baseUrl).origin;
    this.product = options.product;
    this.#apiKey = options.apiKey;
    this.governor = options.governor ?? new RateGovernor();
    this.options = {
      timeoutMs: options.timeoutMs ?? 20_000,
      maxAttempts: options.maxAttempts ?? 5,
      retryBaseMs: options.retryBaseMs ?? 300,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      fetch: options.fetch ?? fetch,
    };
  }

  listExams(signal?: AbortSignal): Promise<ApiExam[]> {
    return this.get('/exams', {}, signal).then(({ body }) => this.parse(examListSchema, body).data);
  }

  async listQuestions(
    filters: QuestionFilters,
    page: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<QuestionPage> {
    const query: Record<string, string> = { page: String(page), limit: String(limit) };
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) query[name] = String(value);
    const { body, text } = await this.get('/questions', query, signal);
    const envelope = this.parse(questionListSchema, body);
    const questions: ApiQuestion[] = [];
    const kept: number[] = [];
    const unreadable = new Map<string, UnreadableField[]>();
    const refused: Refusal[] = [];
    let rewritten = false;
    envelope.data.forEach((item, index) => {
      // An item already in the kept form is kept as it came, unknown fields and all, instead of the
      // copy zod builds (half the allocations of a 50,000-question sync).
      if (isPlainlyValidQuestion(item)) {
        questions.push(item as ApiQuestion);
        kept.push(index);
        return;
      }
      const wire = wireQuestionSchema.safeParse(item);
      if (!wire.success) {
        refused.push({ id: idOf(item), cause: refusalCause(wire.error) });
        return;
      }
      const normal = normalQuestion(wire.data);
      questions.push(normal.question);
      kept.push(index);
      if (normal.unreadable.length > 0) unreadable.set(normal.question.id, normal.unreadable);
      rewritten = true;
    });
    return {
      questions,
      invalid: refused.length,
      refused,
      unreadable,
      total: envelope.meta.total,
      // A rewritten question is not the answer's text: the page is then stored from the kept form.
      raw: { text, kept: rewritten ? [] : kept, items: envelope.data.length },
    };
  }

  async getQuestion(id: string, signal?: AbortSignal): Promise<ApiQuestion> {
    const { body } = await this.get(`/questions/${encodeURIComponent(id)}`, {}, signal);
    if (isPlainlyValidQuestion(body)) return body as ApiQuestion;
    return normalQuestion(this.parse(wireQuestionSchema, body)).question;
  }

  private parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
    const result = schema.safeParse(body);
    if (!result.success) throw new ApiError('invalid-response', 'The server answered in an unexpected shape');
    return result.data;
  }

  private url(path: string, query: Record<string, string>): URL {
    const url = new URL(`${this.baseUrl}/v1/${this.product}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  private async get(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
    const url = this.url(path, query);
    let failures = 0;
    for (;;) {
      try {
        return await this.attempt(url, signal);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === 'rate-limited') {
          // The governor now holds every request until Retry-After has passed; a
          // second 429 after that wait comes back as quota-exhausted, so this ends.
          this.stats.rateLimitWaits += 1;
          continue;
        }
        // A cancel that came while an error's body was read ends the call as cancelled, not as that error.
        if (signal?.aborted) throw new ApiError('cancelled', 'Cancelled');
        if (!error.retryable) throw error;
        failures += 1;
        if (failures >= this.options.maxAttempts) throw error;
        this.stats.retries += 1;
        const cap = Math.min(8_000, this.options.retryBaseMs * 2 ** (failures - 1));
        await this.options.clock.sleep(cap / 2 + this.options.random() * (cap / 2), signal).catch(() => {
          throw new ApiError('cancelled', 'Cancelled');
        });
      }
    }
  }

  private async attempt(initial: URL, signal?: AbortSignal): Promise<Answer> {
    await this.governor.acquire(signal);
    this.stats.requests += 1;
    let released = false;
    const release = (headers?: Headers) => {
      if (!released) this.governor.release(headers);
      released = true;
    };
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    // Cancel aborts a request only until its answer arrives: an answered request has already cost
    // quota, so its body is read to the end (the caller decides whether to keep it). The timeout
    // still bounds the whole exchange.
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    const combined = AbortSignal.any([controller.signal, timeout]);
    try {
      let url = initial;
      for (let hop = 0; ; hop++) {
        // The key goes to the configured origin only; redirects are followed by hand, same origin only.
        if (url.origin !== this.origin) throw new ApiError('redirect-refused', 'Refused a redirect to another origin');
        const response = await this.options.fetch(url, {
          headers: { 'X-API-Key': this.#apiKey, Accept: 'application/json' },
          redirect: 'manual',
          signal: combined,
        });
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get('location');
          await response.body?.cancel();
          if (!location || hop >= MAX_REDIRECTS)
            throw new ApiError(
              'redirect-refused',
              `HTTP ${response.status}: a redirect without an address, or too many`,
            );
          url = new URL(location, url);
          continue;
        }
        signal?.removeEventListener('abort', abort);
        release(response.headers);
        const text = await response.text();
        if (response.status === 429) throw this.governor.onTooManyRequests(response.headers);
        this.governor.noteAnswered();
        if (!response.ok) throw errorForStatus(response.status, text);
        try {
          return { body: JSON.parse(text) as unknown, text };
        } catch {
          throw new ApiError('invalid-response', 'The server sent an incomplete or malformed answer');
        }
      }
    } catch (error) {
      release();
      if (error instanceof ApiError) throw error;
      if (controller.signal.aborted) throw new ApiError('cancelled', 'Cancelled');
      if (timeout.aborted) throw new ApiError('timeout', `No answer within ${this.options.timeoutMs} ms`);
      throw new ApiError('network', 'Could not reach the server');
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }
}

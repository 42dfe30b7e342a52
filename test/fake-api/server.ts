// A faithful fake of the Exam Question Catalog API (../shared/spec/catalog-api.md)
// plus an image "CDN" on a second origin. Real HTTP on loopback, so the client is
// proven over the same stack it uses in production.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIFFICULTIES, EXAMS, extraQuestion, generateCatalog, NATIONAL_EXAM, type FakeQuestion } from './data.js';
import { pngFor, svgFor } from './images.js';
import { RateLimiter } from './limits.js';
import { openApiDocument, type Product } from './openapi.js';
import { seededRandom } from './random.js';
import { wireOf, type WireShape } from './variations.js';

export interface Faults {
  /** Delay before every /v1 answer and image. */
  latencyMs: number;
  /** Share of /v1 requests answered 500 (after auth and limits). */
  errorRate: number;
  /** Share of requests whose connection is destroyed without an answer. */
  dropRate: number;
  /** Share of JSON answers cut in the middle of the body. */
  truncateRate: number;
  /** After this many question-list requests, `growBy` new questions appear at the front of the order. */
  growAfterListRequests: number | null;
  growBy: number;
  /** Each request sees neighbours swapped at random (ties broken differently per query). */
  unstableOrder: boolean;
  /** Image paths (substring match) that answer 404. */
  missingImages: string[];
  /**
   * A listing that never ends: `meta.total` always a million past the page asked, and pages past the
   * real end repeat the last real page (no new id).
   */
  endlessListing: boolean;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  dropRate: 0,
  truncateRate: 0,
  growAfterListRequests: null,
  growBy: 0,
  unstableOrder: false,
  missingImages: [],
  endlessListing: false,
};

export interface FakeApiOptions {
  questions: number;
  seed: number;
  port: number;
  cdnPort: number;
  host: string;
  ratePerMinute: number;
  windowMs: number;
  /** Retry-After value in seconds (fractions allowed so tests run fast). */
  retryAfter: number;
  dailyLimit: number;
  dayMs: number;
  monthlyQuota: number;
  /** Question fields left out of every question object (e.g. year, difficulty). */
  omitFields: string[];
  /** `full`: every field the generator makes; `minimum`: the spec's shown fields only; `varied`: variations.ts. */
  shape: WireShape;
  faults: Partial<Faults>;
}

export const DEFAULT_OPTIONS: FakeApiOptions = {
  questions: 300,
  seed: 7,
  port: 0,
  cdnPort: 0,
  host: '127.0.0.1',
  ratePerMinute: 600,
  windowMs: 60_000,
  retryAfter: 60,
  dailyLimit: 10_000,
  dayMs: 86_400_000,
  monthlyQuota: 1_000_000,
  omitFields: [],
  shape: 'full',
  faults: {},
};

export interface FakeKeys {
  vestibulares: string;
  enem: string;
  revoked: string;
  expired: string;
  noSubscription: string;
}

export interface LoggedRequest {
  origin: 'api' | 'cdn';
  method: string;
  path: string;
  query: Record<string, string>;
  hasApiKey: boolean;
  status: number;
}

/** Question-list answers held back until a test releases them: it decides when each page arrives. */
export interface PageGate {
  /** Settles once a request for each of these pages has reached the server and is being held. */
  reached: (...pages: number[]) => Promise<void>;
  /** Lets the held answers for these pages go (or every held page when none is named). */
  release: (...pages: number[]) => void;
}

export interface FakeApi {
  baseUrl: string;
  cdnUrl: string;
  keys: FakeKeys;
  log: LoggedRequest[];
  /** The catalog as the server holds it (wire fields plus `national`). */
  catalog: () => readonly FakeQuestion[];
  setFaults: (faults: Partial<Faults>) => void;
  /**
   * Holds the first limit=100 question-list request for each page given (any listing) after it has
   * passed auth and limits, until released or until the client goes away (logged with status 0).
   */
  holdPages: (pages: number[]) => PageGate;
  /**
   * Settles once no connection is open and no request is being handled (so every request is in the
   * log): after a client was killed, what it had sent is all logged before a test reads the log.
   */
  idle: () => Promise<void>;
  resetLimits: () => void;
  close: () => Promise<void>;
}

type KeyKind = keyof FakeKeys;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HttpError {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
  ) {}
}

const badRequest = (message: string) => new HttpError(400, { error: 'Bad Request', message });

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function keysFor(seed: number): FakeKeys {
  const random = seededRandom(seed ^ 0x5eed);
  const token = (prefix: string) =>
    `${prefix}_${Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('')}`;
  return {
    vestibulares: token('vest_live'),
    enem: token('enem_live'),
    revoked: token('vest_revoked'),
    expired: token('enem_expired'),
    noSubscription: token('enem_nosub'),
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function integerParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw badRequest(`${name} must be an integer`);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(`${name} must be between ${min} and ${max}`);
  return n;
}

export async function startFakeApi(input: Partial<FakeApiOptions> = {}): Promise<FakeApi> {
  const options: FakeApiOptions = { ...DEFAULT_OPTIONS, ...input };
  let faults: Faults = { ...NO_FAULTS, ...options.faults };
  const keys = keysFor(options.seed);
  const kindOf = new Map<string, KeyKind>(Object.entries(keys).map(([kind, key]) => [key, kind as KeyKind]));
  const limiter = new RateLimiter(options);
  const faultRandom = seededRandom(options.seed ^ 0xfa17);
  const log: LoggedRequest[] = [];
  const holds = new Map<number, { held: Deferred; released: Deferred; used: boolean }>();

  const apiServer = createServer();
  const cdnServer = createServer();
  const apiPort = await listen(apiServer, options.port, options.host);
  const cdnPort = await listen(cdnServer, options.cdnPort, options.host);
  const baseUrl = `http://${options.host}:${apiPort}`;
  const cdnUrl = `http://${options.host}:${cdnPort}`;

  let catalog = generateCatalog({
    questions: options.questions,
    seed: options.seed,
    apiOrigin: baseUrl,
    cdnOrigin: cdnUrl,
  });
  let listRequests = 0;
  let grownSerial = 0;
  const filtered = new Map<string, FakeQuestion[]>();

  const wire = (question: FakeQuestion): Record<string, unknown> => {
    const fields = wireOf(question, options.shape);
    return Object.fromEntries(Object.entries(fields).filter(([name]) => !options.omitFields.includes(name)));
  };

  const grow = () => {
    const added = Array.from({ length: faults.growBy }, () => {
      const base = catalog[grownSerial % catalog.length];
      if (!base) throw new Error('cannot grow an empty catalog');
      return extraQuestion(base, grownSerial++);
    });
    catalog = [...added, ...catalog];
    filtered.clear();
  };

  const questionsOf = (product: Product, query: URLSearchParams): FakeQuestion[] => {
    const examId = query.get('examId') ?? undefined;
    if (examId !== undefined) {
      if (product === 'enem') throw badRequest('examId is not a filter of this product');
      if (!UUID.test(examId)) throw badRequest('examId must be a uuid');
    }
    const subjectId = query.get('subjectId') ?? undefined;
    if (subjectId !== undefined && !UUID.test(subjectId)) throw badRequest('subjectId must be a uuid');
    const yearText = query.get('year') ?? undefined;
    const year = yearText === undefined ? undefined : integerParam(yearText, 'year', 1, 9999, 0);
    const difficulty = query.get('difficulty') ?? undefined;
    if (difficulty !== undefined && !DIFFICULTIES.includes(difficulty as never)) {
      throw badRequest('difficulty must be one of easy, medium, hard');
    }
    const cacheKey = [product, examId, subjectId, year, difficulty].join('|');
    let result = filtered.get(cacheKey);
    if (!result) {
      result = catalog.filter(
        (q) =>
          (product === 'vestibulares' || q.national) &&
          (examId === undefined || q.exam.id === examId) &&
          (subjectId === undefined || q.subject.id === subjectId) &&
          (year === undefined || q.year === year) &&
          (difficulty === undefined || q.difficulty === difficulty),
      );
      filtered.set(cacheKey, result);
    }
    return result;
  };

  const unstable = (items: FakeQuestion[]): FakeQuestion[] => {
    const copy = [...items];
    for (let i = 0; i + 1 < copy.length; i++) {
      if (faultRandom() < 0.02) {
        const a = copy[i];
        const b = copy[i + 1];
        if (a && b) [copy[i], copy[i + 1]] = [b, a];
      }
    }
    return copy;
  };

  const routeV1 = (product: Product, rest: string, query: URLSearchParams): unknown => {
    if (rest === '/exams' && product === 'vestibulares') return { data: EXAMS };
    if (rest === '/questions') {
      const page = integerParam(query.get('page') ?? undefined, 'page', 1, Number.MAX_SAFE_INTEGER, 1);
      const limit = integerParam(query.get('limit') ?? undefined, 'limit', 1, 100, 20);
      let set = questionsOf(product, query); // validates the filters before anything is counted
      listRequests += 1;
      if (faults.growAfterListRequests !== null && listRequests === faults.growAfterListRequests) {
        grow();
        set = questionsOf(product, query);
      }
      const ordered = faults.unstableOrder ? unstable(set) : set;
      const start = (page - 1) * limit;
      if (faults.endlessListing) {
        const lastStart = Math.max(0, Math.ceil(ordered.length / limit) - 1) * limit;
        const from = start < ordered.length ? start : lastStart;
        return { data: ordered.slice(from, from + limit).map(wire), meta: { total: start + 1_000_000 } };
      }
      return { data: ordered.slice(start, start + limit).map(wire), meta: { total: ordered.length } };
    }
    const single = /^\/questions\/([^/]+)$/.exec(rest);
    if (single?.[1] !== undefined) {
      const id = decodeURIComponent(single[1]);
      if (!UUID.test(id)) throw badRequest('question_id must be a uuid');
      const question = catalog.find((q) => q.id === id && (product === 'vestibulares' || q.national));
      if (!question) throw new HttpError(404, { error: 'Questão não encontrada' });
      return wire(question);
    }
    throw new HttpError(404, { error: 'Not Found' });
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    if (status === 200 && faults.truncateRate > 0 && faultRandom() < faults.truncateRate) {
      res.end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    res.end(text);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const url = new URL(req.url ?? '/', baseUrl);
    if (url.pathname.startsWith('/static/')) return serveImage(url.pathname, res);
    if (url.pathname.startsWith('/__fake/')) return control(url.pathname, req, res);
    const match = /^\/v1\/(vestibulares|enem)(\/.*)?$/.exec(url.pathname);
    if (!match) {
      send(res, 404, { error: 'Not Found' });
      return 404;
    }
    const product = match[1] as Product;
    const rest = match[2] ?? '';
    const key = req.headers['x-api-key'];
    const apiKey = typeof key === 'string' ? key : undefined;
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    if (faults.dropRate > 0 && faultRandom() < faults.dropRate) {
      req.socket.destroy();
      return 0;
    }
    const rateHeaders = (remaining: number) => ({
      'X-RateLimit-Limit': String(limiter.limit),
      'X-RateLimit-Remaining': String(remaining),
    });
    if (rest === '/openapi.json' && req.method === 'GET') {
      send(res, 200, openApiDocument(product, baseUrl), rateHeaders(limiter.peek(apiKey ?? 'anonymous')));
      return 200;
    }
    const kind = apiKey ? kindOf.get(apiKey) : undefined;
    const fail = (status: number, error: string, message: string, extra: Record<string, string> = {}) => {
      send(res, status, { error, message }, { ...rateHeaders(limiter.peek(apiKey ?? 'anonymous')), ...extra });
      return status;
    };
    if (!apiKey) return fail(401, 'Unauthorized', 'Missing X-API-Key header');
    if (kind === undefined) return fail(401, 'Unauthorized', 'Invalid API key');
    if (kind === 'revoked') return fail(401, 'Unauthorized', 'API key has been revoked');
    if (kind === 'expired') return fail(401, 'Unauthorized', 'API key has expired');
    if (kind === 'noSubscription') return fail(403, 'Forbidden', 'Organization has no active subscription');
    if (kind !== product) return fail(403, 'Forbidden', `This API key does not give access to the ${product} product`);
    if (req.method !== 'GET') return fail(405, 'Method Not Allowed', 'The catalog is read-only');
    const verdict = limiter.take(apiKey);
    if (!verdict.ok) {
      const message = {
        minute: 'Rate limit exceeded: too many requests per minute',
        day: 'Daily limit of requests exceeded',
        month: 'Monthly quota exceeded. Please upgrade your plan.',
      }[verdict.which];
      send(
        res,
        429,
        { error: 'Too Many Requests', message },
        {
          ...rateHeaders(verdict.remaining),
          'Retry-After': String(options.retryAfter),
        },
      );
      return 429;
    }
    const headers = rateHeaders(verdict.remaining);
    const hold = rest === '/questions' && url.searchParams.get('limit') === '100' ? holdFor(url) : undefined;
    if (hold) {
      hold.held.resolve();
      const gone = new Promise<'gone'>((resolve) => res.once('close', () => resolve('gone')));
      if ((await Promise.race([hold.released.promise, gone])) === 'gone') return 0;
    }
    if (faults.errorRate > 0 && faultRandom() < faults.errorRate) {
      send(res, 500, { error: 'Internal Server Error' }, headers);
      return 500;
    }
    try {
      send(res, 200, routeV1(product, rest, url.searchParams), headers);
      return 200;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      send(res, error.status, error.body, headers);
      return error.status;
    }
  };

  const holdFor = (url: URL) => {
    const hold = holds.get(Number(url.searchParams.get('page') ?? '1'));
    if (!hold || hold.used) return undefined;
    hold.used = true;
    return hold;
  };

  const serveImage = async (path: string, res: ServerResponse): Promise<number> => {
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    const match = /^\/(?:img|static)\/(\d+)\.(png|svg)$/.exec(path);
    if (!match || faults.missingImages.some((part) => path.includes(part))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return 404;
    }
    const svg = match[2] === 'svg';
    res.writeHead(200, { 'Content-Type': svg ? 'image/svg+xml' : 'image/png' });
    res.end(svg ? svgFor(`img-${match[1]}`) : pngFor(`img-${match[1]}`));
    return 200;
  };

  // Test-only control surface, outside /v1 so it touches no limit: lets a test in
  // another process read the log or switch faults.
  const control = async (path: string, req: IncomingMessage, res: ServerResponse): Promise<number> => {
    if (path === '/__fake/log') send(res, 200, log);
    else if (path === '/__fake/reset' && req.method === 'POST') {
      limiter.reset();
      log.length = 0;
      send(res, 200, { ok: true });
    } else if (path === '/__fake/faults' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      faults = { ...faults, ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Faults>) };
      send(res, 200, faults);
    } else send(res, 404, { error: 'Not Found' });
    return -1;
  };

  const record = (origin: 'api' | 'cdn', req: IncomingMessage, status: number) => {
    const url = new URL(req.url ?? '/', baseUrl);
    if (url.pathname.startsWith('/__fake/')) return;
    log.push({
      origin,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      hasApiKey: req.headers['x-api-key'] !== undefined,
      status,
    });
  };

  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const settleOne = () => {
    inFlight -= 1;
    if (inFlight === 0) {
      for (const wake of idleWaiters) wake();
      idleWaiters = [];
    }
  };
  const guard =
    (origin: 'api' | 'cdn', handler: (req: IncomingMessage, res: ServerResponse) => Promise<number>) =>
    (req: IncomingMessage, res: ServerResponse) => {
      inFlight += 1;
      handler(req, res)
        .then((status) => record(origin, req, status))
        .catch(() => {
          record(origin, req, 500);
          if (!res.headersSent) res.writeHead(500).end();
        })
        .finally(settleOne);
    };

  apiServer.on('request', guard('api', handleApi));
  cdnServer.on(
    'request',
    guard('cdn', (req, res) => {
      if (faults.dropRate > 0 && faultRandom() < faults.dropRate) {
        req.socket.destroy();
        return Promise.resolve(0);
      }
      return serveImage(new URL(req.url ?? '/', cdnUrl).pathname, res);
    }),
  );

  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    baseUrl,
    cdnUrl,
    keys,
    log,
    catalog: () => catalog,
    setFaults: (next) => {
      faults = { ...faults, ...next };
    },
    holdPages: (pages) => {
      for (const page of pages) holds.set(page, { held: deferred(), released: deferred(), used: false });
      return {
        reached: async (...which) => {
          await Promise.all(which.map((page) => holds.get(page)?.held.promise));
        },
        release: (...which) => {
          for (const page of which.length ? which : pages) holds.get(page)?.released.resolve();
        },
      };
    },
    idle: async () => {
      // A dead client's bytes may still sit in the server's buffers: idle means no open connection
      // left to read from and no request being handled.
      const connections = () =>
        new Promise<number>((resolve) => apiServer.getConnections((error, count) => resolve(error ? 0 : count)));
      for (;;) {
        if (inFlight > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
        else if ((await connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
        else return;
      }
    },
    resetLimits: () => limiter.reset(),
    close: async () => {
      await Promise.all([closeServer(apiServer), closeServer(cdnServer)]);
    },
  };
}

export { EXAMS, NATIONAL_EXAM };

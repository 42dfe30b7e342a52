// Sync: a product or filtered scope → the offline cache, with the fewest requests.
//
// Plain case: (vestibulares: 1 exam list) + ceil(total/100) pages of limit=100.
// When questions lack `year`/`difficulty`, the scope is read as filtered partitions
// instead, so each question learns those values from the filter it came through
// (docs/sync.md gives the cost). Every page is one atomic chunk write tagged with
// its run and listing, so a run killed at any point resumes at the first missing page.
import { isLoopbackHost } from '../util/net-policy.js';
import { randomUUID } from 'node:crypto';
import type { SyncProgress, SyncReport } from '../../../preload/contract.js';
import { ApiError } from '../api/errors.js';
import type { CatalogClient, QuestionPage } from '../api/client.js';
import { DAILY_LIMIT } from '../api/governor.js';
import { readDifficulty, readYear } from '../api/lenient-fields.js';
import { DIFFICULTIES, type ApiQuestion, type Difficulty, type QuestionFilters } from '../api/schemas.js';
import { answerKeyOf } from '../catalog/answer-key.js';
import { entryImageUrls, toStored, type CatalogStore, type PageMeta } from '../catalog/store.js';
import { arrivedPage } from '../catalog/arrived-page.js';
import type { ImageCache } from '../images/cache.js';
import { filtersOf, listingKey, scopeKey, type SyncScope } from './scope.js';
import { SyncOutcomes } from './outcomes.js';
import { PageWriter } from './page-writer.js';
import type { RunState, SyncStateStore } from './state.js';

export /** Pages requested ahead of the one being stored (the governor still paces every request). */
const PREFETCH_PAGES = 3;
const PAGE_SIZE = 100;
/** Oldest year probed when years must be learned from filtered listings. */
export const MIN_YEAR = 1990;
const MAX_REPAIR_PASSES = 2;
/**
 * A listing's bounds, for a server that never ends one (a `meta.total` that never runs out): it
 * stops after this many pages in a row that bring no id it has not seen…
 */
export const STALE_PAGES = 3;
/** …or this many pages past ceil(total/limit) of the first total it gave. */
export const PAGE_MARGIN = 3;

// The progress and report shapes are the bridge's: the UI and the CLI read the same values.
export type { SyncProgress, SyncReport };
export type SyncStatus = SyncReport['status'];

export interface SyncDeps {
  client: CatalogClient;
  store: CatalogStore;
  images: ImageCache;
  state: SyncStateStore;
  now?: () => number;
  currentYear?: number;
  onProgress?: (progress: SyncProgress) => void;
  signal?: AbortSignal;
  downloadImages?: boolean;
}

interface Learned {
  year?: number | undefined;
  difficulty?: Difficulty | undefined;
}

export async function runSync(scope: SyncScope, deps: SyncDeps): Promise<SyncReport> {
  const now = deps.now ?? Date.now;
  const started = now();
  const key = scopeKey(scope);
  const source = `api:${scope.product}`;
  const { client, store, state } = deps;
  const previous = state.state.runs[key];
  const resumed = previous !== undefined && previous.status !== 'done';
  let run: RunState = resumed
    ? { ...previous, status: 'running' }
    : {
        run: randomUUID(),
        scope,
        status: 'running',
        startedAt: started,
        finishedAt: null,
        examsFetched: false,
        plan: null,
        yearTotals: {},
      };
  const saveRun = (change: Partial<RunState>) => {
    run = { ...run, ...change };
    return state.update((data) => ({ ...data, runs: { ...data.runs, [key]: run } }));
  };
  await saveRun({});

  const seen = new Set<string>();
  const outcomes = new SyncOutcomes();
  let unendedListings = 0;
  let missing = 0;
  let total: number | null = null;
  let pages = 0;
  let received = 0;
  const progress: SyncProgress = {
    phase: 'exams',
    scope: key,
    pages: 0,
    received: 0,
    questions: 0,
    total: null,
    images: { done: 0, total: 0, failed: 0 },
    requests: 0,
    rateLimitWait: null,
    dailyUsed: client.governor.dailyUsage.used,
  };
  const emit = (change: Partial<SyncProgress> = {}) => {
    Object.assign(progress, change, {
      pages,
      received,
      questions: seen.size,
      total,
      requests: client.stats.requests,
      dailyUsed: client.governor.dailyUsage.used,
    });
    deps.onProgress?.({ ...progress, images: { ...progress.images } });
  };
  const counted = new Set<string>();
  const writer = new PageWriter(store, run.run);
  // One signal for every request of the run: the caller's cancel, or the first failure, aborts the
  // requests not yet answered. Answered ones are read to the end and stored (they cost quota).
  const aborter = new AbortController();
  const stop = () => aborter.abort();
  if (deps.signal?.aborted) stop();
  deps.signal?.addEventListener('abort', stop, { once: true });
  const signal = aborter.signal;
  client.governor.setWaitListener((wait) => emit({ rateLimitWait: wait }));

  /**
   * Reads one filtered listing to its end (resuming stored pages), then repairs shifts. `ids`: the
   * listing's questions so far (`seen` itself when the scope is read as this one listing).
   */
  const readListing = async (
    filters: QuestionFilters,
    learned: Learned,
    stopAfterFirstPage = false,
    ids = new Set<string>(),
  ) => {
    const baseKey = listingKey(scope.product, filters);
    const note = (id: string) => {
      ids.add(id);
      if (ids !== seen) seen.add(id);
    };
    let listingTotal: number | null = null;
    let firstPage: ApiQuestion[] | null = null;
    /** The server did not end the listing within its bounds: no repair pass (it would not end either). */
    let unended = false;
    /** A page came back empty: the whole set is read (spec §4.1 rule 2), whatever the total said. */
    let endedEmpty = false;
    const pass = async (suffix: string, isRepair: boolean) => {
      const passKey = baseKey + suffix;
      const done = store.pagesOf(run.run).get(passKey);
      /** A page into the writer, tagged with its listing so a resume knows it is stored. */
      const storePage = (page: number, result: QuestionPage) => {
        for (const refusal of result.refused) outcomes.noteRefused(refusal);
        const meta: PageMeta = { listing: passKey, page, total: result.total, count: result.questions.length };
        // The answer's text and parse are not kept past this point: only what the write and the entries need.
        const arrived = arrivedPage(
          result.raw,
          result.questions.map((q) => {
            const key = answerKeyOf(q);
            outcomes.noteKept(q.id, key, result.unreadable.get(q.id));
            return toStored(q, source, learned, key);
          }),
        );
        return writer.add(arrived.questions, meta, arrived.items);
      };
      const fetchPage = (page: number) =>
        client.listQuestions(filters, page, PAGE_SIZE, signal).then((result) => {
          received += 1;
          emit();
          return result;
        });
      // The next pages are requested while this one is validated and written, so the server works
      // while we do. Only pages the listing still needs: never past ceil(total/limit), never a page
      // that the ones before it would make unnecessary.
      const prefetched = new Map<number, ReturnType<typeof fetchPage>>();
      try {
        await readPages();
      } catch (error) {
        // Cancelled or failed: the requests not yet answered are aborted; pages that arrived
        // (or arrive now, their answers already under way) are stored so a resume never pays twice.
        stop();
        await storeArrived(prefetched);
        throw error;
      }

      async function storeArrived(waiting: Map<number, Promise<QuestionPage>>) {
        // Asked in page order, so the map holds them in that order.
        for (const [page, request] of waiting) {
          const result = await request.catch(() => null);
          // A failed write leaves the page to be asked again.
          if (result) await storePage(page, result).catch(() => undefined);
        }
        await writer.drain().catch(() => undefined);
      }

      async function readPages() {
        /** Pages in a row that brought no id the listing had not seen (first pass only: a repair re-reads known pages). */
        let stale = 0;
        /** The last page the listing may reach, from the first total it gave. */
        let ceiling = Number.POSITIVE_INFINITY;
        for (let page = 1; ; page++) {
          let count: number;
          const known = ids.size;
          const kept = done?.get(page);
          if (kept) {
            count = kept.ids.length;
            for (const id of kept.ids) note(id);
            listingTotal = kept.total ?? listingTotal;
          } else {
            const result = await (prefetched.get(page) ?? fetchPage(page));
            prefetched.delete(page);
            count = result.questions.length;
            // Noted before the page is stored: a failed write ends the run, and a resume asks the page again.
            for (const question of result.questions) note(question.id);
            const fresh = ids.size;
            if (ceiling === Number.POSITIVE_INFINITY) ceiling = Math.ceil(result.total / PAGE_SIZE) + PAGE_MARGIN;
            // Repair passes stop as soon as the count is whole, usually after a page or two: no prefetch there,
            // nor once a page brought nothing new (the listing may be one that never ends).
            const prefetching = !isRepair && !stopAfterFirstPage && fresh > known;
            for (let ahead = 1; prefetching && ahead <= PREFETCH_PAGES; ahead++) {
              const next = page + ahead;
              if (fresh + (ahead - 1) * PAGE_SIZE >= result.total || next > Math.ceil(result.total / PAGE_SIZE)) break;
              if (next > ceiling) break;
              if (done?.has(next) || prefetched.has(next) || signal.aborted) continue;
              const request = fetchPage(next);
              request.catch(() => undefined); // awaited (and its error thrown) on its turn
              prefetched.set(next, request);
            }
            if (page === 1 && !isRepair) firstPage = result.questions;
            await storePage(page, result);
            listingTotal = result.total;
          }
          if (!counted.has(`${passKey}:${page}`)) pages += 1;
          counted.add(`${passKey}:${page}`);
          emit({ phase: 'questions', rateLimitWait: null });
          if (stopAfterFirstPage) return;
          if (count === 0) endedEmpty = true;
          if (count === 0 || listingTotal === null) return;
          // Complete, or past the last page the latest total allows (spec: ceil(total/limit) pages).
          if (ids.size >= listingTotal || page >= Math.ceil(listingTotal / PAGE_SIZE)) return;
          if (ceiling === Number.POSITIVE_INFINITY) ceiling = Math.ceil(listingTotal / PAGE_SIZE) + PAGE_MARGIN;
          stale = ids.size > known || isRepair ? 0 : stale + 1;
          // A listing that never ends: what it brought is kept, and the report says so.
          if (stale >= STALE_PAGES || page >= ceiling) {
            unended = true;
            return;
          }
        }
      }
    };
    await pass('', false);
    await writer.drain();
    // The set moved while it was read (items inserted or removed shift others across
    // page boundaries): read again from the start only until the count is complete.
    for (let repair = 1; !stopAfterFirstPage && repair <= MAX_REPAIR_PASSES; repair++) {
      if (unended || endedEmpty || listingTotal === null || ids.size >= listingTotal) break;
      await pass(`#repair${repair}`, true);
      await writer.drain();
    }
    if (unended) unendedListings += 1;
    // Missing: what a listing that ended by its count or its pages did not bring. Not an unended one's (its
    // total is the server's word for a set that never came whole), nor one ended by an empty page (read whole).
    else if (!endedEmpty && !stopAfterFirstPage && listingTotal !== null)
      missing += Math.max(0, listingTotal - ids.size);
    return { total: listingTotal ?? 0, collected: ids.size, firstPage: firstPage as ApiQuestion[] | null };
  };

  try {
    if (scope.product === 'vestibulares' && !run.examsFetched) {
      emit({ phase: 'exams' });
      await store.examLists.set(scope.product, await client.listExams(signal));
      await saveRun({ examsFetched: true });
    }
    const base = filtersOf(scope);
    const fixed: Learned = { year: scope.year, difficulty: scope.difficulty };
    if (run.plan === null) {
      const first = await readListing(base, fixed, true, seen);
      total = first.total;
      const sample = first.firstPage ?? [];
      await saveRun({
        plan: {
          needYear: scope.year === undefined && sample.some((q) => readYear(q.year) === null),
          needDifficulty: scope.difficulty === undefined && sample.some((q) => readDifficulty(q.difficulty) === null),
        },
      });
    }
    const plan = run.plan ?? { needYear: false, needDifficulty: false };
    if (!plan.needYear && !plan.needDifficulty) {
      total = (await readListing(base, fixed, false, seen)).total;
    } else {
      total = await readPartitions(scope, plan, base, fixed);
    }
    emit({ phase: 'images' });
    const imageResult = deps.downloadImages === false ? { downloaded: 0, failed: 0 } : await syncImages();
    await saveRun({ status: 'done', finishedAt: now() });
    // Only between runs: compaction drops the page records that resume relies on.
    const anyRunning = Object.values(state.state.runs).some((r) => r.status !== 'done');
    if (!anyRunning && store.needsCompaction()) await store.compact();
    emit({ phase: 'done' });
    return report('done', imageResult);
  } catch (error) {
    // Pages already fetched are kept: the writes in flight finish before the run is marked stopped.
    await writer.drain().catch(() => undefined);
    await saveRun({ status: 'stopped' });
    if (error instanceof ApiError && (error.code === 'quota-exhausted' || error.code === 'cancelled')) {
      return report(error.code === 'cancelled' ? 'cancelled' : 'quota-exhausted', { downloaded: 0, failed: 0 });
    }
    throw error;
  } finally {
    deps.signal?.removeEventListener('abort', stop);
    client.governor.setWaitListener(undefined);
  }

  async function readPartitions(
    scope: SyncScope,
    plan: { needYear: boolean; needDifficulty: boolean },
    base: QuestionFilters,
    fixed: Learned,
  ): Promise<number> {
    const difficulties: (Difficulty | undefined)[] = plan.needDifficulty ? [...DIFFICULTIES] : [undefined];
    const readYear = async (year: number | undefined) => {
      const sum = { total: 0, collected: 0 };
      for (const difficulty of difficulties) {
        const filters = { ...base, ...(year !== undefined && { year }), ...(difficulty && { difficulty }) };
        const read = await readListing(filters, {
          year: year ?? fixed.year,
          difficulty: difficulty ?? fixed.difficulty,
        });
        sum.total += read.total;
        sum.collected += read.collected;
      }
      return sum;
    };
    if (!plan.needYear) return (await readYear(undefined)).total;
    // Years are unknown: probe from next year down until the partitions add up to the scope's total.
    const scopeTotal = total ?? 0;
    let covered = 0;
    const currentYear = deps.currentYear ?? new Date(now()).getUTCFullYear();
    for (let year = currentYear + 1; year >= MIN_YEAR && covered < scopeTotal; year--) {
      let yearTotal = run.yearTotals[String(year)];
      if (yearTotal === undefined && plan.needDifficulty) {
        yearTotal = (await client.listQuestions({ ...base, year }, 1, 1, signal)).total;
        await saveRun({ yearTotals: { ...run.yearTotals, [String(year)]: yearTotal } });
      }
      if (yearTotal === 0) continue;
      // Counted by the questions that came, not the totals claimed: a total too high (or one that never
      // runs out) probes more years, never fewer, so no year's questions are left unread.
      covered += (await readYear(year)).collected;
    }
    return scopeTotal;
  }

  async function syncImages() {
    const ofProduct = [...store.all()].filter((question) => question.sources.includes(source));
    const missingUrls = deps.images.missing(entryImageUrls(ofProduct));
    progress.images = { done: 0, total: missingUrls.length, failed: 0 };
    emit({ phase: 'images' });
    const result = await deps.images.download(missingUrls, {
      // Image hosts must be public, unless the API itself is local (the fake, a local test server).
      hosts: { allowLocal: isLoopbackHost(new URL(client.baseUrl).hostname) },
      ...(deps.signal && { signal: deps.signal }),
      onProgress: (p) => {
        progress.images = p;
        emit({ phase: 'images' });
      },
    });
    if (deps.signal?.aborted) throw new ApiError('cancelled', 'Cancelled');
    return result;
  }

  function report(status: SyncStatus, images: { downloaded: number; failed: number }): SyncReport {
    const outcome = outcomes.summary(seen, (id) => store.keyed(id));
    return {
      product: scope.product,
      scope: key,
      status,
      total: total ?? 0,
      questions: seen.size,
      requests: client.stats.requests,
      retries: client.stats.retries,
      rateLimitWaits: client.governor.waits,
      images: { downloaded: images.downloaded, failed: images.failed },
      skipped: outcome.keyless.total + outcome.refused.total,
      missing,
      resumed,
      durationMs: now() - started,
      outcome,
      unendedListings,
    };
  }
}

/** One limit=1 request: how many questions and requests a sync of the scope takes. */
export async function estimateSync(client: CatalogClient, scope: SyncScope, signal?: AbortSignal) {
  const { total } = await client.listQuestions(filtersOf(scope), 1, 1, signal);
  const requests = Math.ceil(total / PAGE_SIZE) + (scope.product === 'vestibulares' ? 1 : 0);
  return { total, requests, dailyUsed: client.governor.dailyUsage.used, dailyLimit: DAILY_LIMIT };
}

// Every read of main goes through one query cache (TanStack Query): a screen asks for a channel's
// answer with useBridgeQuery and gets it with its loading and error states; two screens asking the
// same thing share one call; and main's change events mark the answers they concern as stale, so a
// screen shows what main holds now without refreshing by hand. Writes stay plain bridge calls.
import { keepPreviousData, QueryClient, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Args, BridgeErrorValue, Channel, EventName, ExamAppApi, Responses } from '../../../preload/contract';
import { KEY_BEARING_CHANNELS, readBridgeError } from '../../../preload/contract';

/**
 * Which reads each of main's events makes stale. A new read channel whose answer changes when main
 * says something changed is added here (docs/architecture.md, "Reading main").
 */
export const INVALIDATED_BY: Partial<Record<EventName, readonly Channel[]>> = {
  // A result shows which of its questions are in the notebook, and their notes.
  'notebook:changed': ['notebook:overview', 'notebook:list', 'exam:result'],
  'exam:running': ['exam:history', 'exam:current'],
  'exam:submitted': ['exam:history', 'exam:current', 'notebook:overview', 'notebook:list', 'exam:result'],
  // Questions added or removed: what the library offers, what an exam's choices find, the packs.
  'catalog:changed': ['catalog:facets', 'exam:count', 'packs:list'],
  // A run ended: what the library offers, today's request count and what can be resumed.
  'sync:done': ['catalog:facets', 'exam:count', 'sync:overview'],
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A screen reads main again each time it opens (the last answer shown meanwhile), and main's
        // events refresh the screens open (INVALIDATED_BY). A refusal is the student's to read, not
        // to be retried behind their back; nothing polls.
        staleTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * An attempt started: every answer that can carry or imply a key (KEY_BEARING_CHANNELS, derived from
 * the channels' key policies) is forgotten, not only marked stale. A stale answer is still shown at
 * once when a screen mounts, and an earlier result of the questions now running would show their
 * keys. In-flight reads are cancelled (their answers were made before the lock), the screens open
 * read main again, and the reads no screen shows leave the cache.
 */
export function forgetKeyBearing(client: QueryClient): void {
  const keyBearing = { predicate: (query: { queryKey: readonly unknown[] }) => isKeyBearing(query.queryKey) };
  void client.resetQueries(keyBearing);
  client.removeQueries({ ...keyBearing, type: 'inactive' });
}

const isKeyBearing = (queryKey: readonly unknown[]) => KEY_BEARING_CHANNELS.has(queryKey[0] as Channel);

/**
 * Listens to main's events: an attempt's start forgets the key-bearing answers, and each event marks
 * the reads it concerns as stale (INVALIDATED_BY); returns the unsubscribe.
 */
export function invalidateOnEvents(api: Pick<ExamAppApi, 'on'>, client: QueryClient): () => void {
  const forget = api.on('exam:running', (running) => {
    if (running) forgetKeyBearing(client);
  });
  const offs = Object.entries(INVALIDATED_BY).map(([event, channels]) =>
    api.on(event as EventName, () => {
      for (const channel of channels ?? []) void client.invalidateQueries({ queryKey: [channel] });
    }),
  );
  return () => [forget, ...offs].forEach((off) => off());
}

/** The cache's key of one read: the channel first, so an event can mark all of a channel's reads. */
export const queryKeyOf = <C extends Channel>(channel: C, args: Args<C>) => [channel, args] as const;

type BridgeMethods = { [K in Channel]: (args: Args<K>) => Promise<Responses[K]> };

/** One read of main through the cache, with its loading and error states (the error as the bridge gives it). */
export function useBridgeQuery<C extends Channel>(
  api: ExamAppApi,
  channel: C,
  args: Args<C>,
  /** keepPrevious: while new arguments' answer loads, the last one stays on screen (a list being filtered). */
  options: { keepPrevious?: boolean } = {},
): UseQueryResult<Responses[C], BridgeErrorValue> {
  // Read through the mapped type alone, so that TypeScript sees C's one method (on ExamAppApi, an
  // intersection with `on`, it sees the union of every channel's).
  const methods: BridgeMethods = api;
  const call = methods[channel];
  return useQuery<Responses[C], BridgeErrorValue>({
    queryKey: queryKeyOf(channel, args),
    ...(options.keepPrevious && { placeholderData: keepPreviousData }),
    queryFn: async () => {
      try {
        return await call(args);
      } catch (caught) {
        throw readBridgeError(caught);
      }
    },
  });
}

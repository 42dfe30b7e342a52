// What the renderer holds in memory, for the noninterference game: the query cache the screens read
// through (renderer/src/lib/queries.ts), fed by the bridge's answers and main's events as the app's
// window is. The worlds compare it as they compare each answer: an answer read before an attempt
// started (an earlier result, the notebook's cards) that the cache still held while the attempt runs
// would tell the running questions' keys to devtools or an injected script, though main now hides them.
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, invalidateOnEvents, queryKeyOf } from '../../../renderer/src/lib/queries.js';
import type { Channel, EventName, Events, ExamAppApi } from '../../../preload/contract.js';

/** One cached answer as plain data: its key and what it holds. */
export interface CachedAnswer {
  key: readonly unknown[];
  data: unknown;
}

type Listener = (payload: unknown) => void;

/** A renderer's query cache and the events main sends it. */
export class RendererMemory {
  readonly client: QueryClient = createQueryClient();
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private readonly off: () => void;

  constructor(held: readonly CachedAnswer[] = []) {
    for (const { key, data } of held) this.client.setQueryData(key, data);
    const on: Pick<ExamAppApi, 'on'>['on'] = (event, listener) => {
      const set = this.listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      this.listeners.set(event, set);
      return () => void set.delete(listener as Listener);
    };
    this.off = invalidateOnEvents({ on }, this.client);
  }

  /** Main's event, as the window's bridge hands it on. */
  readonly emit = <E extends EventName>(event: E, payload: Events[E]): void => {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  };

  /** A screen read `channel` and main answered: the cache keeps it under the read's key. */
  answered<C extends Channel>(channel: C, args: unknown, value: unknown): void {
    this.client.setQueryData(queryKeyOf(channel, args as never), value);
  }

  /** Everything the cache holds with data, in the order it was first asked (the same calls, the same order). */
  held(): CachedAnswer[] {
    return this.client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data !== undefined)
      .map((query) => ({ key: query.queryKey, data: structuredClone(query.state.data) }));
  }

  close(): void {
    this.off();
    this.client.clear();
  }
}

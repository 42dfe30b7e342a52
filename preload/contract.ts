// The one typed contract between main and renderer. Main validates every argument
// with these schemas; the renderer imports only this file's types and helpers.
// Nothing here imports main/: the renderer build must not pull in Node code.
import type { z } from 'zod';
import type { Difficulty, ExamRequest, ExamSettings, LibraryFilter, Product, Scope, Settings } from './schemas';
import type { ChannelDeclarations } from './channels/index.js';
import type { ResponseOf } from './channels/declare.js';

export type { Difficulty, ExamRequest, ExamSettings, LibraryFilter, Product, Scope, Settings };
export { AREA_IDS, FOREIGN_LANGUAGES, PACK_FILE_MAX_BYTES, type AreaId, type ForeignLanguage } from './constants.js';
import { BridgeError, type Result } from './contract/errors.js';
import { EVENTS, type EventName, type Events } from './contract/events.js';

export * from './contract/app.js';
export * from './contract/sync.js';
export * from './contract/catalog.js';
export * from './contract/packs.js';
export * from './contract/exams.js';
export * from './contract/notebook.js';
export * from './contract/class.js';
export * from './contract/paper.js';
export * from './contract/updates.js';
export * from './contract/errors.js';
export * from './contract/events.js';

// ---- channels and the bridge ---------------------------------------------

/**
 * Every channel, what it takes and what it answers: derived from the declarations, one per channel,
 * in `preload/channels/<capability>.ts` (its schema, its response, its key policy side by side).
 */
export type Channel = keyof ChannelDeclarations;

export type Args<C extends Channel> = z.infer<ChannelDeclarations[C]['request']>;

export type Responses = { [C in Channel]: ResponseOf<ChannelDeclarations[C]> };

/** What the renderer sees on window.examApp: one method per channel, one subscribe per event. */
export type ExamAppApi = {
  [C in Channel]: (args: Args<C>) => Promise<Responses[C]>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

export interface Transport {
  invoke(channel: Channel, args: unknown): Promise<Result<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Events that ask the window for something (a file the OS opened at launch or at any moment): one
 * that arrives before a screen listens is kept and handed to the first listener, never lost to a
 * page still starting (the renderer mounts its screens only once the settings have come back).
 */
export const HELD_EVENTS: readonly EventName[] = ['packs:open-request', 'class:open-request'];

/** Turns a transport (ipcRenderer in preload, a Playwright binding in the harness) into the API. */
export function createBridge(transport: Transport, channels: readonly Channel[]): ExamAppApi {
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[channel] = async (args: unknown) => {
      const result = await transport.invoke(channel, args ?? {});
      if (!result.ok) throw new BridgeError(result.error.code, result.error.params);
      return result.value;
    };
  }
  const held = new Map<EventName, { waiting: unknown[]; listeners: Set<(payload: unknown) => void> }>();
  for (const event of HELD_EVENTS) {
    const entry = { waiting: [] as unknown[], listeners: new Set<(payload: unknown) => void>() };
    held.set(event, entry);
    transport.subscribe(event, (payload) => {
      if (entry.listeners.size === 0) entry.waiting.push(payload);
      else entry.listeners.forEach((listener) => listener(payload));
    });
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`unknown event ${String(event)}`);
    const entry = held.get(event);
    if (!entry) return transport.subscribe(event, listener);
    entry.listeners.add(listener);
    entry.waiting.splice(0).forEach(listener);
    return () => void entry.listeners.delete(listener);
  };
  return api as ExamAppApi;
}

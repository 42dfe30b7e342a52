// The one typed contract between main and renderer. Main validates every argument
// with these schemas; the renderer imports only this file's types and helpers.
// Nothing here imports main/: the renderer build must not pull in Node code.
import type { z } from 'zod';
import type { Difficulty, ExamRequest, ExamSettings, LibraryFilter, Product, Scope, Settings } from './schemas';
import type { ChannelDeclarations } from './channels/index.js';
import type { PolicyOf, ResponseOf } from './channels/declare.js';

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

/**
 * Channels whose answer can carry or imply an answer key: every key policy but `no-key`. Derived
 * from the declarations, so a channel declared with such a policy is one here without another edit.
 */
export type KeyBearingChannel = {
  [C in Channel]: PolicyOf<ChannelDeclarations[C]> extends 'no-key' ? never : C;
}[Channel];

/**
 * The same set at run time, for the renderer's cache (it forgets these answers when an attempt
 * starts: docs/architecture.md, "Reading main"). A Record over the derived type: a key-bearing
 * channel missing here, or a no-key one added, does not compile.
 */
const KEY_BEARING_RECORD: Record<KeyBearingChannel, true> = {
  'cache:clear': true,
  'catalog:explanation': true,
  'catalog:reveal': true,
  'catalog:set-explanation': true,
  'class:report': true,
  'exam:answer': true,
  'exam:current': true,
  'exam:history': true,
  'exam:result': true,
  'exam:retry-wrong': true,
  'exam:start': true,
  'exam:submit': true,
  'exam:undo-rating': true,
  'notebook:list': true,
  'notebook:start-review': true,
  'notes:get': true,
  'notes:set': true,
  'packs:build': true,
  'packs:from-moodle': true,
  'packs:import': true,
  'packs:import-demo': true,
  'packs:import-pending': true,
  'packs:preview': true,
  'packs:release': true,
  'packs:remove': true,
  'packs:to-moodle': true,
  'paper:grade': true,
  'paper:print': true,
  'paper:scan-session': true,
  'paper:scan-session-save': true,
};
export const KEY_BEARING_CHANNELS: ReadonlySet<Channel> = new Set(Object.keys(KEY_BEARING_RECORD) as Channel[]);

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

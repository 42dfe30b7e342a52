// Runs in the page (harness only): builds window.examApp from the same contract
// and createBridge() as the preload, over a Playwright binding instead of IPC.
import { createBridge, EVENTS, type Channel, type EventName, type Result } from '../../preload/contract';
import { CHANNELS } from '../../preload/channels/index';
import { decodeBytes, encodeBytes } from './bytes-codec';

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

declare global {
  interface Window {
    __examAppInvoke(channel: Channel, args: unknown): Promise<Result<unknown>>;
    __examAppDispatch(event: EventName, payload: unknown): void;
  }
}

const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

window.__examAppDispatch = (event, payload) => {
  listeners.get(event)?.forEach((listener) => listener(payload));
};

window.examApp = Object.freeze(
  createBridge(
    {
      invoke: async (channel, args) =>
        decodeBytes(await window.__examAppInvoke(channel, encodeBytes(args, toBase64)), fromBase64) as Result<unknown>,
      subscribe: (event, listener) => {
        if (!EVENTS.includes(event)) throw new Error('unknown event');
        const set = listeners.get(event) ?? new Set();
        set.add(listener);
        listeners.set(event, set);
        return () => void set.delete(listener);
      },
    },
    CHANNELS,
  ),
);

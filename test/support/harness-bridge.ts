// Runs in the page (harness only): builds window.examApp from the same contract
// and createBridge() as the preload, over a Playwright binding instead of IPC.
import { createBridge, EVENTS, type Channel, type EventName, type Result } from '../../preload/contract';

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
  createBridge({
    invoke: (channel, args) => window.__examAppInvoke(channel, args),
    subscribe: (event, listener) => {
      if (!EVENTS.includes(event)) throw new Error('unknown event');
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
  }),
);

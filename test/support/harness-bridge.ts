// Runs in the page (harness only): builds window.examApp from the same contract
// and createBridge() as the preload, over a Playwright binding instead of IPC.
import { createBridge, EVENTS } from '../../preload/contract';
import { CHANNELS } from '../../preload/channels/index';
import { invoke, listen } from './harness-ipc';

window.examApp = Object.freeze(
  createBridge(
    {
      invoke,
      subscribe: (event, listener) => {
        if (!EVENTS.includes(event)) throw new Error('unknown event');
        return listen(event, listener);
      },
    },
    CHANNELS,
  ),
);

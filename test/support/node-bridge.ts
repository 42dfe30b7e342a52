// The bridge a window has (createBridge over the channel list), over main's services in this
// process: for tests of the renderer's modules that call main (the attempt store, the query cache).
import { EventEmitter } from 'node:events';
import { createBridge, type Channel, type EventName, type ExamAppApi } from '../../preload/contract.js';
import { CHANNELS } from '../../preload/channels/index.js';
import { handle } from '../../main/app/handle.js';
import type { AppServices } from '../../main/app/services.js';
import { nodeServices } from './node-services.js';

/** Main's services on `dataDir`, and the bridge to them; `close` ends the services. */
export async function servicesWithBridge(
  dataDir: string,
  clockSpeed?: number,
): Promise<{ services: AppServices; bridge: ExamAppApi }> {
  const events = new EventEmitter();
  const services = await nodeServices({
    dataDir,
    ...(clockSpeed !== undefined && { clockSpeed }),
    emit: (event, payload) => events.emit(event, payload),
  });
  const bridge = createBridge(
    {
      invoke: (channel: Channel, args: unknown) => handle(services.handlers, channel, args),
      subscribe: (event: EventName, listener: (payload: unknown) => void) => {
        events.on(event, listener);
        return () => void events.off(event, listener);
      },
    },
    CHANNELS,
  );
  return { services, bridge };
}

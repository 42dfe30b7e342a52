import { describe, expect, it } from 'vitest';
import { CHANNELS, createBridge, EVENTS, readBridgeError, BridgeError } from '../../preload/contract.js';
import { requestSchemas } from '../../preload/schemas.js';

describe('the bridge contract', () => {
  it('lists exactly the channels that main validates', () => {
    expect([...CHANNELS].sort()).toEqual(Object.keys(requestSchemas).sort());
  });

  it('builds one method per channel, unwraps results and rethrows typed errors', async () => {
    const calls: string[] = [];
    const api = createBridge({
      invoke: (channel) => {
        calls.push(channel);
        return Promise.resolve(
          channel === 'app:info'
            ? { ok: true, value: { name: 'x' } }
            : { ok: false, error: { code: 'not-found', params: { id: 'q' } } },
        );
      },
      subscribe: () => () => undefined,
    });
    expect(Object.keys(api).sort()).toEqual([...CHANNELS, 'on'].sort());
    expect(await api['app:info']({})).toEqual({ name: 'x' });
    const error = await api['catalog:question']({ id: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    // What contextBridge keeps of an error is its message: the value survives in it.
    expect(readBridgeError(new Error((error as Error).message))).toEqual({ code: 'not-found', params: { id: 'q' } });
    expect(readBridgeError(new Error('boom'))).toEqual({ code: 'internal', params: {} });
    expect(() => api.on('not-an-event' as never, () => undefined)).toThrow();
    expect(EVENTS).toContain('exam:submitted');
  });
});

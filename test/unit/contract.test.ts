import { describe, expect, it } from 'vitest';
import { createBridge, EVENTS, readBridgeError, BridgeError } from '../../preload/contract.js';
import { CHANNEL_DECLARATIONS, CHANNEL_KEY_POLICY, CHANNELS, requestSchemas } from '../../preload/channels/index.js';

describe('the bridge contract', () => {
  it('derives the channel list, the schema table and the key-policy table from one declaration per channel', () => {
    const declared = Object.keys(CHANNEL_DECLARATIONS).sort();
    expect([...CHANNELS].sort()).toEqual(declared);
    expect(Object.keys(requestSchemas).sort()).toEqual(declared);
    expect(Object.keys(CHANNEL_KEY_POLICY).sort()).toEqual(declared);
    for (const [name, declaration] of Object.entries(CHANNEL_DECLARATIONS)) {
      expect(['no-key', 'redacts', 'refuses', 'own-attempt'], name).toContain(declaration.policy);
      expect(requestSchemas[name as keyof typeof requestSchemas], name).toBe(declaration.request);
    }
  });

  it('builds one method per channel, unwraps results and rethrows typed errors', async () => {
    const calls: string[] = [];
    const api = createBridge(
      {
        invoke: (channel) => {
          calls.push(channel);
          return Promise.resolve(
            channel === 'app:info'
              ? { ok: true, value: { name: 'x' } }
              : { ok: false, error: { code: 'not-found', params: { id: 'q' } } },
          );
        },
        subscribe: () => () => undefined,
      },
      CHANNELS,
    );
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

  it('keeps a file the OS opened until a screen listens (the window mounts only after its settings came back)', () => {
    const subscribers = new Map<string, ((payload: unknown) => void)[]>();
    const api = createBridge(
      {
        invoke: () => Promise.resolve({ ok: true, value: null }),
        subscribe: (event, listener) => {
          subscribers.set(event, [...(subscribers.get(event) ?? []), listener]);
          return () => undefined;
        },
      },
      CHANNELS,
    );
    const send = (event: string, payload: unknown) => subscribers.get(event)?.forEach((listener) => listener(payload));
    const result = { name: 'ana.examresult', student: 'Ana', packTitle: null, data: null, error: null };
    const junk = { ...result, name: 'bia.examresult', student: null, error: 'invalid-json' };
    send('class:open-request', result);
    send('class:open-request', junk);
    send('exam:warning', { attemptId: 'a', minutesLeft: 5 }); // not a request: not kept
    const seen: unknown[] = [];
    const warnings: unknown[] = [];
    api.on('exam:warning', (payload) => warnings.push(payload));
    const off = api.on('class:open-request', (payload) => seen.push(payload));
    expect(seen).toEqual([result, junk]);
    expect(warnings).toEqual([]);
    send('class:open-request', result);
    expect(seen).toHaveLength(3);
    // Handed over once: a screen that listens later does not get them again.
    off();
    const later: unknown[] = [];
    api.on('class:open-request', (payload) => later.push(payload));
    expect(later).toEqual([]);
  });
});

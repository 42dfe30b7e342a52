import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { connectKey, syncProduct } from './steps.js';

test(
  'no bridge payload, event, log line or stored file holds an API key in clear',
  quick,
  async ({ launch, fakeApi }) => {
    // A profile of our own, so that the app can be closed (every write finished) before its files are read.
    const dataDir = await mkdtemp(join(tmpdir(), 'exam-practice-e2e-secrets-'));
    const app = await launch({ dataDir });
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.vestibulares);
    await expect(ui(app.page).keys.success).toBeVisible();
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.revoked);
    await expect(ui(app.page).keys.error).toBeVisible();
    await syncProduct(app.page, 'vestibulares');
    await ui(app.page).nav('settings').click();
    await expect(ui(app.page).settings.screen).toBeVisible();

    const keys = Object.values(fakeApi.keys);
    // What went into the bridge: the key the student typed, in keys:connect arguments only.
    const log = app.ipcLog();
    const outgoing = log.map((entry) =>
      entry.type === 'invoke' ? { channel: entry.channel, result: entry.result } : entry,
    );
    const text = JSON.stringify(outgoing);
    for (const key of keys) expect(text).not.toContain(key);
    const inbound = log.filter((e) => e.type === 'invoke' && e.channel !== 'keys:connect');
    for (const key of keys) expect(JSON.stringify(inbound)).not.toContain(key);
    expect(log.some((e) => e.type === 'event')).toBe(true);

    // Nothing in the profile folder holds a key in clear: logs, vault, settings, cache. Read once the
    // app has closed: a live folder has temp files that are renamed away while being listed.
    await app.close();
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const content = await readFile(join(file.parentPath, file.name), 'latin1');
      for (const key of keys) expect(content.includes(key), `${file.name} holds a key`).toBe(false);
    }
    await rm(dataDir, { recursive: true, force: true });
    // The key went to the API origin only: never to the image CDN.
    expect(fakeApi.log.filter((r) => r.origin === 'cdn' && r.hasApiKey)).toEqual([]);
    expect(fakeApi.log.filter((r) => r.hasApiKey && !r.path.startsWith('/v1/'))).toEqual([]);
  },
);

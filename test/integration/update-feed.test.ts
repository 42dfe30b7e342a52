// The update cycle against a feed server as electron-builder publishes one (latest-linux.yml and
// the artifact, beta-linux.yml for the beta channel): found, downloaded with its sha512 checked,
// offered; a tampered artifact, a missing channel file or a dead server never reach "ready".
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../preload/contract.js';
import { UpdateController } from '../../main/core/updates/controller.js';
import { START_DELAY_MS } from '../../main/core/updates/policy.js';
import { ARTIFACT, feedServer, nodeUpdateFeed, type NodeFeed } from '../support/update-feed.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

function controllerOver(feed: NodeFeed, channel: 'stable' | 'beta' = 'stable') {
  const clock = { now: Date.UTC(2026, 10, 23, 9) };
  const seen: UpdateStatus[] = [];
  const controller = new UpdateController({
    feed,
    now: () => clock.now,
    preferences: () => Promise.resolve({ enabled: true, channel }),
    examRunning: () => false,
    currentVersion: '0.1.0',
    onChange: (status) => seen.push(status),
  });
  clock.now += START_DELAY_MS;
  return { controller, seen };
}

const settled = (seen: UpdateStatus[]) =>
  expect.poll(() => seen.at(-1)?.phase, { timeout: 10_000 }).not.toMatch(/checking|downloading/);

describe('the update feed', () => {
  it('finds 0.2.0 in latest-linux.yml, downloads it with its sha512 checked, and offers the restart', async () => {
    const server = await feedServer();
    closers.push(server.close);
    const feed = nodeUpdateFeed(server.url, '0.1.0', 'linux');
    const { controller, seen } = controllerOver(feed);
    await controller.tick();
    await settled(seen);
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', version: '0.2.0', canRestart: true });
    expect(server.served).toEqual(['/latest-linux.yml', '/Exam-Practice-0.2.0.AppImage']);
    expect(await readFile(feed.downloaded[0] ?? '')).toEqual(ARTIFACT);
  });

  it('the beta channel reads beta-linux.yml', async () => {
    const server = await feedServer();
    closers.push(server.close);
    const { controller, seen } = controllerOver(nodeUpdateFeed(server.url, '0.1.0', 'linux'), 'beta');
    await controller.tick();
    await settled(seen);
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', version: '0.3.0-beta.1' });
    expect(server.served[0]).toBe('/beta-linux.yml');
  });

  it('a tampered artifact fails its checksum and is never offered', async () => {
    const server = await feedServer({ tampered: true });
    closers.push(server.close);
    const { controller, seen } = controllerOver(nodeUpdateFeed(server.url, '0.1.0', 'linux'));
    await controller.tick();
    await settled(seen);
    expect(seen.at(-1)).toMatchObject({ phase: 'error', canRestart: false, version: null });
    expect(seen.at(-1)?.error).toMatch(/SHA512|checksum/i);
    expect(await controller.installAtQuit()).toBe(false);
  });

  it('a feed without the channel file, or no server at all, is an error that waits for the next try', async () => {
    const server = await feedServer({ channels: [] });
    closers.push(server.close);
    const { controller, seen } = controllerOver(nodeUpdateFeed(server.url, '0.1.0', 'linux'));
    await controller.tick();
    expect(seen.at(-1)).toMatchObject({ phase: 'error', error: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' });
    await controller.tick(); // backing off: not asked again at once
    expect(server.served).toEqual(['/latest-linux.yml']);
    const dead = controllerOver(nodeUpdateFeed('http://127.0.0.1:9/', '0.1.0', 'linux'));
    await dead.controller.tick();
    expect(dead.seen.at(-1)).toMatchObject({ phase: 'error' });
  });

  it('the same version as installed is no update', async () => {
    const server = await feedServer();
    closers.push(server.close);
    const { controller, seen } = controllerOver(nodeUpdateFeed(server.url, '0.2.0', 'linux'));
    await controller.tick();
    expect(seen.at(-1)).toMatchObject({ phase: 'idle', version: null });
  });
});

// Files the OS hands to the running app (a double-click, a second launch's argv) are checked in
// main before the renderer hears of them: a result file is read within its size limit and
// validated as the class report validates it; a pack goes to the import offer.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventName, Events } from '../../preload/contract.js';
import { RESULT_MAX_BYTES } from '../../main/core/class/result-file.js';
import { openedPathsFrom } from '../../main/app/opened-files.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('files opened from the OS', () => {
  it('a result joins the class report with its student; a huge, a broken or a missing file is refused by name', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const events: { event: EventName; payload: unknown }[] = [];
    const services = await nodeServices({
      dataDir: temp.dir,
      emit: <E extends EventName>(event: E, payload: Events[E]) => events.push({ event, payload }),
    });
    cleanups.push(() => services.close());
    await callValue(services, 'packs:import-demo', {});
    const state = await callValue(services, 'exam:start', {
      request: { count: 3, sources: ['pack:demo-pack'] },
      settings: { title: 'Turma', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 4 },
    });
    await callValue(services, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 2 });
    await callValue(services, 'exam:submit', { attemptId: state.attemptId });
    const file = await callValue(services, 'class:export-result', { attemptId: state.attemptId, student: 'Bia' });
    const paths = {
      good: join(temp.dir, file.fileName),
      huge: join(temp.dir, 'enorme.examresult'),
      broken: join(temp.dir, 'quebrado.examresult'),
      missing: join(temp.dir, 'sumiu.examresult'),
    };
    await writeFile(paths.good, file.data);
    await writeFile(paths.huge, Buffer.alloc(RESULT_MAX_BYTES * 20, 32));
    await writeFile(paths.broken, '{"format": "exam-practice-result"');
    // As a second launch hands them over: the binary, Chromium's flags, then the files.
    const argv = ['/opt/Exam Practice/exam-practice', '--no-sandbox', ...Object.values(paths), 'assets/demo.exampack'];
    const opened = openedPathsFrom(argv, process.cwd());
    expect(opened).toHaveLength(5);
    opened.forEach((path) => services.offerFile(path));
    await expect.poll(() => events.filter((e) => e.event.endsWith(':open-request')).length).toBe(5);
    const offers = events.filter((e) => e.event === 'class:open-request').map((e) => e.payload);
    expect(offers).toContainEqual(
      expect.objectContaining({
        name: file.fileName,
        student: 'Bia',
        packTitle: 'Pacote de demonstração',
        error: null,
      }),
    );
    expect(offers).toContainEqual({
      name: 'enorme.examresult',
      student: null,
      packTitle: null,
      data: null,
      error: 'too-large',
    });
    expect(offers).toContainEqual({
      name: 'quebrado.examresult',
      student: null,
      packTitle: null,
      data: null,
      error: 'invalid-json',
    });
    expect(offers).toContainEqual({
      name: 'sumiu.examresult',
      student: null,
      packTitle: null,
      data: null,
      error: 'unreadable',
    });
    expect(events.find((e) => e.event === 'packs:open-request')?.payload).toMatchObject({
      name: 'demo.exampack',
      error: null,
    });
  });
});

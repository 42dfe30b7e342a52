// The worker exists for the student whose exam is running while a tutor reads a class's scans on the
// same computer: a crafted file and a worker killed mid-file cost the tutor one file and one page,
// and cost the student nothing — every answer given during the scan is saved and the clock still runs.
import { afterAll, describe, expect, it } from 'vitest';
import { callValue } from '../support/bridge-call.js';
import { pngDeclaring } from '../support/hostile-files.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';
import { killedAfterFirstPage } from '../support/worker.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('scans read while an exam runs', () => {
  it('a crafted file and a worker killed mid-file never touch the running exam', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    // The first worker dies (SIGKILL, as a decoder's segfault would end it) after its first page.
    const { spawn: spawnWorker, killed } = killedAfterFirstPage();
    const services = await nodeServices({ dataDir: temp.dir, spawnWorker });
    cleanups.push(() => services.close());
    await callValue(services, 'packs:import-demo', {});
    const printed = await callValue(services, 'paper:print', {
      request: { count: 5, sources: ['pack:demo-pack'] },
      title: 'Turma',
      minutes: 30,
      versions: 1,
      seed: 5,
      sheets: 2,
    });
    const sheet = printed.files.find((f) => f.fileName.endsWith('answer-sheet.pdf'));
    expect(sheet).toBeDefined();
    const exam = await callValue(services, 'exam:start', {
      request: { count: 10, sources: ['pack:demo-pack'] },
      settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 8 },
    });

    // The tutor's scan and the student's answers, at once.
    const scan = callValue(services, 'paper:scan', {
      code: printed.code,
      files: [
        { name: 'largo.png', data: new Uint8Array(pngDeclaring(40_000_000, 1)) },
        { name: 'turma.pdf', data: sheet?.data ?? new Uint8Array() },
        { name: 'copia.pdf', data: sheet?.data ?? new Uint8Array() },
      ],
    });
    const choices = exam.questions.map((_, index) => index % 4);
    for (const [index, choice] of choices.entries())
      await callValue(services, 'exam:answer', { attemptId: exam.attemptId, index, choice });
    const result = await scan;

    expect(killed()).toBe(true);
    expect(result.refused.map((r) => [r.source, r.reason])).toEqual([
      ['largo.png', 'too-large'],
      ['turma.pdf · p. 2', 'unreadable'],
      ['copia.pdf · p. 1', 'duplicate'],
    ]);
    expect(result.sheets.map((s) => s.sheet)).toEqual([1, 2]);
    // Still running (exam:current answers only a running exam), every answer there, its clock on.
    const current = await callValue(services, 'exam:current', {});
    expect(current?.attemptId).toBe(exam.attemptId);
    expect(current?.answers).toEqual(choices);
    expect(current?.deadline).toBe(exam.deadline);
    expect((current?.deadline ?? 0) > (current?.clock.now ?? Infinity)).toBe(true);
  }, 90_000);
});

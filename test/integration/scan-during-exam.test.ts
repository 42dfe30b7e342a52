// The worker exists for the student whose exam is running while a tutor reads a class's scans on the
// same computer: a crafted file and a worker killed mid-file cost the tutor one file and one page,
// and cost the student nothing — every answer given during the scan is saved and the clock still runs.
import { afterAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../main/app/services.js';
import { callValue } from '../support/bridge-call.js';
import { pngDeclaring } from '../support/hostile-files.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';
import { killedAfterFirstPage, watchedWorker } from '../support/worker.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/**
 * This file is about crashes and quitting, not speed: the worker's time budgets are lifted far past
 * any page's time, so a machine busy with other work cannot turn a page into a 'too-slow' refusal.
 * (decoding-worker.test.ts is where the budgets themselves are tested.)
 */
const UNHURRIED = { pageMs: 20 * 60_000, fileMs: 60 * 60_000 };
const TEST_MS = 30 * 60_000;

/** A paper exam of five demo questions with `sheets` numbered answer sheets. */
const printTurma = (services: AppServices, sheets: number) =>
  callValue(services, 'paper:print', {
    request: { count: 5, sources: ['pack:demo-pack'] },
    title: 'Turma',
    minutes: 30,
    versions: 1,
    seed: 5,
    sheets,
  });

describe('scans read while an exam runs', () => {
  it(
    'a crafted file and a worker killed mid-file never touch the running exam',
    async () => {
      const temp = await tempDir();
      cleanups.push(temp.cleanup);
      // The first worker dies (SIGKILL, as a decoder's segfault would end it) after its first page.
      const { spawn: spawnWorker, killed } = killedAfterFirstPage();
      const services = await nodeServices({ dataDir: temp.dir, spawnWorker, workerLimits: UNHURRIED });
      cleanups.push(() => services.close());
      await callValue(services, 'packs:import-demo', {});
      const printed = await printTurma(services, 2);
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
    },
    TEST_MS,
  );

  it(
    'quitting during a long scan with a notebook fit due behind it waits for neither',
    async () => {
      const temp = await tempDir();
      cleanups.push(temp.cleanup);
      // A first session: an exam of the demo's 44 questions missed, so the notebook holds their cards;
      // a second exam of the same questions left running (so those cards are hidden at the next start).
      const first = await nodeServices({ dataDir: temp.dir });
      await callValue(first, 'packs:import-demo', {});
      const printed = await printTurma(first, 40);
      const stack = printed.files.find((f) => f.fileName.endsWith('answer-sheet.pdf'))?.data ?? new Uint8Array();
      const settings = { title: 'Simulado', mode: 'timed' as const, timeLimitMinutes: 60, strict: true, seed: 8 };
      const missed = await callValue(first, 'exam:start', {
        request: { count: 44, sources: ['pack:demo-pack'] },
        settings,
      });
      for (const q of missed.questions)
        await callValue(first, 'exam:answer', { attemptId: missed.attemptId, index: q.index, choice: 0 });
      await callValue(first, 'exam:submit', { attemptId: missed.attemptId });
      const running = await callValue(first, 'exam:start', {
        request: { count: 44, sources: ['pack:demo-pack'] },
        settings,
      });
      await first.close();

      // The notebook's log grown past the first fit's threshold (a student's months of reviews).
      const file = join(temp.dir, 'notebook.json');
      const notebook = JSON.parse(await readFile(file, 'utf8')) as { cards: Record<string, unknown>; log: unknown[] };
      const ids = Object.keys(notebook.cards);
      expect(ids.length).toBeGreaterThan(10);
      const DAY = 86_400_000;
      const start = Date.UTC(2026, 5, 1);
      notebook.log = ids
        .flatMap((id, n) =>
          Array.from({ length: Math.ceil(500 / ids.length) + 1 }, (_, k) => ({
            at: start + (k * 4 + (n % 3)) * DAY,
            id,
            grade: k % 4 === 1 ? 1 : 3,
            recall: false,
          })),
        )
        .sort((a, b) => a.at - b.at);
      await writeFile(file, JSON.stringify(notebook));

      // The second session: the exam still holds those cards, so no fit starts. A tutor scans a stack
      // of 40 sheets; the exam ends during the scan, so the fit falls due behind the file being read.
      const watched = watchedWorker();
      const services = await nodeServices({ dataDir: temp.dir, spawnWorker: watched.spawn, workerLimits: UNHURRIED });
      cleanups.push(() => services.close());
      const scan = callValue(services, 'paper:scan', {
        code: printed.code,
        files: [{ name: 'turma.pdf', data: stack }],
      });
      await expect.poll(() => watched.pages(), { timeout: TEST_MS }).toBeGreaterThan(0);
      await callValue(services, 'exam:submit', { attemptId: running.attemptId });

      const started = performance.now();
      await services.close();
      const closedIn = performance.now() - started;
      const pagesAtClose = watched.pages();
      const result = await scan;
      // Neither the file nor the fit behind it was waited for: the stack was cut, its pages refused by name.
      expect(pagesAtClose).toBeLessThan(40);
      expect(result.refused.some((r) => r.source.startsWith('turma.pdf'))).toBe(true);
      // The fit was due and queued: it ended as a refusal at quit, logged, the model unchanged.
      const log = await readFile(join(temp.dir, 'logs', 'main.log'), 'utf8');
      expect(log).toContain('notebook fit failed');
      console.log(`quit during a scan with a fit due: ${closedIn.toFixed(0)} ms, ${pagesAtClose} of 40 pages read`);
    },
    TEST_MS,
  );
});

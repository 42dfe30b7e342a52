// The diagnostics a student hands a support person: what helps (versions, system, counts, the
// storage's security, the last errors with their codes, the recent log) and nothing secret. The
// world holds every kind of secret the app keeps — an API key, a note, a student's name on a paper
// sheet, the key of a running exam, the home folder — and the text is scanned for each.
import { appendFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { diagnosticsFileName, LOG_TAIL } from '../../main/core/diagnostics.js';
import { createLogger } from '../../main/core/util/logger.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const NOTE = 'Nota secreta: lembrar do truque 7781 de Pitágoras';
const STUDENT = 'Zuleica Quaresma Secreta';

let api: FakeApi;
let services: AppServices;
let text: string;
/** Every secret the world holds, named for the failure message. */
const secrets: Record<string, string> = {};

beforeAll(async () => {
  api = await startFakeApi({ questions: 60, seed: 4 });
  const temp = await tempDir();
  cleanups.push(temp.cleanup, () => api.close());
  services = await nodeServices({ dataDir: temp.dir });
  cleanups.push(() => services.close());
  const logger = createLogger(join(temp.dir, 'logs'));
  await callValue(services, 'keys:connect', { baseUrl: api.baseUrl, apiKey: api.keys.enem });
  secrets['API key'] = api.keys.enem;
  await callValue(services, 'sync:start', { scope: { product: 'enem' } });
  await callValue(services, 'packs:import-demo', {});
  const ids = [...services.workspace().store.all()]
    .filter((q) => q.sources.includes('pack:demo-pack'))
    .map((q) => q.id)
    .sort();
  // A note, and a paper sheet with the student's name.
  await callValue(services, 'notes:set', { ref: { questionId: ids[20] ?? '' }, text: NOTE });
  secrets.note = NOTE;
  const printed = await callValue(services, 'paper:print', {
    request: { count: 5, questionIds: ids.slice(10, 15) },
    title: 'Papel',
    minutes: 30,
    versions: 1,
    seed: 2,
  });
  await callValue(services, 'paper:grade', { code: printed.code, version: 1, answers: 'ABCDE', student: STUDENT });
  secrets['student name'] = STUDENT;
  // A running exam: its answers are the key the renderer must not learn before it is submitted.
  const running = ids.slice(0, 5);
  await callValue(services, 'exam:start', {
    request: { count: 5, questionIds: running },
    settings: { title: 'Em andamento', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 1 },
  });
  for (const id of running) {
    const correct = (await services.workspace().store.loadOne(id))?.q.alternatives.find((a) => a.isCorrect);
    if (correct) {
      secrets[`running key id of ${id}`] = correct.id;
      secrets[`running key text of ${id}`] = correct.text;
    }
  }
  // A refusal the log keeps with its code; and a line an older version might have written with the
  // API key and a path in the student's home folder.
  await handle(services.handlers, 'paper:grade', { code: 'P000000', version: 1, answers: 'A' }, logger);
  await appendFile(
    join(temp.dir, 'logs', 'main.log'),
    `2026-11-23T10:00:00.000Z ERROR import failed {"file":"${join(homedir(), 'Documentos', 'turma.exampack')}","key":"${api.keys.enem}"}\n`,
  );
  secrets['home folder'] = homedir();
  text = await services.diagnostics();
}, 120_000);

describe('diagnostics', () => {
  it('say what a support person needs', () => {
    expect(text).toContain('app: 0.1.0 (harness)');
    expect(text).toMatch(/node \d+\.\d+/);
    expect(text).toMatch(new RegExp(`os: ${process.platform} `));
    expect(text).toContain('storage security: secure');
    expect(text).toMatch(/data folder: .* · \d+\.\d MB/);
    expect(text).toMatch(/questions: \d+ \(synced \d+, from packs 44\) · packs: 1/);
    expect(text).toMatch(/attempts: 2 \(one running\) · notebook cards: \d+ · paper exams: 1/);
    expect(text).toContain(`keys · enem: key present · API ${new URL(api.baseUrl).origin}`);
    expect(text).toContain('keys · vestibulares: no key');
    // The last errors with their codes, and the recent log.
    expect(text).toMatch(/## last errors and warnings \(\d+\)\n[^#]*paper:grade refused \{"code":"not-found"\}/);
    expect(text).toContain('sync ended');
    expect(text).toContain(`import failed {"file":"${join('~', 'Documentos', 'turma.exampack')}"`);
    expect(diagnosticsFileName(new Date(Date.UTC(2026, 10, 23)))).toBe('exam-practice-diagnostics-2026-11-23.txt');
  });

  it('hold nothing secret: no key, no running exam’s answer, no note, no student’s name, no home folder', () => {
    for (const [what, secret] of Object.entries(secrets)) expect(text.includes(secret), what).toBe(false);
    expect(text).toContain('"key":"[removed]"');
  });

  it('show at most the last lines of a long log, with the errors picked from all of it', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const many = await nodeServices({ dataDir: temp.dir });
    cleanups.push(() => many.close());
    const logger = createLogger(join(temp.dir, 'logs'));
    logger.error('an early failure', { code: 'storage-failed' });
    for (let i = 0; i < 400; i++) logger.info('routine', { i });
    const long = await many.diagnostics();
    expect(long).toContain(`## recent log (last ${LOG_TAIL} lines)`);
    expect(long).toContain('"i":399');
    expect(long).not.toContain('"i":150}');
    expect(long).toMatch(/## last errors[^#]*an early failure \{"code":"storage-failed"\}/);
  });

  it('list no expected refusal: the exam screen’s presence signal that arrives just after a submit', async () => {
    const temp = await tempDir();
    const quiet = await nodeServices({ dataDir: temp.dir });
    cleanups.push(temp.cleanup, () => quiet.close());
    const logger = createLogger(join(temp.dir, 'logs'));
    await callValue(quiet, 'packs:import-demo', {});
    const state = await callValue(quiet, 'exam:start', {
      request: { count: 3 },
      settings: { title: 'Curto', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 1 },
    });
    await handle(quiet.handlers, 'exam:submit', { attemptId: state.attemptId }, logger);
    const late = await handle(quiet.handlers, 'exam:presence', { attemptId: state.attemptId, present: false }, logger);
    expect(late).toMatchObject({ ok: false, error: { code: 'exam-over' } });
    // A refusal that is not expected still is listed.
    await handle(quiet.handlers, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 1 }, logger);
    const errors = /## last errors and warnings[^#]*/.exec(await quiet.diagnostics())?.[0] ?? '';
    expect(errors).not.toContain('exam:presence');
    expect(errors).toContain('exam:answer refused {"code":"exam-over"}');
  });
});

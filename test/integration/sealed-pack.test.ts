// Sealed packs end to end through the bridge: the file holds no key in clear, the student's exam
// waits ungraded, a wrong code changes nothing, the right one (typed loosely) grades every attempt
// of the pack, and the tutor's report needs the code too.
import { afterEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { handle } from '../../main/app/handle.js';
import { callValue } from '../support/bridge-call.js';
import { normalizeCode, newReleaseCode, CODE_BITS } from '../../main/core/packs/seal.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';
import { buildSealedDemoPack } from '../support/sealed.js';
import { runCli } from '../support/run-node.js';
import { pdfText } from '../support/pdf-read.js';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QUESTIONS } from '../../assets/demo/questions.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const value = callValue;

async function profile(dir?: string) {
  const temp = dir ? { dir, cleanup: async () => undefined } : await tempDir();
  cleanups.push(temp.cleanup);
  const services = await nodeServices({ dataDir: temp.dir });
  cleanups.push(() => services.close());
  return { services, dir: temp.dir };
}

function entries(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/** The tutor seals a fixed exam of the demo pack's first eight questions (one has a worked solution). */
async function sealedPack() {
  const { services: tutor } = await profile();
  const { built, ids } = await buildSealedDemoPack(tutor, 8, 'Resolução secreta: a resposta é a primeira.');
  return { tutor, built, ids };
}

describe('sealed packs', () => {
  it('release codes carry at least 50 bits, in groups easy to dictate, read leniently', () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(50);
    const code = newReleaseCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(normalizeCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeCode('0000-1111-2222')).toBe('0000-1111-2222');
    expect(normalizeCode('oooo-iiii-2222')).toBe('0000-1111-2222');
    expect(normalizeCode('too-short')).toBeNull();
    expect(new Set(Array.from({ length: 200 }, newReleaseCode)).size).toBe(200);
  });

  it('the sealed file holds no key and no solution in clear; it says it is version 2', async () => {
    const { built } = await sealedPack();
    expect(built.releaseCode).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    const files = await entries(built.data);
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as Record<string, unknown>;
    expect(manifest.formatVersion).toBe('2.0');
    expect(manifest.sealed).toMatchObject({ kdf: 'scrypt', cipher: 'aes-256-gcm' });
    const questions = files.get('questions.json')?.toString() ?? '';
    expect(questions).not.toContain('isCorrect');
    expect(questions).not.toContain('Resolução secreta');
    const parsed = JSON.parse(questions) as { questions: { q: { correctAlternative: unknown } }[] };
    for (const q of parsed.questions) expect(q.q.correctAlternative).toBeNull();
    const sealed = files.get('sealed.bin') ?? Buffer.alloc(0);
    expect(sealed.length).toBeGreaterThan(0);
    expect(sealed.toString('latin1')).not.toContain('demo-001');
    expect(sealed.toString('latin1')).not.toContain('Resolução');
  });

  it('sealing keeps only the fields a sealed question has: no unknown field carries the key', async () => {
    const { services: tutor } = await profile();
    await value(tutor, 'packs:import-demo', {});
    const record = await tutor.workspace().store.loadOne('demo-001');
    if (!record) throw new Error('no demo-001');
    // A synced record may carry fields the app does not know: each of these would give the key away.
    const leaky = {
      ...record,
      q: {
        ...record.q,
        resolution: 'A resposta certa é a B',
        answerLetter: 'B',
        gabarito: 'B',
        alternatives: record.q.alternatives.map((a) => ({ ...a, feedback: a.isCorrect ? 'Certa!' : 'Errada' })),
      },
    };
    await tutor.workspace().store.replace([leaky]);
    const built = await value(tutor, 'packs:build', { filter: {}, ids: ['demo-001'], title: 'Lacrada', seal: true });
    const questions = JSON.parse((await entries(built.data)).get('questions.json')?.toString() ?? '{}') as {
      questions: { q: Record<string, unknown> & { alternatives: Record<string, unknown>[] } }[];
    };
    const [sealed] = questions.questions;
    expect(Object.keys(sealed?.q ?? {}).sort()).toEqual(
      ['alternatives', 'correctAlternative', 'exam', 'id', 'statement', 'subject']
        .concat(
          sealed?.q.year === undefined ? [] : ['year'],
          sealed?.q.difficulty === undefined ? [] : ['difficulty'],
          sealed?.q.imageUrl === undefined ? [] : ['imageUrl'],
        )
        .sort(),
    );
    for (const alternative of sealed?.q.alternatives ?? [])
      expect(Object.keys(alternative).filter((k) => !['id', 'letter', 'text', 'imageUrl'].includes(k))).toEqual([]);
    const text = JSON.stringify(questions);
    for (const leak of ['resolution', 'answerLetter', 'gabarito', 'feedback', 'Certa!'])
      expect(text).not.toContain(leak);
  });

  it('sealing shuffles the alternatives once: the demo’s skewed keys (35 of 44 on B or C) no longer show', async () => {
    const { services: tutor } = await profile();
    await value(tutor, 'packs:import-demo', {});
    const ids = QUESTIONS.map((_, i) => `demo-${String(i + 1).padStart(3, '0')}`);
    const built = await value(tutor, 'packs:build', { filter: {}, ids, title: 'Lacrada', seal: true });
    // The student releases it and reads the keys where the sealed file put them.
    const { services: student } = await profile();
    const { pack } = await value(student, 'packs:import', { data: built.data });
    await value(student, 'packs:release', { id: pack.id, code: built.releaseCode ?? '' });
    const letters = new Map<string, number>();
    for (const id of ids) {
      const store = student.workspace().store;
      const record = (await store.loadOne(id)) ?? (await store.loadOne(`pack:${pack.id}:${id}`));
      const letter = record?.q.alternatives.find((a) => a.id === record.correctId)?.letter ?? '?';
      letters.set(letter, (letters.get(letter) ?? 0) + 1);
    }
    // Same questions, same texts: the right alternative kept its text.
    expect([...letters.values()].reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect(letters.get('?')).toBeUndefined();
    // Uniform would put ~9 on each letter; B and C together held 35 before sealing.
    expect((letters.get('B') ?? 0) + (letters.get('C') ?? 0)).toBeLessThan(30);
  });

  it('the student’s exam waits ungraded; a wrong code changes nothing; the right one grades it', async () => {
    const { built, ids } = await sealedPack();
    const opened = await profile();
    let student = opened.services;
    const { dir } = opened;
    await value(student, 'packs:import', { data: built.data });
    const packs = await value(student, 'packs:list', {});
    const pack = packs.find((p) => p.title === 'Prova lacrada');
    expect(pack?.sealed).toEqual({ released: false });
    const request = { sources: [`pack:${pack?.id ?? ''}`], questionIds: ids, count: ids.length };
    // Practice would check each answer at once: there is no key yet.
    const practice = await handle(student.handlers, 'exam:start', {
      request,
      settings: { title: 'Prova', mode: 'practice', timeLimitMinutes: null, strict: false },
    });
    expect(practice.ok || practice.error.code).toBe('sealed-pack');
    const state = await value(student, 'exam:start', {
      request,
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 4 },
    });
    // Answer each with the alternative whose text is the demo source's right one, but for two.
    const right = new Map(QUESTIONS.map((q) => [q.statement, q.alternatives[q.correct]]));
    for (const q of state.questions) {
      const choice = q.alternatives.findIndex((a) => a.text === right.get(q.statement));
      await value(student, 'exam:answer', {
        attemptId: state.attemptId,
        index: q.index,
        choice: q.index < 2 ? (choice + 1) % q.alternatives.length : choice,
      });
    }
    const waiting = await value(student, 'exam:submit', { attemptId: state.attemptId });
    expect(waiting.awaitingRelease).toBe(true);
    expect(waiting.score.hidden).toBe(ids.length);
    for (const q of waiting.questions) {
      expect([q.isCorrect, q.correctChoice, q.explanation]).toEqual([null, null, null]);
      expect(q.alternatives.every((a) => a.originalLetter === null)).toBe(true);
    }
    expect((await value(student, 'exam:history', {}))[0]).toMatchObject({ correct: null, awaitingRelease: true });
    expect((await value(student, 'notebook:list', { filter: {} })).length).toBe(0);
    const record = (await value(student, 'catalog:query', { filter: {}, offset: 0, limit: 10 })).items[0];
    expect((await value(student, 'catalog:reveal', { id: record?.id ?? '' })).correctAlternativeId).toBeNull();

    // A restart while the exam waits opens from the catalog's saved index, reading no question's body
    // (start-up stays light).
    await student.close();
    student = (await profile(dir)).services;
    // The sidebar's first call waits for the notebook's start-up catch-up: it must not need a body.
    expect((await value(student, 'notebook:overview', {})).total).toBe(0);
    expect(student.workspace().store.fromIndex).toBe(true);
    expect(student.workspace().store.bodyReads).toBe(0);

    const wrong = await handle(student.handlers, 'packs:release', { id: pack?.id ?? '', code: 'AAAA-BBBB-CCCC' });
    expect(wrong.ok || wrong.error.code).toBe('wrong-code');
    expect((await value(student, 'exam:result', { attemptId: state.attemptId })).awaitingRelease).toBe(true);

    // Typed as people do: lower case, spaces instead of dashes.
    const typed = (built.releaseCode ?? '').toLowerCase().replace(/-/g, ' ');
    const released = await value(student, 'packs:release', { id: pack?.id ?? '', code: typed });
    expect(released.released).toBe(1);
    expect(released.packs.find((p) => p.id === pack?.id)?.sealed).toEqual({ released: true });
    const graded = await value(student, 'exam:result', { attemptId: state.attemptId });
    expect(graded.awaitingRelease).toBe(false);
    expect(graded.score).toMatchObject({ correct: ids.length - 2, hidden: 0 });
    expect(graded.questions.find((q) => q.explanation?.text.includes('Resolução secreta'))).toBeDefined();
    // The misses reach the notebook once graded.
    expect((await value(student, 'notebook:list', { filter: {} })).length).toBe(2);
    await student.close();
    const again = await profile(dir);
    expect((await value(again.services, 'exam:result', { attemptId: state.attemptId })).score.correct).toBe(
      ids.length - 2,
    );
  });

  it('two releases at once (a double click) grade each exam once, and everything is there after a restart', async () => {
    const { built, ids } = await sealedPack();
    const { services: student, dir } = await profile();
    await value(student, 'packs:import', { data: built.data });
    const id = (await value(student, 'packs:list', {})).find((p) => p.sealed)?.id ?? '';
    for (let n = 0; n < 3; n++) {
      const state = await value(student, 'exam:start', {
        request: { sources: [`pack:${id}`], questionIds: ids, count: ids.length },
        settings: { title: `Prova ${n}`, mode: 'timed', timeLimitMinutes: 30, strict: true, seed: n },
      });
      await value(student, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 0 });
      await value(student, 'exam:submit', { attemptId: state.attemptId });
    }
    const code = built.releaseCode ?? '';
    const [a, b] = await Promise.all([
      value(student, 'packs:release', { id, code }),
      value(student, 'packs:release', { id, code }),
    ]);
    expect(a.released + b.released).toBe(3);
    const history = await value(student, 'exam:history', {});
    expect(history.every((h) => !h.awaitingRelease && h.correct !== null)).toBe(true);
    await student.close();
    const again = await profile(dir);
    const after = await value(again.services, 'exam:history', {});
    expect(after.map((h) => h.correct)).toEqual(history.map((h) => h.correct));
  });

  it('the tutor’s report of a sealed pack needs its code; with it, the figures', async () => {
    const { built, ids } = await sealedPack();
    const { services: student } = await profile();
    await value(student, 'packs:import', { data: built.data });
    const id = (await value(student, 'packs:list', {})).find((p) => p.sealed)?.id ?? '';
    const state = await value(student, 'exam:start', {
      request: { sources: [`pack:${id}`], questionIds: ids, count: ids.length },
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true },
    });
    await value(student, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 0 });
    await value(student, 'exam:submit', { attemptId: state.attemptId });
    const file = await value(student, 'class:export-result', { attemptId: state.attemptId, student: 'Ana' });
    const { services: tutor } = await profile();
    const results = [{ name: file.fileName, data: new Uint8Array(file.data) }];
    const without = await handle(tutor.handlers, 'class:report', { pack: built.data, results });
    expect(without.ok || without.error.code).toBe('sealed-pack');
    const wrong = await handle(tutor.handlers, 'class:report', { pack: built.data, results, code: 'AAAA-BBBB-CCCC' });
    expect(wrong.ok || wrong.error.code).toBe('wrong-code');
    const report = await value(tutor, 'class:report', { pack: built.data, results, code: built.releaseCode ?? '' });
    expect(report.accepted).toHaveLength(1);
    expect(report.items.every((item) => /^[A-E]$/.test(item.key))).toBe(true);
  });
});

describe('sealed packs outside the exam: notebook, CLI report and print', () => {
  it('a sealed question joins no notebook before its release; after, it does', async () => {
    const { built, ids } = await sealedPack();
    const { services: student } = await profile();
    const { pack } = await value(student, 'packs:import', { data: built.data });
    const first = ids[0] ?? '';
    const before = await handle(student.handlers, 'notebook:add', { ref: { questionId: first } });
    expect(before.ok || before.error.code).toBe('sealed-pack');
    const state = await value(student, 'exam:start', {
      request: { sources: [`pack:${pack.id}`], questionIds: ids, count: ids.length },
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 2 },
    });
    await value(student, 'exam:submit', { attemptId: state.attemptId });
    const fromResult = await handle(student.handlers, 'notebook:add', {
      ref: { attemptId: state.attemptId, index: 0 },
    });
    expect(fromResult.ok || fromResult.error.code).toBe('sealed-pack');
    expect((await value(student, 'notebook:overview', {})).total).toBe(0);
    await value(student, 'packs:release', { id: pack.id, code: built.releaseCode ?? '' });
    expect((await value(student, 'notebook:add', { ref: { questionId: first } })).id).toBe(first);
  });

  it('cli class report and print booklet need the code of a sealed pack, and refuse a wrong one', async () => {
    const { built, ids } = await sealedPack();
    const { services: student } = await profile();
    const { pack } = await value(student, 'packs:import', { data: built.data });
    const state = await value(student, 'exam:start', {
      request: { sources: [`pack:${pack.id}`], questionIds: ids, count: ids.length },
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 3 },
    });
    for (const q of state.questions)
      await value(student, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice: 0 });
    await value(student, 'exam:submit', { attemptId: state.attemptId });
    const file = await value(student, 'class:export-result', { attemptId: state.attemptId, student: 'Ana' });
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const packFile = join(temp.dir, 'lacrada.exampack');
    await writeFile(packFile, built.data);
    await mkdir(join(temp.dir, 'results'));
    await writeFile(join(temp.dir, 'results', file.fileName), file.data);
    const report = (extra: string[]) =>
      runCli(['class', 'report', '--pack', packFile, '--results', join(temp.dir, 'results'), '--json', ...extra]);
    const withoutCode = await report([]);
    expect(withoutCode.code).toBe(2);
    expect(withoutCode.stderr).toContain('--code');
    const wrong = await report(['--code', 'AAAA-BBBB-CCCC']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('wrong release code');
    const right = await report(['--code', built.releaseCode ?? '']);
    expect(right.code).toBe(0);
    const parsed = JSON.parse(right.stdout) as { questions: { key: string }[]; accepted: unknown[] };
    expect(parsed.accepted).toHaveLength(1);
    for (const q of parsed.questions) expect(q.key).toMatch(/^[A-E]$/);

    const print = (extra: string[]) =>
      runCli([
        'print',
        'booklet',
        '--data-dir',
        join(temp.dir, 'tutor-data'),
        '--pack',
        packFile,
        '--out',
        join(temp.dir, 'print'),
        '--json',
        ...extra,
      ]);
    const unopened = await print([]);
    expect(unopened.code).toBe(2);
    expect(unopened.stderr).toContain('--code');
    const printed = await print(['--code', built.releaseCode ?? '']);
    expect(printed.code).toBe(0);
    const key = await pdfText(await readFile(join(temp.dir, 'print', 'key.pdf')));
    const keyText = key
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    // Every question's line names a letter: none is a dash where a sealed key would have been.
    for (let n = 1; n <= ids.length; n++)
      expect(keyText, `question ${n}`).toMatch(new RegExp(`${String(n).padStart(2, '0')} [A-E] \\(questão`));
  });
});

describe('release journals found at start', () => {
  it('a damaged or forged journal opens nothing: the app starts, the pack stays sealed, the journal goes', async () => {
    const { built, ids } = await sealedPack();
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    let student = await nodeServices({ dataDir: temp.dir });
    const { pack } = await value(student, 'packs:import', { data: built.data });
    const state = await value(student, 'exam:start', {
      request: { sources: [`pack:${pack.id}`], questionIds: ids, count: ids.length },
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 6 },
    });
    await value(student, 'exam:submit', { attemptId: state.attemptId });
    await student.close();
    const sealedDir = join(temp.dir, 'sealed');
    const journals = {
      torn: join(sealedDir, `${pack.id}.release.json`),
      // Well-formed, but for a pack this profile does not hold: a file someone put there.
      stranger: join(sealedDir, 'other-pack.release.json'),
    };
    await writeFile(journals.torn, '{"id":"' + pack.id + '","payload":{"keys":{');
    await writeFile(journals.stranger, JSON.stringify({ id: 'other-pack', payload: { keys: {}, explanations: {} } }));
    student = await nodeServices({ dataDir: temp.dir });
    cleanups.push(() => student.close());
    expect((await value(student, 'packs:list', {})).find((p) => p.id === pack.id)?.sealed).toEqual({ released: false });
    expect((await value(student, 'exam:result', { attemptId: state.attemptId })).awaitingRelease).toBe(true);
    for (const file of Object.values(journals))
      expect(
        await readFile(file).then(
          () => 'present',
          () => 'gone',
        ),
        file,
      ).toBe('gone');
    // The real code still releases it afterwards.
    await value(student, 'packs:release', { id: pack.id, code: built.releaseCode ?? '' });
    expect((await value(student, 'exam:result', { attemptId: state.attemptId })).awaitingRelease).toBe(false);
  });
});

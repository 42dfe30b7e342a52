// The tutor's class loop through the bridge: students take a pack's exam in their own profiles and
// export result files; the tutor's report matches them to the pack and its figures agree with what
// each student's own result says. Hostile and mismatched files are refused by name.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { simulateClass, simulateSittings } from '../support/irt-sim.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamResult } from '../../preload/contract.js';
import { handle } from '../../main/app/handle.js';
import { callValue } from '../support/bridge-call.js';
import { readResultFile, writeResultFile } from '../../main/core/class/result-file.js';
import { nodeServices } from '../support/node-services.js';
import { runCli } from '../support/run-node.js';
import { tempDir } from '../support/temp.js';
import { killedOnFirstJob } from '../support/worker.js';
import { sampleQuestion } from '../support/questions.js';
import { toStored } from '../../main/core/catalog/store.js';
import { writeFile, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const value = callValue;

async function profile() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const services = await nodeServices({ dataDir: temp.dir });
  cleanups.push(() => services.close());
  await value(services, 'packs:import-demo', {});
  return services;
}

const DEMO = 'assets/demo.exampack';
/** The tutor's fixed exam: ten of the demo pack's questions. */
const IDS = Array.from({ length: 10 }, (_, i) => `demo-${String(i + 1).padStart(3, '0')}`);

/** One student takes the pack's exam in their own profile (own shuffle), answering by `pick`. */
async function student(name: string, pick: (index: number) => number, seed: number) {
  const services = await profile();
  const state = await value(services, 'exam:start', {
    request: { sources: ['pack:demo-pack'], questionIds: IDS, count: IDS.length },
    settings: { title: 'Simulado da turma', mode: 'timed', timeLimitMinutes: 30, strict: true, seed },
  });
  for (const q of state.questions) {
    await value(services, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice: pick(q.index) });
  }
  const result = await value(services, 'exam:submit', { attemptId: state.attemptId });
  const file = await value(services, 'class:export-result', { attemptId: state.attemptId, student: name });
  return { services, result, file };
}

/** The original letter each question was answered with, by question statement. */
const originalChoices = (result: ExamResult) =>
  new Map(
    result.questions.map((q) => [q.statement, q.chosen === null ? null : q.alternatives[q.chosen]?.originalLetter]),
  );

/**
 * A tutor's profile and the demo pack, and result files of the pack's exam answered by simulated
 * rows (1 right, 0 a wrong letter), one student per row, from one real student's file.
 */
async function classOf() {
  const ana = await student('Ana', () => 1, 31);
  const { checksum: _checksum, ...body } = readResultFile(ana.file.data);
  const tutor = await profile();
  const pack = new Uint8Array(await readFile(DEMO));
  const keys = new Map(
    (
      await value(tutor, 'class:report', { pack, results: [{ name: 'ana.examresult', data: ana.file.data }] })
    ).questions.map((q) => [q.id, q.key]),
  );
  const filesOf = (rows: number[][], submittedAt = body.attempt.submittedAt) =>
    rows.map((row, s) => ({
      name: `aluno-${s + 1}.examresult`,
      data: new TextEncoder().encode(
        writeResultFile({
          ...body,
          student: `Aluno ${String(s + 1).padStart(2, '0')}`,
          attempt: { ...body.attempt, submittedAt },
          answers: body.answers.map((answer, j) => {
            const key = keys.get(answer.questionId) ?? 'A';
            return { ...answer, choice: row[j] === 1 ? key : 'ABCDE'.replace(key, '').charAt(s % 4) };
          }),
        }),
      ),
    }));
  return { tutor, pack, filesOf };
}

describe('the class report', () => {
  it('matches every student’s own score, and counts each original letter whatever the shuffle', async () => {
    const students = [
      await student('Ana Souza', () => 0, 11),
      await student('Bruno Lima', (i) => i % 5, 12),
      await student('Clara Dias', (i) => (i * 3) % 4, 13),
    ];
    const tutor = await profile();
    const pack = new Uint8Array(await readFile(DEMO));
    const report = await value(tutor, 'class:report', {
      pack,
      results: students.map((s) => ({ name: s.file.fileName, data: s.file.data })),
    });
    expect(report.rejected).toEqual([]);
    expect(report.accepted.map((a) => a.student)).toEqual(['Ana Souza', 'Bruno Lima', 'Clara Dias']);
    expect(report.questions.map((q) => q.id).sort()).toEqual([...IDS].sort());
    for (const [n, s] of students.entries()) {
      expect(report.students[n]?.correct, s.file.student).toBe(s.result.score.correct);
      expect(report.students[n]?.total).toBe(10);
    }
    // Each item's letter counts are the letters the students chose, read from their own reviews.
    for (const [i, question] of report.questions.entries()) {
      const chosen = students.map((s) => {
        const statement = s.result.questions.find((q) => q.statement.startsWith(question.statement))?.statement ?? '';
        return originalChoices(s.result).get(statement) ?? null;
      });
      for (const d of report.items[i]?.distractors ?? []) {
        expect(d.count, `${question.id} ${d.letter}`).toBe(chosen.filter((c) => c === d.letter).length);
      }
    }
    expect(Object.keys(report.csv).sort()).toEqual(
      [
        'areas.csv',
        'distractors.csv',
        'files.csv',
        'information.csv',
        'items.csv',
        'students.csv',
        'subjects.csv',
        'test.csv',
      ].sort(),
    );
    // The test-level figures agree with the students' own scores.
    const scores = students.map((s) => s.result.score.correct);
    const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
    expect(report.test.mean).toBeCloseTo(mean, 10);
    expect(report.test.students).toBe(students.length);
    expect(report.test.sd).toBeCloseTo(
      Math.sqrt(scores.reduce((x, y) => x + (y - mean) ** 2, 0) / (scores.length - 1)),
      10,
    );
    expect(report.csv['students.csv']).toContain('Ana Souza');
    // As a spreadsheet reads them (papaparse, dynamic typing): every figure is a number it can
    // sort and average, negative ones included; names stay text.
    const table = (name: string) =>
      Papa.parse<Record<string, unknown>>((report.csv[name] ?? '').replace('\uFEFF', ''), {
        header: true,
        dynamicTyping: true,
        skipEmptyLines: true,
      }).data;
    for (const row of table('items.csv'))
      for (const column of ['number', 'facility', 'point_biserial', 'upper_lower', 'blank', 'sd'])
        expect(
          typeof row[column] === 'number' || row[column] === null,
          `items.csv ${column}: ${String(row[column])}`,
        ).toBe(true);
    for (const row of table('students.csv')) {
      expect(typeof row.student).toBe('string');
      for (const [column, value] of Object.entries(row))
        // The TRI's columns are empty in a class too small to calibrate (two students here).
        if (column !== 'student')
          expect(
            column.startsWith('tri_') ? value === null || typeof value === 'number' : typeof value === 'number',
            `students.csv ${column}`,
          ).toBe(true);
    }
    for (const name of Object.keys(report.csv)) expect(report.csv[name], name).not.toMatch(/(^|,)'-\d/m);
    // Every exported file is valid against the documented JSON Schema.
    const schema = JSON.parse(await readFile('docs/schemas/result-file.schema.json', 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    for (const s of students) {
      const valid = validate(JSON.parse(new TextDecoder().decode(s.file.data)));
      expect(valid, JSON.stringify(validate.errors)).toBe(true);
    }
    // The name is remembered for the next export.
    expect((await value(students[0]?.services ?? tutor, 'settings:get', {})).studentName).toBe('Ana Souza');
  });

  it('refuses, by name, a file of another pack, of a changed pack, a corrupted one, garbage and an oversized one; flags a student twice', async () => {
    const ana = await student('Ana', () => 1, 21);
    const again = await value(ana.services, 'class:export-result', {
      attemptId: ana.result.attemptId,
      student: 'ana ',
    });
    const good = readResultFile(ana.file.data);
    const { checksum: _checksum, ...body } = good;
    const other = writeResultFile({ ...body, pack: { ...body.pack, id: 'outro-pacote' } });
    const changed = writeResultFile({ ...body, pack: { ...body.pack, contentHash: 'a'.repeat(64) } });
    const tampered = new TextDecoder().decode(ana.file.data).replace('"choice": "B"', '"choice": "C"');
    expect(tampered).not.toBe(new TextDecoder().decode(ana.file.data));
    const encode = (text: string) => new TextEncoder().encode(text);
    const tutor = await profile();
    const report = await value(tutor, 'class:report', {
      pack: new Uint8Array(await readFile(DEMO)),
      results: [
        { name: 'ana.examresult', data: ana.file.data },
        { name: 'ana-de-novo.examresult', data: again.data },
        { name: 'outro.examresult', data: encode(other) },
        { name: 'mudado.examresult', data: encode(changed) },
        { name: 'adulterado.examresult', data: encode(tampered) },
        { name: 'lixo.examresult', data: encode('{"format": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}') },
        { name: 'vazio.examresult', data: new Uint8Array(0) },
        { name: 'enorme.examresult', data: new Uint8Array(600 * 1024).fill(0x20) },
      ],
    });
    expect(Object.fromEntries(report.rejected.map((r) => [r.file, r.reason]))).toEqual({
      'outro.examresult': 'other-pack',
      'mudado.examresult': 'changed-pack',
      'adulterado.examresult': 'checksum',
      'lixo.examresult': 'too-large',
      'vazio.examresult': 'invalid-json',
      'enorme.examresult': 'too-large',
    });
    expect(report.accepted).toHaveLength(1);
    expect(report.duplicates).toHaveLength(1);
    expect(report.students).toHaveLength(1);
  });

  it('exports only a pack’s exam, only once submitted', async () => {
    const services = await profile();
    // A synced question beside the pack's: an exam of both is no pack's exam.
    const workspace = services.workspace();
    await workspace.store.append([toStored(sampleQuestion(1), 'api:enem')]);
    const state = await value(services, 'exam:start', {
      request: { questionIds: ['q1', 'demo-001'], count: 2 },
      settings: { title: 'Livre', mode: 'timed', timeLimitMinutes: 30, strict: true },
    });
    const running = await handle(services.handlers, 'class:export-result', {
      attemptId: state.attemptId,
      student: 'Ana',
    });
    expect(running.ok).toBe(false);
    await value(services, 'exam:submit', { attemptId: state.attemptId });
    const notPack = await handle(services.handlers, 'class:export-result', {
      attemptId: state.attemptId,
      student: 'Ana',
    });
    expect(notPack.ok || notPack.error.code).toBe('invalid-argument');
    expect((await value(services, 'exam:result', { attemptId: state.attemptId })).pack).toBeNull();
  });

  it('cli class report prints the same figures as JSON and writes one CSV per table', async () => {
    const a = await student('Ana', () => 0, 31);
    const b = await student('Bia', (i) => i % 3, 32);
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const dir = temp.dir;
    await mkdir(join(dir, 'results'));
    await writeFile(join(dir, 'results', a.file.fileName), a.file.data);
    await writeFile(join(dir, 'results', b.file.fileName), b.file.data);
    await writeFile(join(dir, 'results', 'notes.txt'), 'not a result');
    const out = await runCli([
      'class',
      'report',
      '--pack',
      DEMO,
      '--results',
      join(dir, 'results'),
      '--json',
      '--csv',
      join(dir, 'csv'),
    ]);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout) as {
      accepted: unknown[];
      analysis: { students: { correct: number }[] };
      responses: unknown;
    };
    expect(report.accepted).toHaveLength(2);
    expect(report.analysis.students.map((s) => s.correct)).toEqual([a.result.score.correct, b.result.score.correct]);
    // The response matrix as rows of numbers (docs/class-report.md), one per student, each right
    // answer a 1: never a typed array written as an object of indices.
    const responses = report.responses as number[][];
    expect(Array.isArray(responses) && responses.every((row) => Array.isArray(row))).toBe(true);
    expect(responses.map((row) => row.filter((cell) => cell === 1).length)).toEqual([
      a.result.score.correct,
      b.result.score.correct,
    ]);
    const items = await readFile(join(dir, 'csv', 'items.csv'), 'utf8');
    expect(items.split('\r\n')[0]).toBe(
      '\uFEFFnumber,question_id,subject,key,facility,point_biserial,upper_lower,blank,mean_time_s,flags,sd,discriminative_efficiency,sat,irt_a,irt_b,irt_b_class_scale,irt_c,infit,outfit,misfit',
    );
    expect(items.trim().split('\r\n')).toHaveLength(11);
  });

  it('cli class report: a vanished or oversized file is refused by name and the rest of the report stands', async () => {
    const a = await student('Ana', () => 0, 41);
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const results = join(temp.dir, 'results');
    await mkdir(results);
    await writeFile(join(results, a.file.fileName), a.file.data);
    // Listed, then gone when read: a link to nothing.
    await symlink(join(temp.dir, 'nowhere.examresult'), join(results, 'sumiu.examresult'));
    await writeFile(join(results, 'grande.examresult'), Buffer.alloc(600 * 1024, 0x20));
    const out = await runCli(['class', 'report', '--pack', DEMO, '--results', results, '--json']);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout) as { accepted: unknown[]; rejected: { file: string; reason: string }[] };
    expect(report.accepted).toHaveLength(1);
    expect(report.rejected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'sumiu.examresult', reason: 'unreadable' }),
        expect.objectContaining({ file: 'grande.examresult', reason: 'too-large' }),
      ]),
    );
  });

  it('an exam whose questions all come from one pack is that pack’s exam, its source ticked or not', async () => {
    const services = await profile();
    const state = await value(services, 'exam:start', {
      request: { count: 5 },
      settings: { title: 'Livre', mode: 'timed', timeLimitMinutes: 30, strict: true },
    });
    await value(services, 'exam:submit', { attemptId: state.attemptId });
    expect((await value(services, 'exam:result', { attemptId: state.attemptId })).pack).toMatchObject({
      id: 'demo-pack',
    });
    const exported = await handle(services.handlers, 'class:export-result', {
      attemptId: state.attemptId,
      student: 'Ana',
    });
    expect(exported.ok).toBe(true);
  });

  it('gives a class of forty its own TRI: a score and its error per student, item fit and information, in the CSVs too; a class of two gets none, and says why', async () => {
    const { tutor, pack, filesOf } = await classOf();
    // Forty students of known proficiency answering a Rasch class's way (a seeded draw).
    const files = filesOf(simulateClass(40, 10, 77, 'rasch').responses);
    const report = await value(tutor, 'class:report', { pack, results: files });
    expect(report.students).toHaveLength(40);
    const tri = report.tri;
    if (tri.status !== 'ok') throw new Error(`no TRI: ${JSON.stringify(tri)}`);
    expect(tri.model).toBe('rasch');
    expect(tri.students).toHaveLength(40);
    // Rasch: more right answers, a higher score; every score with its error.
    const byCorrect = report.students.map((s, i) => ({ correct: s.correct, score: tri.students[i]?.score ?? 0 }));
    for (const x of byCorrect)
      for (const y of byCorrect) if (x.correct > y.correct) expect(x.score).toBeGreaterThan(y.score);
    expect(tri.students.every((s) => s.se > 10 && s.se < 100)).toBe(true);
    expect(tri.information).toHaveLength(17);
    // The CSVs carry it as numbers.
    const students = Papa.parse<Record<string, unknown>>((report.csv['students.csv'] ?? '').replace('\uFEFF', ''), {
      header: true,
      dynamicTyping: true,
    }).data.filter((row) => row.student);
    expect(
      students.every((row) => typeof row.tri_class_score === 'number' && typeof row.tri_class_se === 'number'),
    ).toBe(true);
    expect(report.csv['information.csv']?.split('\r\n').length).toBeGreaterThan(17);
    // Two students: no calibration, and the reason with the numbers.
    const two = await value(tutor, 'class:report', { pack, results: files.slice(0, 2) });
    expect(two.tri).toEqual({ status: 'refused', reason: 'too-few-students', needed: 30, have: 2 });
    // The worker dies while it calibrates: the TRI section is refused with its reason, the rest stands.
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const dying = killedOnFirstJob('irt');
    const fragile = await nodeServices({ dataDir: temp.dir, spawnWorker: dying.spawn });
    cleanups.push(() => fragile.close());
    const lost = await value(fragile, 'class:report', { pack, results: files });
    expect(dying.killed()).toBe(true);
    expect(lost.tri).toEqual({ status: 'refused', reason: 'failed', needed: 0, have: 40 });
    expect(lost.students).toEqual(report.students);
    expect(lost.items).toEqual(report.items);
    expect(Object.keys(lost.csv)).toEqual(Object.keys(report.csv));
  }, 120_000);

  it('puts a later simulado on the earlier report’s scale through its saved .examscale: the class’s growth shows, where alone each report is centred at 500; a file that is no scale refuses the link only', async () => {
    const { tutor, pack, filesOf } = await classOf();
    // The same forty students twice, a full standard deviation better the second time (the same ten questions).
    const world = simulateSittings(40, 10, 10, 1, 5);
    const first = await value(tutor, 'class:report', { pack, results: filesOf(world.earlier.responses) });
    const scaleFile = first.scaleFile;
    if (!scaleFile || first.tri.status !== 'ok') throw new Error('the first report has no scale');
    expect(scaleFile.fileName).toMatch(/\.examscale$/);
    const later = filesOf(world.later.responses, '2026-11-20T12:00:00.000Z');
    const alone = await value(tutor, 'class:report', { pack, results: later });
    const linked = await value(tutor, 'class:report', {
      pack,
      results: later,
      scale: new TextEncoder().encode(scaleFile.data),
    });
    if (alone.tri.status !== 'ok' || linked.tri.status !== 'ok') throw new Error('no TRI');
    const meanOf = (xs: { score: number }[]) => xs.reduce((sum, x) => sum + x.score, 0) / xs.length;
    // Alone, the later report is centred like the first: no growth to see.
    expect(Math.abs(meanOf(alone.tri.students) - meanOf(first.tri.students))).toBeLessThan(15);
    const link = linked.tri.link;
    if (link?.status !== 'ok') throw new Error(`no link: ${JSON.stringify(link)}`);
    expect(link.common).toBe(10);
    // A gain of one SD on the earlier scale is 100 points; the band is a true one and above zero.
    expect(link.growth - 1.96 * link.growthSe).toBeGreaterThan(0);
    expect(link.growth).toBeGreaterThan(40);
    expect(link.students).toHaveLength(40);
    // The rest of the report is the same with or without the link.
    expect(linked.students).toEqual(alone.students);
    expect(linked.tri.students).toEqual(alone.tri.students);
    // A file that is no scale: the link is refused by name, the report stands.
    const garbage = await value(tutor, 'class:report', {
      pack,
      results: later,
      scale: new TextEncoder().encode('{"format":"x"}'),
    });
    expect(garbage.tri.status === 'ok' && garbage.tri.link).toEqual({
      status: 'refused',
      reason: 'unreadable',
      problem: 'invalid-schema',
      common: 0,
      needed: 0,
    });
    expect(garbage.students).toEqual(alone.students);
    // The CLI reads the same scale and tells the same growth; its CSV folder holds its own scale.
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    await mkdir(join(temp.dir, 'results'));
    for (const file of later) await writeFile(join(temp.dir, 'results', file.name), file.data);
    await writeFile(join(temp.dir, scaleFile.fileName), scaleFile.data);
    const out = await runCli([
      'class',
      'report',
      '--pack',
      DEMO,
      '--results',
      join(temp.dir, 'results'),
      '--scale',
      join(temp.dir, scaleFile.fileName),
      '--csv',
      join(temp.dir, 'csv'),
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`growth ${link.growth.toFixed(0)} `);
    expect(await readFile(join(temp.dir, 'csv', 'demo-pack-2026-11-20.examscale'), 'utf8')).toContain(
      '"exam-practice-scale"',
    );
  }, 120_000);
});

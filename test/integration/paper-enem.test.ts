// The ENEM's day 1 on paper as the real booklet prints it, checked through the PDFs' text: the
// foreign-language questions open Linguagens as 01–05 in English, then 01–05 again in Spanish; the
// answer sheet has 90 rows and asks the language; grading reads the language the student marked.
// And a student's accommodation prints booklets of its own, never touching the class's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ApiQuestion } from '../../main/core/api/schemas.js';
import { toStored } from '../../main/core/catalog/store.js';
import { PRESETS } from '../../main/core/exams/builder.js';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { PaperExams, versionsOf, type PaperExamRecord } from '../../main/core/paper/paper-exam.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { pdfText } from '../support/pdf-read.js';
import { sampleQuestion } from '../support/questions.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const SUBJECTS = {
  por: 'Língua Portuguesa',
  ing: 'Língua Inglesa',
  esp: 'Língua Espanhola',
  his: 'História',
} as const;
/** What each subject's statements say: a reader of the booklet tells them apart by it. */
const SAYS = { por: 'Texto em português', ing: 'Read the text', esp: 'Lea el texto', his: 'Fato histórico' };

let n = 0;
function question(subject: keyof typeof SUBJECTS): ApiQuestion {
  n += 1;
  return {
    ...sampleQuestion(n, { subject: { id: subject, name: SUBJECTS[subject] } }),
    statement: `${SAYS[subject]} número ${n}.`,
  };
}

const day1 = PRESETS.find((p) => p.id === 'enem-day1');
if (!day1) throw new Error('no day 1 preset');

/** The app's services over a data folder whose catalog holds these many ENEM questions of each subject. */
async function enemServices(dir: string, counts: Record<keyof typeof SUBJECTS, number>): Promise<AppServices> {
  const ws = await openWorkspace(dir);
  await ws.store.append(
    Object.entries(counts).flatMap(([subject, count]) =>
      Array.from({ length: count }, () => toStored(question(subject as keyof typeof SUBJECTS), 'api:enem')),
    ),
  );
  await ws.close();
  const services = await nodeServices({ dataDir: dir });
  cleanups.push(() => services.close());
  return services;
}

let services: AppServices;
let record: PaperExamRecord;
const pdfs = new Map<string, string[]>();

beforeAll(async () => {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  // An ENEM catalog with more of each block than a booklet needs.
  services = await enemServices(temp.dir, { por: 45, ing: 7, esp: 6, his: 48 });
  const printed = await callValue(services, 'paper:print', {
    request: { ...day1.request, foreignLanguage: 'espanhol' },
    title: 'ENEM 1º dia',
    minutes: 330,
    versions: 2,
    seed: 5,
    accommodation: { enlarged: 18, extraMinutes: 60 },
  });
  for (const file of printed.files)
    pdfs.set(
      file.fileName.replace(`${printed.code}-`, ''),
      (await pdfText(file.data)).map((page) => page.text.replace(/\s+/g, ' ')),
    );
  const kept = await new PaperExams(join(temp.dir, 'paper')).get(printed.code);
  if (!kept) throw new Error('paper exam not kept');
  record = kept;
}, 120_000);

/** The booklet's questions as printed: number and what the statement says, in reading order. */
function printedQuestions(pages: string[]): { number: string; says: string }[] {
  const text = pages.slice(1).join(' ');
  return [...text.matchAll(/QUESTÃO (\d\d) (Texto em português|Read the text|Lea el texto|Fato histórico)/g)].map(
    (m) => ({ number: m[1] ?? '', says: m[2] ?? '' }),
  );
}

describe('the ENEM day-1 booklet', () => {
  it('prints 01–05 in English, then 01–05 again in Spanish, then Linguagens from 05, then Humanas, in every version', () => {
    expect(record.languageChoice).toBe(true);
    expect(record.questions).toHaveLength(5 + 5 + 40 + 45);
    for (const name of ['booklet-1.pdf', 'booklet-2.pdf']) {
      const printed = printedQuestions(pdfs.get(name) ?? []);
      const five = ['01', '02', '03', '04', '05'];
      expect(printed).toHaveLength(95);
      expect(printed.slice(0, 5)).toEqual(five.map((number) => ({ number, says: 'Read the text' })));
      expect(printed.slice(5, 10)).toEqual(five.map((number) => ({ number, says: 'Lea el texto' })));
      expect(printed.slice(10, 50).every((q) => q.says === 'Texto em português')).toBe(true);
      expect(printed.slice(50).every((q) => q.says === 'Fato histórico')).toBe(true);
      expect(printed.slice(10).map((q) => Number(q.number))).toEqual(Array.from({ length: 85 }, (_, i) => i + 6));
      const text = (pdfs.get(name) ?? []).join(' ');
      expect(text).toContain('LÍNGUA ESTRANGEIRA · INGLÊS');
      expect(text).toContain('LÍNGUA ESTRANGEIRA · ESPANHOL');
      expect(text.indexOf('LÍNGUA ESTRANGEIRA · INGLÊS')).toBeLessThan(text.indexOf('LÍNGUA ESTRANGEIRA · ESPANHOL'));
      expect(text).toContain('numeradas de 1 a 90');
      expect(text).toContain('As questões de 01 a 05 aparecem duas vezes');
    }
    // Each version its own order inside each block.
    const [a, b] = versionsOf(record);
    expect(a?.order).not.toEqual(b?.order);
  });

  it('the answer sheet has 90 rows and the language bubbles; the key names both 01s', () => {
    const sheet = pdfs.get('answer-sheet.pdf') ?? [];
    expect(sheet).toHaveLength(1);
    expect(sheet[0]).toContain('Língua estrangeira:');
    expect(sheet[0]).toMatch(/INGLÊS.*ESPANHOL/);
    expect(sheet[0]).toMatch(/\b90\b/);
    expect(sheet[0]).not.toMatch(/\b91\b/);
    const key = (pdfs.get('key.pdf') ?? []).join(' ');
    expect(key).toMatch(/01 ING [A-E]/);
    expect(key).toMatch(/01 ESP [A-E]/);
    expect(key).toContain('(espanhol) do caderno 1');
  });

  it('grades rows 01–05 in the language the student marked, and refuses to guess it', async () => {
    const version = versionsOf(record)[1];
    if (!version) throw new Error('no version 2');
    // The sheet's letters for a student of `language` who knows every answer.
    const sheetOf = (language: 'ingles' | 'espanhol') =>
      version.order
        .flatMap((index, position) => {
          const q = record.questions[index];
          const subject = q?.subject;
          const other = language === 'ingles' ? SUBJECTS.esp : SUBJECTS.ing;
          if (!q || subject === other) return [];
          const letter = (version.alternatives[position] ?? []).findIndex((o) => q.alternatives[o]?.id === q.correctId);
          return ['ABCDE'[letter] ?? '-'];
        })
        .join('');
    for (const language of ['ingles', 'espanhol'] as const) {
      const letters = sheetOf(language);
      expect(letters).toHaveLength(90);
      const right = await callValue(services, 'paper:grade', {
        code: record.code,
        version: 2,
        answers: letters,
        language,
      });
      expect(right.score).toMatchObject({ correct: 90, total: 90 });
      expect(right.paper).toMatchObject({ language });
    }
    // An English student's sheet graded as Spanish: rows 01–05 meet the other questions.
    const crossed = await callValue(services, 'paper:grade', {
      code: record.code,
      version: 2,
      answers: sheetOf('ingles'),
      language: 'espanhol',
    });
    expect(crossed.score.total).toBe(90);
    expect(crossed.score.correct).toBeLessThan(90);
    expect(crossed.score.correct).toBeGreaterThanOrEqual(85);
    const unsaid = await handle(services.handlers, 'paper:grade', {
      code: record.code,
      version: 2,
      answers: sheetOf('ingles'),
    });
    expect(unsaid.ok || unsaid.error).toEqual({ code: 'invalid-argument', params: { field: 'language' } });
    const listed = await callValue(services, 'paper:list', {});
    expect(listed[0]).toMatchObject({ code: record.code, questions: 90, languageChoice: true });
  });
});

describe('a catalog short of one language', () => {
  it('prints the chosen language only when the other cannot fill 01–05, and refuses when the chosen one cannot', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const short = await enemServices(temp.dir, { por: 45, ing: 6, esp: 3, his: 45 });
    const english = await callValue(short, 'paper:print', {
      request: { ...day1.request, foreignLanguage: 'ingles' },
      title: 'ENEM 1º dia',
      minutes: 330,
      versions: 1,
      seed: 1,
    });
    expect(english.languageChoice).toBe(false);
    const sheet = await pdfText(
      english.files.find((f) => f.fileName.endsWith('answer-sheet.pdf'))?.data ?? new Uint8Array(),
    );
    expect(sheet[0]?.text).not.toContain('Língua estrangeira');
    const booklet = await pdfText(
      english.files.find((f) => f.fileName.endsWith('booklet-1.pdf'))?.data ?? new Uint8Array(),
    );
    const printed = printedQuestions(booklet.map((p) => p.text.replace(/\s+/g, ' ')));
    expect(printed).toHaveLength(90);
    expect(printed.slice(0, 5).every((q) => q.says === 'Read the text')).toBe(true);
    expect(printed.some((q) => q.says === 'Lea el texto')).toBe(false);
    const spanish = await handle(short.handlers, 'paper:print', {
      request: { ...day1.request, foreignLanguage: 'espanhol' },
      title: 'ENEM 1º dia',
      minutes: 330,
      versions: 1,
    });
    expect(spanish.ok || spanish.error).toEqual({
      code: 'not-enough-questions',
      params: { blocks: 'linguagens-espanhol:3/5' },
    });
  }, 60_000);
});

describe('accommodations as a print option', () => {
  it('the class’s booklets give the class’s time; the student’s own give the extra time, in large type', () => {
    const classCover = pdfs.get('booklet-1.pdf')?.[0] ?? '';
    expect(classCover).toContain('5h30 (330 minutos)');
    expect(classCover).not.toMatch(/adicional|390/);
    const own = pdfs.get('booklet-1-atendimento.pdf') ?? [];
    expect(own[0]).toContain('CADERNO 1 · AZUL · AMPLIADO');
    expect(own[0]).toContain('tempo adicional de 60 minutos');
    expect(own[0]).toContain('6h30 (390 minutos)');
    // The same questions in the same order, in one column of 18-point type: many more pages.
    expect(printedQuestions(own)).toEqual(printedQuestions(pdfs.get('booklet-1.pdf') ?? []));
    expect(own.length).toBeGreaterThan(2 * (pdfs.get('booklet-1.pdf')?.length ?? 0));
    expect([...pdfs.keys()].sort()).toEqual(
      [
        'answer-sheet.pdf',
        'booklet-1-atendimento.pdf',
        'booklet-1.pdf',
        'booklet-2-atendimento.pdf',
        'booklet-2.pdf',
        'key.pdf',
      ].sort(),
    );
  });
});

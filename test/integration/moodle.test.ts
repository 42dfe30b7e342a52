// Moodle XML both ways: a pack exported and imported back gives the same questions and keys; the
// exported XML is what Moodle's importer reads (checked with an XML parser, structure by structure);
// Moodle's own shapes (categories, other types, several right answers, HTML, entities) map as
// documented; hostile XML is refused before anything is written.
import { readFile, writeFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it, onTestFinished } from 'vitest';
import { correctAlternativeId } from '../../main/core/catalog/answer-key.js';
import { shufflePolicy } from '../../main/core/exams/alternatives.js';
import {
  fromMoodleXml,
  MoodleError,
  moodleToPackFile,
  packFileToMoodle,
  textOf,
  toMoodleXml,
} from '../../main/core/packs/moodle.js';
import { readPack } from '../../main/core/packs/reader.js';
import type { PackQuestion } from '../../main/core/packs/format.js';
import { join } from 'node:path';
import { runCli } from '../support/run-node.js';
import { tempDir } from '../support/temp.js';

const DEMO = 'assets/demo.exampack';
const encode = (text: string) => new TextEncoder().encode(text);

/** What a question is, for comparison: statement, alternatives in order, the key's text, the solution. */
const essence = (question: PackQuestion, subjects: Map<string, string>) => ({
  statement: question.q.statement,
  alternatives: question.q.alternatives.map((a) => a.text),
  key: question.q.alternatives.find((a) => a.id === correctAlternativeId(question.q))?.text,
  subject: subjects.get(question.q.subject.id),
  explanation: (question.q as { explanation?: { text?: string } }).explanation?.text ?? null,
  image: Boolean(question.q.imageUrl),
});

describe('Moodle XML', () => {
  it('export → import gives the same questions, keys, subjects, solutions and images', async () => {
    const original = await readPack(await readFile(DEMO));
    const { xml, questions } = await packFileToMoodle(await readFile(DEMO));
    expect(questions).toBe(44);
    const pack = await moodleToPackFile(encode(xml), { title: 'Voltou do Moodle', appVersion: '0.1.0' });
    expect(pack.skipped).toEqual([]);
    const back = await readPack(pack.bytes);
    try {
      const subjectsA = new Map(original.content.subjects.map((s) => [s.id, s.name]));
      const subjectsB = new Map(back.content.subjects.map((s) => [s.id, s.name]));
      const byId = new Map(back.content.questions.map((q) => [q.id, q]));
      expect(back.content.questions).toHaveLength(original.content.questions.length);
      for (const question of original.content.questions) {
        const returned = byId.get(question.id);
        expect(returned, question.id).toBeDefined();
        if (returned) expect(essence(returned, subjectsB), question.id).toEqual(essence(question, subjectsA));
      }
      // The images came back byte for byte.
      expect(back.images.size).toBe(original.images.size);
    } finally {
      await original.dispose();
      await back.dispose();
    }
  });

  it('writes what Moodle reads: categories per subject, multichoice with one 100% answer, shuffled, files inline', async () => {
    const { xml } = await packFileToMoodle(await readFile(DEMO));
    const parsed = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      attributeNamePrefix: '@_',
      isArray: (name) => ['question', 'answer', 'file'].includes(name),
    }).parse(xml) as {
      quiz: { question: Record<string, unknown>[] };
    };
    const all = parsed.quiz.question;
    const categories = all.filter((q) => q['@_type'] === 'category');
    const choices = all.filter((q) => q['@_type'] === 'multichoice');
    expect(categories.length).toBe(4);
    expect(choices).toHaveLength(44);
    for (const category of categories) {
      expect(String((category.category as { text: string }).text)).toMatch(/^\$course\$\/top\/Exam Practice\/.+/);
    }
    for (const q of choices) {
      const answers = q.answer as { '@_fraction': string }[];
      expect(answers.filter((a) => a['@_fraction'] === '100')).toHaveLength(1);
      expect(answers.filter((a) => a['@_fraction'] === '0')).toHaveLength(answers.length - 1);
      expect(q.single).toBe('true');
      // Shuffled, unless an alternative the app keeps in place ("Todas as anteriores"…) is there.
      const texts = (q.answer as { text: string }[]).map((a) => textOf(String(a.text)));
      const policy = shufflePolicy(texts);
      expect(q.shuffleanswers).toBe(policy.shuffle && policy.pinned.size === 0 ? 'true' : 'false');
      expect(q.answernumbering).toBe('ABCD');
    }
    const withFile = choices.filter((q) => Array.isArray((q.questiontext as { file?: unknown[] }).file));
    expect(withFile.length).toBeGreaterThan(0);
    for (const q of withFile) {
      const text = q.questiontext as { text: string; file: { '@_name': string; '@_encoding': string }[] };
      expect(text.text).toContain(`@@PLUGINFILE@@/${text.file[0]?.['@_name'] ?? ''}`);
      expect(text.file[0]?.['@_encoding']).toBe('base64');
    }
  });

  it('reads Moodle’s own shapes: HTML and entities as text, categories as subjects, others skipped with a reason', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Turma A/Física</text></category></question>
  <question type="multichoice">
    <name><text>Velocidade</text></name>
    <questiontext format="html"><text><![CDATA[<p>Um carro percorre 100&nbsp;km em 2&#160;h.</p><p>Qual a velocidade m&eacute;dia? 3 &lt; 4</p>]]></text></questiontext>
    <generalfeedback format="html"><text>&lt;p&gt;v = d/t&lt;/p&gt;</text></generalfeedback>
    <single>true</single>
    <answer fraction="0"><text>25 km/h</text></answer>
    <answer fraction="100"><text><![CDATA[<b>50</b> km/h]]></text></answer>
    <answer fraction="0"><text>200 km/h</text></answer>
  </question>
  <question type="truefalse"><name><text>VF</text></name><questiontext><text>x</text></questiontext></question>
  <question type="multichoice"><name><text>Duas certas</text></name><questiontext><text>y</text></questiontext>
    <single>false</single><answer fraction="50"><text>a</text></answer><answer fraction="50"><text>b</text></answer></question>
</quiz>`;
    const imported = await fromMoodleXml(encode(xml));
    expect(imported.skipped).toEqual([
      { name: 'VF', reason: 'type' },
      { name: 'Duas certas', reason: 'no-single-answer' },
    ]);
    expect(imported.content.questions).toHaveLength(1);
    const q = imported.content.questions[0]?.q;
    expect(q?.statement).toBe('Um carro percorre 100 km em 2 h.\n\nQual a velocidade média? 3 < 4');
    expect(q?.alternatives.map((a) => a.text)).toEqual(['25 km/h', '50 km/h', '200 km/h']);
    expect(q && correctAlternativeId(q)).toBe(q?.alternatives[1]?.id);
    expect(imported.content.subjects.map((s) => s.name)).toEqual(['Física']);
    expect((q as { explanation?: { text: string } }).explanation?.text).toBe('v = d/t');
  });

  it('refuses a DOCTYPE (entity bombs, external files), garbage and oversized input', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`;
    const external = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>`;
    for (const [input, code] of [
      [bomb, 'doctype'],
      [external, 'doctype'],
      ['not xml at all', 'not-moodle-xml'],
      ['<html><body/></html>', 'not-moodle-xml'],
    ] as const) {
      const refusal: unknown = await fromMoodleXml(encode(input)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal, input.slice(0, 30)).toBeInstanceOf(MoodleError);
      expect((refusal as MoodleError).code).toBe(code);
    }
    await expect(fromMoodleXml(new Uint8Array(64 * 1024 * 1024 + 1))).rejects.toThrow('too-large');
  });

  it('keeps "Todas/Nenhuma das anteriores" in place in Moodle too, exports a solution’s figure, and reads it back', async () => {
    const temp = await tempDir();
    onTestFinished(temp.cleanup);
    const svg = await readFile(join('assets/demo/images', 'matriz-eletrica.svg'));
    const question = (id: string, texts: string[], solution?: { text: string; imageUrl: string }) => ({
      id,
      q: {
        id,
        statement: `Questão ${id}`,
        imageUrl: null,
        subject: { id: 's', name: 'Física' },
        exam: null,
        alternatives: texts.map((text, i) => ({
          id: `${id}-${i}`,
          letter: 'ABCDE'.charAt(i),
          text,
          imageUrl: null,
          isCorrect: i === 0,
        })),
        correctAlternative: `${id}-0`,
        ...(solution && { explanation: solution }),
      },
      year: null,
      difficulty: null,
    });
    const content = {
      questions: [
        question('free', ['1', '2', '3', '4'], { text: 'Veja a figura.', imageUrl: 'https://img.test/sol.svg' }),
        question('pinned', ['1', '2', '3', 'Todas as anteriores']),
      ],
      exams: [],
      subjects: [{ id: 's', name: 'Física' }],
      images: {},
    };
    const figure = { bytes: svg, mime: 'image/svg+xml' };
    const xml = await toMoodleXml(content as never, (url) => (url === 'https://img.test/sol.svg' ? figure : null));
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      isArray: (n) => ['question', 'answer', 'file'].includes(n),
    }).parse(xml) as {
      quiz: { question: Record<string, unknown>[] };
    };
    const byId = new Map(
      parsed.quiz.question.filter((q) => q['@_type'] === 'multichoice').map((q) => [String(q.idnumber), q]),
    );
    expect(byId.get('free')?.shuffleanswers).toBe('true');
    expect(byId.get('pinned')?.shuffleanswers).toBe('false');
    const feedback = byId.get('free')?.generalfeedback as { text: string; file: { '@_name': string }[] };
    expect(feedback.text).toContain(`@@PLUGINFILE@@/${feedback.file[0]?.['@_name'] ?? 'none'}`);
    // Read back: the solution keeps its figure.
    const back = await fromMoodleXml(encode(xml));
    const solution = (
      back.content.questions.find((q) => q.id === 'free')?.q as { explanation?: { text: string; imageUrl?: string } }
    ).explanation;
    expect(solution?.text).toBe('Veja a figura.');
    expect(solution?.imageUrl).toMatch(/^moodle-file:[0-9a-f]{64}$/);
    expect(back.images.get(solution?.imageUrl?.slice('moodle-file:'.length) ?? '')?.bytes.equals(svg)).toBe(true);
  });

  it('reads the older <image>/<image_base64> picture as the statement’s figure', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const xml = `<quiz><question type="multichoice"><name><text>Antiga</text></name>
      <questiontext format="html"><text>Observe a figura.</text></questiontext>
      <image>figura.png</image><image_base64>${png.toString('base64')}</image_base64>
      <answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer>
    </question></quiz>`;
    const imported = await fromMoodleXml(encode(xml));
    const url = imported.content.questions[0]?.q.imageUrl ?? '';
    expect(url).toMatch(/^moodle-file:/);
    expect(imported.images.get(imported.content.images[url] ?? '')?.bytes.equals(png)).toBe(true);
  });

  it('a valid file with no question it can import is refused by why, each left-out question counted', async () => {
    const xml = `<quiz>
      <question type="truefalse"><name><text>VF</text></name><questiontext><text>x</text></questiontext></question>
      <question type="essay"><name><text>Redação</text></name><questiontext><text>y</text></questiontext></question>
      <question type="multichoice"><name><text>Uma só</text></name><questiontext><text>z</text></questiontext>
        <answer fraction="100"><text>a</text></answer></question>
    </quiz>`;
    const refusal = await moodleToPackFile(encode(xml), { title: 'Vazio', appVersion: '0.1.0' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(MoodleError);
    expect((refusal as MoodleError).code).toBe('no-questions');
    expect((refusal as MoodleError).skipped).toEqual({ type: 2, 'too-few-answers': 1 });
  });

  it('cli pack moodle-export and moodle-import round-trip a pack file', async () => {
    const temp = await tempDir();
    const dir = temp.dir;
    onTestFinished(() => temp.cleanup());
    const xml = join(dir, 'demo.xml');
    const out = join(dir, 'back.exampack');
    const exported = await runCli(['pack', 'moodle-export', DEMO, '--out', xml, '--json']);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({ out: xml, questions: 44 });
    const imported = await runCli(['pack', 'moodle-import', xml, '--out', out, '--title', 'Volta', '--json']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ questions: 44, skipped: [] });
    const inspect = await runCli(['pack', 'inspect', out, '--json']);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ integrity: 'ok', counts: { questions: 44 } });
    const bad = await runCli(['pack', 'moodle-import', DEMO, '--out', out, '--title', 'x']);
    expect(bad.code).toBe(5);
  });

  it('the CLI says what the app says: the no-questions refusal and each left-out question with its reason', async () => {
    const temp = await tempDir();
    onTestFinished(() => temp.cleanup());
    const none = join(temp.dir, 'nenhuma.xml');
    await writeFile(
      none,
      `<quiz>
        <question type="truefalse"><name><text>VF</text></name><questiontext><text>x</text></questiontext></question>
        <question type="multichoice"><name><text>Uma só</text></name><questiontext><text>z</text></questiontext>
          <answer fraction="100"><text>a</text></answer></question>
      </quiz>`,
    );
    const refused = await runCli([
      'pack',
      'moodle-import',
      none,
      '--out',
      join(temp.dir, 'x.exampack'),
      '--title',
      'x',
    ]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('no multiple-choice question with a single right answer');
    expect(refused.stderr).not.toContain('not Moodle XML');
    expect(refused.stderr).toContain('VF: not imported (not multiple choice)');
    expect(refused.stderr).toContain('Uma só: not imported (fewer than two answers)');
    // Imported with one left out: the summary names it too.
    const some = join(temp.dir, 'algumas.xml');
    await writeFile(
      some,
      `<quiz>
        <question type="essay"><name><text>Redação</text></name><questiontext><text>y</text></questiontext></question>
        <question type="multichoice"><name><text>Boa</text></name><questiontext><text>z</text></questiontext>
          <answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>
      </quiz>`,
    );
    const done = await runCli(['pack', 'moodle-import', some, '--out', join(temp.dir, 'y.exampack'), '--title', 'y']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('1 question, 1 skipped');
    expect(done.stdout).toContain('Redação: not imported (not multiple choice)');
  });

  it('turns Moodle’s HTML into plain text', () => {
    expect(textOf('<p>a<br/>b</p><p>c &amp; d &#x41;</p>')).toBe('a\nb\n\nc & d A');
  });
});

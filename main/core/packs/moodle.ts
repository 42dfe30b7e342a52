// Moodle XML, both ways, for classes that outgrow passing files: a pack's questions become
// multiple-choice questions a tutor imports into a Moodle quiz as they are (shuffled answers,
// images embedded, worked solutions as general feedback, a category per subject), and Moodle
// multiple-choice questions become a new pack. The mapping is in docs/moodle.md.
import { createHash } from 'node:crypto';
import type { ApiQuestion } from '../api/schemas.js';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { shufflePolicy } from '../exams/alternatives.js';
import { sniffImage } from '../images/cache.js';
import type { PackManifest, PackQuestion, QuestionsFile } from './format.js';
import { readPack, type ReadPack } from './reader.js';
import { writePack } from './writer.js';
import { plainTextOf } from '../util/markup-text.js';
import { readFile } from 'node:fs/promises';
import { MOODLE_LIMITS, MoodleError, scanMoodleXml } from './moodle-scan.js';

export { MOODLE_LIMITS, MoodleError, scanMoodleXml };

/** The XML library, loaded by the first Moodle file either way: not at main's start (~30 ms there). */
const fastXmlParser = () => import('fast-xml-parser');

/** The most a Moodle XML file may be (images inline as base64 make them large). */
export const MOODLE_MAX_BYTES = 64 * 1024 * 1024;
const MAX_QUESTIONS = MOODLE_LIMITS.questions;
const CATEGORY_ROOT = '$course$/top/Exam Practice';
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as Moodle's HTML: paragraphs by blank lines, line breaks kept. */
const html = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export interface MoodleExportImage {
  bytes: Buffer;
  mime: string;
}

/**
 * A pack's questions as Moodle XML. `imageOf` gives the bytes of an image URL the questions use
 * (null when the pack lacks it: the question goes without it).
 */
export async function toMoodleXml(
  content: QuestionsFile,
  imageOf: (url: string) => MoodleExportImage | null,
): Promise<string> {
  const subjects = new Map(content.subjects.map((s) => [s.id, s.name]));
  const bySubject = new Map<string, PackQuestion[]>();
  for (const question of content.questions) {
    const name = subjects.get(question.q.subject.id) ?? question.q.subject.name ?? 'Geral';
    bySubject.set(name, [...(bySubject.get(name) ?? []), question]);
  }
  /** An image as Moodle embeds it: an <img> in the text, and the file beside it. */
  const embed = (url: string | null | undefined) => {
    const image = url ? imageOf(url) : null;
    if (!image) return { img: '', file: [] };
    const name = `${sha256(image.bytes).slice(0, 16)}.${EXTENSIONS[image.mime] ?? 'png'}`;
    return {
      img: `<p><img src="@@PLUGINFILE@@/${name}" alt=""></p>`,
      file: [{ '@_name': name, '@_path': '/', '@_encoding': 'base64', '#text': image.bytes.toString('base64') }],
    };
  };
  const questions: unknown[] = [];
  for (const [subject, list] of [...bySubject].sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))) {
    questions.push({ '@_type': 'category', category: { text: `${CATEGORY_ROOT}/${subject.replace(/\//g, '-')}` } });
    for (const { id, q } of list) {
      const key = correctAlternativeId(q);
      if (!key) continue; // Moodle needs a right answer; a question without one stays out.
      const statementImage = embed(q.imageUrl);
      const explanation = (q as { explanation?: { text?: unknown; imageUrl?: unknown } }).explanation;
      const solution = typeof explanation?.text === 'string' ? explanation.text : '';
      const solutionImage = embed(typeof explanation?.imageUrl === 'string' ? explanation.imageUrl : null);
      // The app keeps "Todas/Nenhuma das anteriores" (and lettered references) in place: so must Moodle.
      const policy = shufflePolicy(q.alternatives.map((a) => a.text));
      const shuffles = policy.shuffle && policy.pinned.size === 0;
      questions.push({
        '@_type': 'multichoice',
        name: { text: q.statement.replace(/\s+/g, ' ').slice(0, 80) },
        questiontext: {
          '@_format': 'html',
          text: { '#cdata': html(q.statement) + statementImage.img },
          file: statementImage.file,
        },
        generalfeedback: {
          '@_format': 'html',
          text: { '#cdata': (solution ? html(solution) : '') + solutionImage.img },
          file: solutionImage.file,
        },
        defaultgrade: 1,
        penalty: 0,
        hidden: 0,
        idnumber: id,
        single: 'true',
        shuffleanswers: shuffles ? 'true' : 'false',
        answernumbering: 'ABCD',
        answer: q.alternatives.map((alternative) => {
          const image = embed(alternative.imageUrl);
          return {
            '@_fraction': alternative.id === key ? 100 : 0,
            '@_format': 'html',
            text: { '#cdata': html(alternative.text) + image.img },
            file: image.file,
            feedback: { '@_format': 'html', text: '' },
          };
        }),
      });
    }
  }
  const { XMLBuilder } = await fastXmlParser();
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    cdataPropName: '#cdata',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: false,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: questions } }) as string}`;
}

export interface MoodleImport {
  content: QuestionsFile;
  images: Map<string, { bytes: Buffer; mime: string }>;
  /** Questions left out, and why (another type, no single right answer…). */
  skipped: { name: string; reason: 'type' | 'no-single-answer' | 'too-few-answers' | 'empty' }[];
}

/** Moodle's HTML as the plain text our questions hold (markup-text.ts); a bad character reference refuses the file. */
export function textOf(markup: string): string {
  return plainTextOf(markup, (reference) => {
    throw new MoodleError('not-moodle-xml', `bad character reference ${reference.slice(0, 20)}`);
  });
}

/** A file name as Moodle escapes it (%20…); a malformed escape refuses the file with its name. */
function fileName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    throw new MoodleError('not-moodle-xml', `bad file name ${name.slice(0, 60)}`);
  }
}

type Node = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const textNode = (node: unknown): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (node && typeof node === 'object') {
    const record = node as Node;
    if ('text' in record) return textNode(record.text);
    if ('#cdata' in record) return textNode(record['#cdata']);
    if ('#text' in record) return textNode(record['#text']);
  }
  return '';
};

/** Moodle multiple-choice questions as a pack's content. Nothing is written; hostile input is refused. */
export async function fromMoodleXml(bytes: Uint8Array): Promise<MoodleImport> {
  if (bytes.byteLength > MOODLE_MAX_BYTES) throw new MoodleError('too-large');
  const xml = new TextDecoder('utf-8').decode(bytes);
  // Moodle never writes a DOCTYPE: one here can only declare entities (expansion bombs, external files).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new MoodleError('doctype');
  scanMoodleXml(xml);
  const { XMLParser } = await fastXmlParser();
  let root: Node;
  try {
    root = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      cdataPropName: '#cdata',
      parseTagValue: false,
      trimValues: false,
      processEntities: { enabled: true, maxTotalExpansions: 100_000 },
    }).parse(xml) as Node;
  } catch (error) {
    throw new MoodleError('not-moodle-xml', error instanceof Error ? error.message.slice(0, 200) : '');
  }
  const quiz = root.quiz as Node | undefined;
  if (!quiz || typeof quiz !== 'object') throw new MoodleError('not-moodle-xml', 'no <quiz>');
  const nodes = asArray(quiz.question) as Node[];
  if (nodes.length > MAX_QUESTIONS) throw new MoodleError('too-many-questions', String(nodes.length));

  const images = new Map<string, { bytes: Buffer; mime: string }>();
  const imageMap: Record<string, string> = {};
  /** The first image a text embeds, from the files beside it: its pack URL (moodle-file:<sha>). */
  const imageIn = (text: string, files: unknown): string | null => {
    const name = /@@PLUGINFILE@@\/([^"'?#]+)/.exec(text)?.[1];
    if (!name) return null;
    const wanted = fileName(name);
    const file = (asArray(files) as Node[]).find((f) => fileName(String(f['@_name'] ?? '')) === wanted);
    return file ? fromBase64(textNode(file)) : null;
  };
  /** An image's base64 text, checked to be an image (5 MB at most): its pack URL, or null. */
  const fromBase64 = (text: string): string | null => {
    if (!text.trim()) return null;
    const data = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    const mime = sniffImage(data.subarray(0, 512));
    if (!mime || data.length === 0 || data.length > 5 * 1024 * 1024) return null;
    const sha = sha256(data);
    images.set(sha, { bytes: data, mime });
    const url = `moodle-file:${sha}`;
    imageMap[url] = sha;
    return url;
  };

  const subjects = new Map<string, string>();
  const questions: PackQuestion[] = [];
  const skipped: MoodleImport['skipped'] = [];
  const usedIds = new Set<string>();
  /** The next suffix to try per id: duplicates get -2, -3… in linear time, however many share one id. */
  const nextSuffix = new Map<string, number>();
  let category = 'Geral';
  for (const node of nodes) {
    const type = String(node['@_type'] ?? '');
    const name = textNode(node.name).slice(0, 120);
    if (type === 'category') {
      const path = textNode(node.category).split('/').filter(Boolean);
      category = path.at(-1)?.trim() || 'Geral';
      continue;
    }
    if (type !== 'multichoice') {
      skipped.push({ name: name || type, reason: 'type' });
      continue;
    }
    const questionText = node.questiontext as Node | undefined;
    const statementHtml = textNode(questionText);
    const statement = textOf(statementHtml);
    const answers = asArray(node.answer) as Node[];
    if (!statement) {
      skipped.push({ name, reason: 'empty' });
      continue;
    }
    if (answers.length < 2) {
      skipped.push({ name, reason: 'too-few-answers' });
      continue;
    }
    const fractions = answers.map((a) => Number(a['@_fraction'] ?? 0));
    const single = String(textNode(node.single)).trim() !== 'false';
    if (!single || fractions.filter((f) => f === 100).length !== 1) {
      skipped.push({ name, reason: 'no-single-answer' });
      continue;
    }
    const subjectId = `moodle-${sha256(category).slice(0, 12)}`;
    subjects.set(subjectId, category);
    const idnumber = textNode(node.idnumber).trim();
    const wanted = /^[\w:.-]{1,100}$/.test(idnumber)
      ? idnumber
      : `moodle-${sha256(`${category}\n${statementHtml}`).slice(0, 16)}`;
    let id = wanted;
    if (usedIds.has(id)) {
      let n = nextSuffix.get(wanted) ?? 2;
      while (usedIds.has(`${wanted}-${n}`)) n += 1;
      id = `${wanted}-${n}`;
      nextSuffix.set(wanted, n + 1);
    }
    usedIds.add(id);
    const alternatives = answers.map((answer, i) => {
      const markup = textNode(answer);
      return {
        id: `${id}-${String.fromCharCode(97 + i)}`,
        letter: String.fromCharCode(65 + i),
        text: textOf(markup),
        imageUrl: imageIn(markup, answer.file),
        isCorrect: fractions[i] === 100,
      };
    });
    const feedbackNode = node.generalfeedback as Node | undefined;
    const feedbackHtml = textNode(feedbackNode);
    const feedback = textOf(feedbackHtml);
    const feedbackImage = imageIn(feedbackHtml, feedbackNode?.file);
    const q: ApiQuestion & { explanation?: { text: string } } = {
      id,
      statement,
      // Older Moodle files carry the picture as <image> + <image_base64> beside the text.
      imageUrl: imageIn(statementHtml, questionText?.file) ?? fromBase64(textNode(node.image_base64)),
      subject: { id: subjectId, name: category },
      exam: null,
      year: null,
      difficulty: null,
      alternatives,
      correctAlternative: alternatives.find((a) => a.isCorrect)?.id ?? null,
      ...((feedback || feedbackImage) && {
        explanation: { text: feedback, ...(feedbackImage && { imageUrl: feedbackImage }) },
      }),
    };
    questions.push({ id, q, year: null, difficulty: null });
  }
  return {
    content: {
      questions: questions.sort((a, b) => a.id.localeCompare(b.id)),
      exams: [],
      subjects: [...subjects].map(([id, name]) => ({ id, name })),
      images: imageMap,
    },
    images,
    skipped,
  };
}

/** A pack file as Moodle XML. Sealed packs are refused; `check` may refuse the pack first (the app's key lock). */
export async function packFileToMoodle(
  bytes: Buffer,
  check: (pack: ReadPack) => void = () => undefined,
  read: (bytes: Buffer) => Promise<ReadPack> = readPack,
): Promise<{ xml: string; id: string; title: string; questions: number }> {
  const pack = await read(bytes);
  try {
    check(pack);
    if (pack.manifest.sealed) throw new MoodleError('not-moodle-xml', 'sealed');
    const loaded = new Map<string, MoodleExportImage>();
    for (const [url, sha] of Object.entries(pack.content.images)) {
      const file = pack.images.get(sha);
      if (!file) continue;
      const data = await readFile(file);
      const mime = sniffImage(data.subarray(0, 512));
      if (mime) loaded.set(url, { bytes: data, mime });
    }
    const xml = await toMoodleXml(pack.content, (url) => loaded.get(url) ?? null);
    return { xml, id: pack.manifest.id, title: pack.manifest.title, questions: pack.content.questions.length };
  } finally {
    await pack.dispose();
  }
}

/** Moodle XML as a new pack file. */
export async function moodleToPackFile(
  bytes: Uint8Array,
  meta: { title: string; author?: string; description?: string; appVersion: string },
): Promise<{ bytes: Buffer; manifest: PackManifest; skipped: MoodleImport['skipped'] }> {
  const imported = await fromMoodleXml(bytes);
  if (imported.content.questions.length === 0) {
    const skipped: Record<string, number> = {};
    for (const { reason } of imported.skipped) skipped[reason] = (skipped[reason] ?? 0) + 1;
    throw new MoodleError('no-questions', '', skipped, imported.skipped);
  }
  const written = await writePack(imported.content, imported.images, { ...meta, products: [], sealed: null });
  return { ...written, skipped: imported.skipped };
}

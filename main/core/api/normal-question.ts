// From a question as a server sent it (valid under the spec's requirements, wireQuestionSchema) to
// the form the catalog keeps (questionSchema): display fields the spec leaves unshown are kept
// when readable (a year as an integer, a difficulty as the filter's word) and dropped (shown as '—')
// when not, each such drop named for the sync's report;
// a statement or alternative written in markup is kept as its plain text (util/markup-text.ts).
import type { z } from 'zod';
import {
  readDifficulty,
  readLooseId,
  readName,
  readYear,
  unreadableYearAndDifficulty,
  type UnreadableField,
} from './lenient-fields.js';
import type { ApiQuestion, WireQuestion } from './schemas.js';
import { hasMarkup, plainTextOf } from '../util/markup-text.js';

type Fields = Record<string, unknown>;

/** Text as the app shows it: markup turned into plain text, anything else as sent. */
const shownText = (text: string) => (hasMarkup(text) ? plainTextOf(text) : text);

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface NormalQuestion {
  question: ApiQuestion;
  /** Fields that were sent but could not be read, each once. */
  unreadable: UnreadableField[];
}

/** `value` as a string URL or null; anything else is dropped and noted. */
function imageOf(value: unknown, noted: Set<UnreadableField>): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  noted.add('image');
  return undefined;
}

function withImage<T extends Fields>(target: T, value: unknown, noted: Set<UnreadableField>): T {
  const image = imageOf(value, noted);
  if (image === undefined) Reflect.deleteProperty(target, 'imageUrl');
  else Object.assign(target, { imageUrl: image });
  return target;
}

function subjectOf(subject: WireQuestion['subject'], noted: Set<UnreadableField>): ApiQuestion['subject'] {
  const { name, ...rest } = subject;
  const readable = readName(name);
  if (readable === undefined && typeof name !== 'string' && name !== undefined && name !== null)
    noted.add('subjectName');
  return readable === undefined ? rest : { ...rest, name: readable };
}

function examOf(exam: unknown, noted: Set<UnreadableField>): ApiQuestion['exam'] {
  if (exam === undefined || exam === null) return exam;
  if (!isRecord(exam)) {
    noted.add('exam');
    return null;
  }
  const { id, name, ...rest } = exam;
  const readId = readLooseId(id);
  const readable = readName(name);
  const unread = (value: unknown, read: unknown) =>
    read === undefined && value !== undefined && value !== null && typeof value !== 'string';
  if (unread(id, readId) || unread(name, readable)) noted.add('exam');
  return { ...rest, ...(readId !== undefined && { id: readId }), ...(readable !== undefined && { name: readable }) };
}

/** A year or difficulty as read: null or absent as sent, readable in its one form, unreadable dropped (noted already). */
function keepReadable(question: Fields, field: 'year' | 'difficulty', read: unknown) {
  const sent = question[field];
  if (sent === undefined || sent === null) return;
  if (read === null) Reflect.deleteProperty(question, field);
  else question[field] = read;
}

/** The kept form of a question valid on the wire. */
export function normalQuestion(wire: WireQuestion): NormalQuestion {
  const noted = new Set<UnreadableField>(unreadableYearAndDifficulty({ year: wire.year, difficulty: wire.difficulty }));
  const question: Fields = { ...wire, statement: shownText(wire.statement), subject: subjectOf(wire.subject, noted) };
  withImage(question, wire.imageUrl, noted);
  keepReadable(question, 'year', readYear(wire.year));
  keepReadable(question, 'difficulty', readDifficulty(wire.difficulty));
  const exam = examOf(wire.exam, noted);
  if (exam === undefined) Reflect.deleteProperty(question, 'exam');
  else question.exam = exam;
  question.alternatives = wire.alternatives.map((alternative) =>
    withImage({ ...alternative, text: shownText(alternative.text) }, alternative.imageUrl, noted),
  );
  // Every field questionSchema types is now in its type; the rest are the server's own, kept as sent.
  return { question: question as ApiQuestion, unreadable: [...noted] };
}

/** Why an item is refused: the first field the spec requires that it lacks, as a path without indices. */
export function refusalCause(error: z.ZodError): string {
  const path = error.issues[0]?.path.filter((part) => typeof part === 'string') ?? [];
  return path.length === 0 ? 'not-a-question' : path.join('.');
}

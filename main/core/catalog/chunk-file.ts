// A chunk on disk: plain JSON, laid out one question per line so that a question's body can be
// read alone by its byte range (a question's JSON never holds a raw newline). The first line is
// the chunk's envelope up to `"questions":[`, the last is `]}`. Chunks written before this layout
// are one line: they are read whole, and compaction rewrites them in this layout.
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_FILE } from '../util/durable-file.js';
import { z } from 'zod';
import type { ApiQuestion, Difficulty } from '../api/schemas.js';

export interface StoredQuestion {
  id: string;
  /** The question as the API sent it, extra fields included. */
  q: ApiQuestion;
  /** Derived answer key: id of the correct alternative; null = not gradable. */
  correctId: string | null;
  /** From the question, or learned from the filtered listing it came from. */
  year: number | null;
  difficulty: Difficulty | null;
  /** Provenance: 'api:enem', 'api:vestibulares', 'pack:<id>'. */
  sources: string[];
}

/** One fetched page inside a chunk: its questions are the next `count` of the chunk's list. */
export interface PageMeta {
  /** Canonical key of the filtered listing the page belongs to. */
  listing: string;
  page: number;
  total: number;
  count: number;
}

/** What the store keeps of a chunk besides its questions: its run and pages (resume), its size. */
export interface ChunkMeta {
  run: string | null;
  pages: (PageMeta & { ids: string[] })[];
  records: number;
}

/** `Q`: what the store holds of each question while it takes the chunk in (a sync's is lean). */
export interface Chunk<Q = StoredQuestion> {
  seq: number;
  /** Sync run that wrote it (resume reads only the current run's pages); null for packs and compaction. */
  run: string | null;
  pages: PageMeta[];
  questions: Q[];
  /** Records here replace earlier ones instead of merging with them (source removal). */
  replace?: boolean;
  /** Ids deleted from the catalog by this chunk (a pack removed). */
  removed?: string[];
}

// Chunks are our own files: the envelope is checked, the questions were validated when they arrived.
export const chunkSchema = z.object({
  seq: z.number().int(),
  run: z.string().nullable(),
  pages: z.array(
    z.object({
      listing: z.string(),
      page: z.number().int(),
      total: z.number().int(),
      count: z.number().int().nonnegative(),
    }),
  ),
  questions: z.array(z.custom<StoredQuestion>((v) => typeof (v as StoredQuestion | null)?.id === 'string')),
  replace: z.boolean().optional(),
  removed: z.array(z.string()).optional(),
});

/** Where a question's body is: its line's bytes in a chunk; `offset` -1 in a one-line (older) chunk. */
export interface BodyAt {
  seq: number;
  offset: number;
  length: number;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

/** A chunk's first line: its envelope (everything but the questions) up to `"questions":[`. */
export function chunkHead(envelope: Omit<Chunk, 'questions'>): string {
  return `${JSON.stringify(envelope).slice(0, -1)},"questions":[\n`;
}

/** A chunk laid out: its bytes and where each question's line is in them. */
export interface LaidLines {
  bytes: Buffer;
  offsets: Int32Array<ArrayBuffer>;
  lengths: Int32Array<ArrayBuffer>;
}

/**
 * A chunk's bytes, written straight into one buffer as its lines are made, each line's place noted
 * as it goes: joining the lines into one string, encoding it and finding the breaks again took 60 %
 * longer (460 vs 290 ms for 50,000 questions).
 */
export class ChunkWriter {
  private bytes: Buffer;
  private at: number;
  private readonly offsets: Int32Array<ArrayBuffer>;
  private readonly lengths: Int32Array<ArrayBuffer>;
  private line = 0;

  /** `size`: about how many bytes the lines take, all told (the buffer grows past it if need be). */
  constructor(
    head: string,
    private readonly count: number,
    size: number,
  ) {
    // A UTF-16 unit takes at most 3 bytes in UTF-8; each line adds ",\n".
    this.bytes = Buffer.allocUnsafe(3 * head.length + size + 2 * count + 2);
    this.at = this.bytes.write(head, 0);
    this.offsets = new Int32Array(count);
    this.lengths = new Int32Array(count);
    if (count > 0) this.offsets[0] = this.at;
  }

  /** Part of the current line. */
  put(text: string): void {
    // Room for the worst case and the line's end: a write that does not fit would be cut short.
    if (this.bytes.length - this.at < 3 * text.length + 4) this.grow(3 * text.length + 4);
    this.at += this.bytes.write(text, this.at);
  }

  /** Part of the current line, already in UTF-8. */
  putBytes(bytes: Uint8Array): void {
    if (this.bytes.length - this.at < bytes.length + 4) this.grow(bytes.length + 4);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }

  private grow(needed: number) {
    const larger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.at + needed));
    this.bytes.copy(larger, 0, 0, this.at);
    this.bytes = larger;
  }

  /** Ends the current line. */
  endLine(): void {
    const start = this.offsets[this.line] ?? 0;
    if (this.bytes.length - this.at < 2) this.grow(2);
    if (this.line < this.count - 1) this.bytes[this.at++] = COMMA;
    this.bytes[this.at++] = NEWLINE;
    this.lengths[this.line] = this.at - start;
    this.line += 1;
    if (this.line < this.count) this.offsets[this.line] = this.at;
  }

  done(): LaidLines {
    if (this.line !== this.count) throw new Error(`${this.line} of ${this.count} lines written`);
    this.put(']}');
    return { bytes: this.bytes.subarray(0, this.at), offsets: this.offsets, lengths: this.lengths };
  }
}

/** A chunk's bytes from its first line and each question's JSON, one a line. */
export function layLines(head: string, lines: readonly string[]): LaidLines {
  let chars = 0;
  for (const line of lines) chars += line.length;
  const writer = new ChunkWriter(head, lines.length, 3 * chars);
  for (const line of lines) {
    writer.put(line);
    writer.endLine();
  }
  return writer.done();
}

/** The chunk's bytes, and each question's byte range in them. */
export function layChunk(chunk: Chunk): { bytes: Buffer; at: BodyAt[] } {
  const { questions, ...envelope } = chunk;
  const laid = layLines(
    chunkHead(envelope),
    questions.map((question) => JSON.stringify(question)),
  );
  return { bytes: laid.bytes, at: atOf(chunk.seq, laid) };
}

/** Each line's place as the store keeps it. */
export function atOf(seq: number, laid: { offsets: Int32Array; lengths: Int32Array }): BodyAt[] {
  return Array.from(laid.offsets, (offset, i) => ({ seq, offset, length: laid.lengths[i] ?? 0 }));
}

/** Each question's byte range, when the file has the one-question-per-line layout; else -1 each. */
export function bodyRanges(bytes: Buffer, seq: number, count: number): BodyAt[] {
  const breaks: number[] = [];
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) breaks.push(i);
  // head \n q1 \n … qn \n ]}  — anything else is the older layout (or an empty chunk).
  if (breaks.length !== count + 1) return Array.from({ length: count }, () => ({ seq, offset: -1, length: 0 }));
  return Array.from({ length: count }, (_, i) => {
    const start = (breaks[i] ?? 0) + 1;
    return { seq, offset: start, length: (breaks[i + 1] ?? start) + 1 - start };
  });
}

/** A chunk read from its bytes: whole, or line by line when the file as a whole does not parse. */
export interface ReadChunk {
  chunk: Chunk;
  at: BodyAt[];
  /** Lines (or the envelope) that did not parse: their questions are lost, the others kept. */
  lost: number;
}

/**
 * A chunk's questions from its bytes. A file that parses whole is read as one; one that does not (a
 * flipped byte, a cut) is read a line at a time, so each whole line keeps its question and only a
 * damaged line, or a line cut short, is lost. Null when nothing of it can be read.
 */
export function readChunk(bytes: Buffer, seq: number): ReadChunk | null {
  try {
    const parsed = chunkSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (parsed.success) {
      const chunk = parsed.data as Chunk;
      return { chunk, at: bodyRanges(bytes, seq, chunk.questions.length), lost: 0 };
    }
  } catch {
    // Read line by line below.
  }
  return salvageLines(bytes, seq);
}

const envelopeSchema = chunkSchema.omit({ questions: true });

function salvageLines(bytes: Buffer, seq: number): ReadChunk | null {
  const breaks: number[] = [];
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) breaks.push(i);
  if (breaks.length === 0) return null;
  let lost = 0;
  const head = bytes.toString('utf8', 0, breaks[0]).replace(/,"questions":\[$/, '}');
  let envelope: Omit<Chunk, 'questions'> = { seq, run: null, pages: [] };
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(head));
    if (parsed.success && parsed.data.seq === seq) envelope = parsed.data;
    else lost += 1;
  } catch {
    lost += 1;
  }
  const questions: StoredQuestion[] = [];
  const at: BodyAt[] = [];
  // Each line between the envelope and the closing `]}` (a line cut short has no newline: lost).
  for (let i = 0; i + 1 < breaks.length; i++) {
    const start = (breaks[i] ?? 0) + 1;
    const end = (breaks[i + 1] ?? 0) + 1;
    try {
      const question = parseLine(bytes.toString('utf8', start, end));
      if (typeof question?.id !== 'string') throw new Error('not a question');
      questions.push(question);
      at.push({ seq, offset: start, length: end - start });
    } catch {
      lost += 1;
    }
  }
  const tail = bytes.toString('utf8', (breaks.at(-1) ?? 0) + 1).trim();
  if (tail !== ']}' && tail !== '') lost += 1;
  if (questions.length === 0 && lost > 0 && envelope.pages.length === 0 && !envelope.removed) return null;
  // A page's questions are counted in order: with a line lost they no longer line up (a resumed sync fetches them again).
  const pages = lost > 0 ? [] : envelope.pages;
  return { chunk: { ...envelope, pages, questions }, at, lost };
}

function parseLine(text: string): StoredQuestion {
  return JSON.parse(text.trimEnd().replace(/,$/, '')) as StoredQuestion;
}

/**
 * Reads these bodies of one chunk file: by byte range where it has them, else from the whole file.
 * A line that does not parse, holds another question, or lies past the file's end is that
 * question's damage (`body: null`), never the whole read's: the store drops it and says so.
 */
export async function readBodies<T extends { id: string; at: BodyAt }>(
  path: string,
  wanted: readonly T[],
): Promise<(T & { body: StoredQuestion | null })[]> {
  if (wanted.some(({ at }) => at.offset < 0)) {
    let chunk: Chunk | null = null;
    try {
      chunk = JSON.parse(await readFile(path, 'utf8')) as Chunk;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    }
    const last = new Map((chunk?.questions ?? []).map((question) => [question.id, question]));
    return wanted.map((item) => ({ ...item, body: last.get(item.id) ?? null }));
  }
  const handle = await open(path, 'r');
  try {
    const bodies = new Array<StoredQuestion | null>(wanted.length).fill(null);
    for (const run of nearbyRuns(wanted)) {
      // One read for each run of nearby lines (a library page's 60 are usually one run): a read
      // each would wait on the thread pool 60 times.
      const span = Buffer.allocUnsafe(run.end - run.start);
      let filled = 0;
      while (filled < span.length) {
        const { bytesRead } = await handle.read(span, filled, span.length - filled, run.start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      for (const i of run.items) {
        const item = wanted[i];
        if (!item) continue;
        const from = item.at.offset - run.start;
        if (from + item.at.length > filled) continue; // past the file's end: damaged
        try {
          const parsed = parseLine(span.toString('utf8', from, from + item.at.length));
          if (parsed && typeof parsed === 'object' && parsed.id === item.id) bodies[i] = parsed;
        } catch {
          bodies[i] = null;
        }
      }
    }
    return wanted.map((item, i) => ({ ...item, body: bodies[i] ?? null }));
  } finally {
    await handle.close();
  }
}

/** Lines closer than this are read in one go, the bytes between them read and dropped. */
const NEARBY_GAP = 64 * 1024;
/** A run read in one go holds at most this many bytes. */
const RUN_AT_MOST = 4 * 1024 * 1024;

/** The wanted lines grouped into runs of nearby byte ranges, each run's span and its items' places. */
function nearbyRuns(wanted: readonly { at: BodyAt }[]): { start: number; end: number; items: number[] }[] {
  const order = wanted.map((_, i) => i).sort((a, b) => (wanted[a]?.at.offset ?? 0) - (wanted[b]?.at.offset ?? 0));
  const runs: { start: number; end: number; items: number[] }[] = [];
  for (const i of order) {
    const at = wanted[i]?.at;
    if (!at) continue;
    const last = runs[runs.length - 1];
    const end = at.offset + at.length;
    if (last && at.offset - last.end <= NEARBY_GAP && Math.max(end, last.end) - last.start <= RUN_AT_MOST) {
      last.end = Math.max(last.end, end);
      last.items.push(i);
    } else runs.push({ start: at.offset, end, items: [i] });
  }
  return runs;
}

const CHUNK_NAME = /^(\d{8})\.json$/;

/**
 * The sequence numbers of a catalog's chunk files, in order. Leftovers of a write a crash cut short
 * (never renamed into place, never part of the catalog) are removed first, by the folder's writer
 * only: a reader would delete another process's write in flight.
 */
export async function listChunks(chunkDir: string, readOnly: boolean): Promise<number[]> {
  if (!readOnly) await mkdir(chunkDir, { recursive: true });
  const names = await readdir(chunkDir).catch(() => [] as string[]);
  if (!readOnly) {
    const leftovers = names.filter((name) => TEMP_FILE.test(name) || name.endsWith('.tmp'));
    await Promise.all(leftovers.map((name) => rm(join(chunkDir, name), { force: true })));
  }
  return names
    .map((name) => CHUNK_NAME.exec(name)?.[1])
    .filter((seq): seq is string => seq !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface StoredPage {
  total: number;
  ids: string[];
}

/** Pages already stored for a run, from the chunks' records: listing key → page → its total and ids. */
export function pagesOfRun(metas: Iterable<ChunkMeta>, run: string): Map<string, Map<number, StoredPage>> {
  const result = new Map<string, Map<number, StoredPage>>();
  for (const meta of metas) {
    if (meta.run !== run) continue;
    for (const page of meta.pages) {
      const pages = result.get(page.listing) ?? new Map<number, StoredPage>();
      pages.set(page.page, { total: page.total, ids: page.ids });
      result.set(page.listing, pages);
    }
  }
  return result;
}

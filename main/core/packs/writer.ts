// Builds a .exampack from cached questions. Deterministic: the same selection and
// metadata give the same bytes (sorted entries and questions, fixed timestamps,
// a created date of day precision or SOURCE_DATE_EPOCH), so tutors can version packs.
import { createHash, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import yazl from 'yazl';
import type { ApiExam, ApiQuestion, Product } from '../api/schemas.js';
import type { Explanation } from '../catalog/explanations.js';
import { imageUrlsOf, type CatalogStore, type StoredQuestion } from '../catalog/store.js';
import { ENEM_ORIGIN_MARK, enemExamIds, isEnemQuestion } from '../catalog/provenance.js';
import type { ImageHostPolicy } from '../util/net-policy.js';
import type { ImageCache } from '../images/cache.js';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { alternativeOrder } from '../exams/alternatives.js';
import { shuffle } from '../exams/random.js';
import { seal, type SealedPayload, type SealParams } from './seal.js';
import {
  PACK_FORMAT,
  PACK_VERSION,
  SEALED_PACK_VERSION,
  type ExamConfig,
  type PackManifest,
  type PackQuestion,
  type QuestionsFile,
} from './format.js';

export interface PackMeta {
  title: string;
  description?: string;
  author?: string;
  /** Defaults to a slug of the title and a hash of the selection. */
  id?: string;
  /** ISO date; defaults to SOURCE_DATE_EPOCH or today (UTC, day precision). */
  createdAt?: string;
  appVersion: string;
  examConfig?: ExamConfig;
  /** The worked solution of a question, if any (the tutor's, else the one it came with). */
  explanations?: (id: string, q: ApiQuestion) => Explanation | null;
  /** Seal the answers under this release code (docs/pack-format.md, "Sealed packs"). */
  sealWith?: string;
}

export interface BuiltPack {
  bytes: Buffer;
  manifest: PackManifest;
  /** Image URLs of the selection that were not in the cache (the pack shows placeholders for them). */
  missingImages: string[];
}

const FIXED_TIME = new Date(Date.UTC(2020, 0, 1));

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'pack'
  );
}

function createdDate(): string {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const date = Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
  return date.toISOString().slice(0, 10);
}

/**
 * Downloads the selection's images that are not cached yet (images need no key), so that a pack
 * carries them; those that still fail are reported by `buildPack` as missing.
 */
export async function fetchMissingImages(
  selection: Iterable<StoredQuestion>,
  images: ImageCache,
  hosts: ImageHostPolicy,
): Promise<number> {
  // Pack images are carried in the pack (pack-image:<sha>): nothing to fetch for them.
  const missing = images.missing(imageUrlsOf(selection)).filter((url) => /^https?:/i.test(url));
  if (missing.length === 0) return 0;
  return (await images.download(missing, { hosts })).downloaded;
}

/**
 * A question as a sealed pack carries it in clear: only the fields the format defines for a sealed
 * question, whatever else the record holds (a synced record may carry `resolution`, `gabarito`,
 * per-alternative feedback…), and its alternatives shuffled once and lettered afresh, so neither an
 * unknown field nor the original order (a key skewed towards B and C) tells the key. Alternatives
 * that point at others by position stay in place; a question whose alternatives name others by
 * letter keeps its order (shufflePolicy). The key is the new id of the right alternative.
 */
export function sealedQuestion(
  id: string,
  q: ApiQuestion,
  random: () => number,
): { q: ApiQuestion; key: string | null } {
  const order = alternativeOrder(
    q.alternatives.map((a) => a.text),
    random,
    shuffle,
  );
  const rightId = correctAlternativeId(q);
  let key: string | null = null;
  const alternatives = order.map((from, position) => {
    const original = q.alternatives[from] ?? q.alternatives[position];
    const letter = LETTERS[position] ?? String(position + 1);
    const altId = `${id}-${letter}`;
    if (original?.id === rightId) key = altId;
    return {
      id: altId,
      letter,
      text: original?.text ?? '',
      ...(original?.imageUrl && { imageUrl: original.imageUrl }),
    };
  });
  const exam = q.exam ? { ...(q.exam.id && { id: q.exam.id }), ...(q.exam.name && { name: q.exam.name }) } : null;
  return {
    q: {
      id: q.id,
      statement: q.statement,
      ...(q.imageUrl && { imageUrl: q.imageUrl }),
      subject: { id: q.subject.id, ...(q.subject.name && { name: q.subject.name }) },
      exam,
      ...(typeof q.year === 'number' && { year: q.year }),
      ...(typeof q.difficulty === 'string' && { difficulty: q.difficulty }),
      alternatives,
      // The spec's field, present but empty: nothing to read a key from.
      correctAlternative: null,
    },
    key,
  };
}

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

export async function buildPack(
  selection: Iterable<StoredQuestion>,
  store: CatalogStore,
  images: ImageCache,
  meta: PackMeta,
): Promise<BuiltPack> {
  const questions = [...selection].sort((a, b) => a.id.localeCompare(b.id));
  const explanations = new Map<string, Explanation>();
  for (const { id, q } of questions) {
    const explanation = meta.explanations?.(id, q) ?? null;
    if (explanation) explanations.set(id, explanation);
  }
  const imageUrls = imageUrlsOf(questions);
  // A sealed pack leaves the solutions' figures out: a figure could show the answer.
  if (!meta.sealWith) for (const { image } of explanations.values()) if (image) imageUrls.add(image);
  const imageMap: Record<string, string> = {};
  const imageFiles = new Map<string, { bytes: Buffer; mime: string }>();
  const missingImages: string[] = [];
  for (const url of [...imageUrls].sort()) {
    const cached = images.resolve(url);
    if (!cached) {
      missingImages.push(url);
      continue;
    }
    imageMap[url] = cached.sha256;
    if (!imageFiles.has(cached.sha256))
      imageFiles.set(cached.sha256, { bytes: await readFile(cached.path), mime: cached.mime });
  }
  const examIds = new Set(
    questions.map(({ q }) => q.exam?.id ?? q.exam?.name).filter((id): id is string => Boolean(id)),
  );
  const exams: ApiExam[] = store.examList().filter((exam) => examIds.has(exam.id));
  const subjectIds = new Set(questions.map(({ q }) => q.subject.id));
  const payload: SealedPayload = { keys: {}, explanations: {} };
  // Unpredictable, never stored: the order a sealed pack's alternatives were put in tells nothing.
  const sealingRandom = () => randomInt(2 ** 32) / 2 ** 32;
  const content: QuestionsFile = {
    // A worked solution travels as q.explanation: a 1.0 reader keeps it as an extra field.
    questions: questions.map(({ id, q: withMarks, year, difficulty }): PackQuestion => {
      // Provenance travels in the manifest (origins), never as a field of the question.
      const { [ENEM_ORIGIN_MARK]: _origin, ...q } = withMarks;
      const explanation = explanations.get(id);
      if (meta.sealWith) {
        // The key and the solution go into sealed.bin; what stays in clear is an allowlist.
        const sealed = sealedQuestion(id, q, sealingRandom);
        if (sealed.key) payload.keys[id] = sealed.key;
        if (explanation?.text) payload.explanations[id] = { text: explanation.text };
        return { id, q: sealed.q, year, difficulty };
      }
      const carried = explanation && {
        text: explanation.text,
        ...(explanation.image && { imageUrl: explanation.image }),
      };
      return { id, q: carried ? { ...q, explanation: carried } : q, year, difficulty };
    }),
    exams,
    subjects: store.subjects().filter((s) => subjectIds.has(s.id)),
    images: imageMap,
  };
  const products = new Set<Product>();
  for (const { sources } of questions) {
    for (const source of sources)
      if (source === 'api:enem' || source === 'api:vestibulares') products.add(source.slice(4) as Product);
  }
  const enemExams = enemExamIds(store);
  const enem = questions.filter((question) => isEnemQuestion(question, enemExams)).map(({ id }) => id);
  const written = await writePack(content, imageFiles, {
    ...meta,
    ...(enem.length > 0 && { origins: { enem } }),
    products: [...products].sort(),
    sealed: meta.sealWith ? await seal(payload, meta.sealWith) : null,
  });
  return { ...written, missingImages };
}

/**
 * Zips a pack from its content and image bytes: the manifest (hashes of every entry), then
 * questions.json, sealed.bin when sealed, and the images, in a fixed order with fixed times.
 */
export async function writePack(
  content: QuestionsFile,
  imageFiles: Map<string, { bytes: Buffer; mime: string }>,
  meta: Omit<PackMeta, 'explanations' | 'sealWith'> & {
    products: Product[];
    sealed: { params: SealParams; data: Buffer } | null;
    origins?: { enem: string[] };
  },
): Promise<{ bytes: Buffer; manifest: PackManifest }> {
  const { sealed } = meta;
  const questionsBytes = Buffer.from(JSON.stringify(content));
  const files: Record<string, string> = { 'questions.json': sha256(questionsBytes) };
  if (sealed) files['sealed.bin'] = sha256(sealed.data);
  for (const sha of [...imageFiles.keys()].sort()) files[`images/${sha}`] = sha;
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    formatVersion: sealed
      ? `${SEALED_PACK_VERSION.major}.${SEALED_PACK_VERSION.minor}`
      : `${PACK_VERSION.major}.${PACK_VERSION.minor}`,
    id: meta.id ?? `${slug(meta.title)}-${sha256(content.questions.map((q) => q.id).join(',')).slice(0, 8)}`,
    title: meta.title,
    description: meta.description ?? '',
    author: meta.author ?? '',
    createdAt: meta.createdAt ?? createdDate(),
    appVersion: meta.appVersion,
    products: meta.products,
    exams: content.exams.map(({ id, name }) => ({ id, name })),
    questionCount: content.questions.length,
    files,
    ...(meta.examConfig && { examConfig: meta.examConfig }),
    ...(meta.origins && { origins: meta.origins }),
    ...(sealed && { sealed: sealed.params }),
  };
  const zip = new yazl.ZipFile();
  const options = { mtime: FIXED_TIME, mode: 0o100644 };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', options);
  zip.addBuffer(questionsBytes, 'questions.json', options);
  if (sealed) zip.addBuffer(sealed.data, 'sealed.bin', { ...options, compress: false });
  // Raster images are compressed already: stored as they are; SVG text is deflated.
  for (const sha of [...imageFiles.keys()].sort()) {
    const image = imageFiles.get(sha);
    if (image) zip.addBuffer(image.bytes, `images/${sha}`, { ...options, compress: image.mime === 'image/svg+xml' });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return { bytes: Buffer.concat(parts), manifest };
}

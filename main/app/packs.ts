// Bridge handlers for practice packs: list, import (file bytes, the bundled demo,
// or a file the OS asked to open, after the student confirmed), remove, build.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  BridgeError,
  type BridgeErrorValue,
  type Handlers,
  type LibraryFilter,
  type PackOffer,
  type PackSummary,
} from './types.js';
import type { PackSource, ReadPack } from '../core/packs/reader.js';
import { PackError } from '../core/packs/format.js';
import { RegularFileError, stageRegularFile, type StagedFile } from '../core/util/regular-file.js';
import type { MoodleRead } from '../core/worker/protocol.js';
import { PACK_FILE_MAX_BYTES } from '../../preload/contract.js';
import { queryCatalog } from '../core/catalog/query.js';
import type { CatalogEntry, CatalogStore, StoredQuestion } from '../core/catalog/store.js';
import { enemExamIds, isEnemQuestion } from '../core/catalog/provenance.js';
import {
  importPack,
  journalRelease,
  listPacks,
  packSource,
  removePack,
  unsealPack,
  type PackEntry,
} from '../core/packs/registry.js';
import { newReleaseCode, type SealedPayload } from '../core/packs/seal.js';
import { packFileToMoodle } from '../core/packs/moodle.js';
import { buildPack, fetchMissingImages } from '../core/packs/writer.js';
import { APP_VERSION } from '../core/version.js';
import type { ImageHostPolicy } from '../core/util/net-policy.js';
import type { Workspace } from '../core/workspace.js';

type PackHandlers = Pick<
  Handlers,
  | 'packs:list'
  | 'packs:import'
  | 'packs:import-demo'
  | 'packs:import-pending'
  | 'packs:remove'
  | 'packs:preview'
  | 'packs:build'
  | 'packs:release'
  | 'packs:to-moodle'
  | 'packs:from-moodle'
>;

export interface PackContext {
  workspace: () => Workspace;
  demoPackPath: string;
  /** Called after the catalog changed, so cached library results are dropped. */
  changed: () => void;
  /** Question ids a running exam holds: a pack of them would carry their keys. */
  isLocked: (id: string) => boolean;
  /** Which image hosts a pack build may ask (public only, unless the configured API is local). */
  imageHosts: () => Promise<ImageHostPolicy>;
  /** How a failure crosses the bridge (services' error mapping). */
  toError: (error: unknown) => BridgeErrorValue;
  /** A sealed pack's release, journaled: finish it (records, registry, attempts graded); returns how many. */
  released: (id: string, payload: SealedPayload) => Promise<number>;
  /** Whether an exam of this pack still waits for its release code. */
  awaiting: (id: string) => boolean;
  /** After a removal: image files nobody uses any more are deleted (pins of saved results kept). */
  sweepImages: () => Promise<unknown>;
  /** Where offered files are staged (a folder only the app writes; emptied when the app closes). */
  offersDir: string;
  /** Untrusted pack bytes checked in the decoding worker (core/worker), never in main. */
  readPack: (source: PackSource) => Promise<ReadPack>;
  /** Moodle XML converted in the decoding worker. */
  moodleToPack: (bytes: Uint8Array, meta: { title: string; appVersion: string }) => Promise<MoodleRead>;
}

/**
 * Offers waiting for the student's answer each keep a staged copy of their pack on disk (main holds
 * none of its bytes): the oldest go while more than this many wait, or while they and the file being
 * staged take more than one largest pack's worth of disk (the newest always stays).
 */
const PENDING_OFFERS = 8;
const PENDING_BYTES = PACK_FILE_MAX_BYTES;

/**
 * A path the OS handed over, copied as a drop is checked (a regular file within the pack limit, or a
 * named refusal) into `dir`, chunk by chunk, and hashed on the way: main never holds the pack whole.
 */
async function stageOfferedPack(
  path: string,
  dir: string,
  makeRoom: (size: number) => Promise<void>,
): Promise<StagedFile> {
  try {
    return await stageRegularFile(path, PACK_FILE_MAX_BYTES, dir, makeRoom);
  } catch (error) {
    if (error instanceof RegularFileError) throw new PackError(error.reason);
    throw error;
  }
}

/** Each pack's questions that are the ENEM's by provenance (catalog/provenance.ts), by pack source. */
function enemCounts(store: CatalogStore): Map<string, number> {
  const exams = enemExamIds(store);
  const counts = new Map<string, number>();
  for (const record of store.all()) {
    if (!isEnemQuestion(record, exams)) continue;
    for (const source of record.sources)
      if (source.startsWith('pack:')) counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return counts;
}

export function createPackHandlers(context: PackContext) {
  /** What the renderer sees of an entry: never the sealed answers' parameters. A pack counts as
   * released only once no exam of it waits, so the code field stays while one does. */
  const summary = (
    { sealed, contentHash: _hash, questionIds: _ids, ...entry }: PackEntry,
    enem: ReadonlyMap<string, number> = enemCounts(context.workspace().store),
  ): PackSummary => ({
    ...entry,
    enemQuestions: enem.get(packSource(entry.id)) ?? 0,
    ...(sealed && { sealed: { released: sealed.released && !context.awaiting(entry.id) } }),
  });
  /** The list as the renderer sees it, with each pack's ENEM questions counted once for all. */
  const summaries = (entries: PackEntry[]) => {
    const enem = enemCounts(context.workspace().store);
    return entries.map((entry) => summary(entry, enem));
  };

  /** Confirmed offers import these staged copies, made and hashed when offered: never the path again. */
  const pending = new Map<string, StagedFile>();

  // A PackError thrown here reaches the renderer as 'invalid-pack' with its reason (services.toBridgeError).
  const importBytes = async (source: PackSource) => {
    const result = await importPack(context.workspace(), source, {
      isLocked: context.isLocked,
      read: context.readPack,
    });
    context.changed();
    return { pack: summary(result.entry), added: result.added };
  };

  /** The chosen questions, whole (a pack carries their bodies): checked on their entries first. */
  const selection = async (filter: LibraryFilter, ids?: string[]): Promise<StoredQuestion[]> => {
    const store = context.workspace().store;
    const chosen = ids
      ? ids.map((id) => store.get(id)).filter((entry): entry is CatalogEntry => entry !== undefined)
      : await queryCatalog(store, filter);
    if (chosen.length === 0) throw new BridgeError('empty-selection');
    if (chosen.some((q) => context.isLocked(q.id))) throw new BridgeError('locked-by-exam');
    return store.load(
      chosen.map((entry) => entry.id),
      { cache: false },
    );
  };

  const handlers: PackHandlers = {
    'packs:list': async () => await summaries(await listPacks(context.workspace())),
    'packs:import': ({ data }) => importBytes(Buffer.from(data)),
    'packs:import-demo': async () => importBytes(await readFile(context.demoPackPath)),
    'packs:import-pending': async ({ token }) => {
      const staged = pending.get(token);
      if (!staged) throw new BridgeError('not-found');
      pending.delete(token);
      try {
        return await importBytes({ path: staged.path });
      } finally {
        await rm(staged.path, { force: true });
      }
    },
    'packs:remove': async ({ id }) => {
      await removePack(context.workspace(), id, { isLocked: context.isLocked });
      context.changed();
      await context.sweepImages();
      return await summaries(await listPacks(context.workspace()));
    },
    'packs:preview': async ({ filter, ids }) => {
      const workspace = context.workspace();
      const built = await buildPack(await selection(filter, ids), workspace.store, workspace.images, {
        title: 'preview',
        appVersion: APP_VERSION,
      });
      return {
        questions: built.manifest.questionCount,
        images: Object.keys(built.manifest.files).length - 1,
        missingImages: built.missingImages.length,
        bytes: built.bytes.length,
      };
    },
    'packs:to-moodle': async ({ data }) => {
      const { xml, id, questions } = await packFileToMoodle(
        Buffer.from(data),
        (pack) => {
          // Its keys go into the XML: refused while the exam running now holds one of its questions.
          if (pack.content.questions.some((q) => context.isLocked(q.id) || context.isLocked(q.q.id)))
            throw new BridgeError('locked-by-exam');
          if (pack.manifest.sealed) throw new BridgeError('sealed-pack');
        },
        context.readPack,
      );
      return { fileName: `${id}.moodle.xml`, data: new Uint8Array(new TextEncoder().encode(xml)), questions };
    },
    'packs:from-moodle': async ({ data, title }) => {
      const built = await context.moodleToPack(data, { title, appVersion: APP_VERSION });
      const imported = await importBytes(
        Buffer.from(built.bytes.buffer, built.bytes.byteOffset, built.bytes.byteLength),
      );
      return {
        ...imported,
        fileName: `${built.manifest.id}.exampack`,
        data: new Uint8Array(built.bytes),
        skipped: built.skipped,
      };
    },
    'packs:release': async ({ id, code }) => {
      // Not while the exam running now holds one of its questions: finish it first (its answers are saved).
      const source = `pack:${id}`;
      for (const question of context.workspace().store.all()) {
        if (question.sources.includes(source) && context.isLocked(question.id)) throw new BridgeError('locked-by-exam');
      }
      // A wrong code ends here, with nothing written.
      const payload = await unsealPack(context.workspace(), id, code);
      await journalRelease(context.workspace(), id, payload);
      const released = await context.released(id, payload);
      context.changed();
      return { released, packs: await summaries(await listPacks(context.workspace())) };
    },
    'packs:build': async ({ filter, ids, title, description, author, examConfig, seal }) => {
      const workspace = context.workspace();
      const chosen = await selection(filter, ids);
      await fetchMissingImages(chosen, workspace.images, await context.imageHosts());
      // Shown once to the tutor, kept nowhere: whoever has it can open the answers.
      const releaseCode = seal ? newReleaseCode() : null;
      const built = await buildPack(chosen, workspace.store, workspace.images, {
        title,
        appVersion: APP_VERSION,
        explanations: (id, q) => workspace.explanations.for(id, q),
        ...(description && { description }),
        ...(author && { author }),
        ...(examConfig && { examConfig }),
        ...(releaseCode && { sealWith: releaseCode }),
      });
      return {
        releaseCode,
        fileName: `${built.manifest.id}.exampack`,
        data: new Uint8Array(built.bytes),
        questions: built.manifest.questionCount,
        images: Object.keys(built.manifest.files).length - 1,
        missingImages: built.missingImages.length,
        bytes: built.bytes.length,
      };
    },
  };

  /**
   * A file the OS asked to open: checked first (the student is asked only about a real pack, and
   * told at once why a file is not one), then remembered under a token until the student confirms.
   */
  /**
   * Unanswered offers go oldest first (Map keeps insertion order) while too many wait, or while they
   * and `incoming` more bytes would take more than the bound; `keep` (the newest) always stays.
   */
  const forgetOldOffers = async (incoming: number, keep?: string) => {
    let held = [...pending.values()].reduce((sum, staged) => sum + staged.size, 0) + incoming;
    for (const [token, staged] of pending) {
      if (token === keep) continue;
      if (pending.size + (keep ? 0 : 1) <= PENDING_OFFERS && held <= PENDING_BYTES) break;
      pending.delete(token);
      held -= staged.size;
      await rm(staged.path, { force: true });
    }
  };

  /** Called one file at a time (services.offerFile): at most one file is being staged at once. */
  const offer = async (path: string): Promise<PackOffer> => {
    const name = basename(path);
    let staged: StagedFile | null = null;
    try {
      // Room first, for this file's size: what waits and what is being staged stay within the bound.
      staged = await stageOfferedPack(path, context.offersDir, (size) => forgetOldOffers(size));
      const pack = await context.readPack({ path: staged.path });
      await pack.dispose();
      const token = randomUUID();
      pending.set(token, staged);
      await forgetOldOffers(0, token);
      return {
        name,
        token,
        title: pack.manifest.title,
        questions: pack.manifest.questionCount,
        sha256: staged.sha256,
        error: null,
      };
    } catch (error) {
      if (staged) await rm(staged.path, { force: true });
      return { name, token: null, title: null, questions: 0, sha256: null, error: context.toError(error) };
    }
  };

  /** The app closes: no offer outlives it (a confirmation after a restart finds none: 'not-found'). */
  const dropOffers = async () => {
    const staged = [...pending.values()];
    pending.clear();
    await Promise.all(staged.map((file) => rm(file.path, { force: true })));
  };

  return { handlers, offer, dropOffers };
}

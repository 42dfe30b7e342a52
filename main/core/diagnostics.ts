// What a student hands a support person (Help → Copy diagnostics / Save logs): versions, system,
// the data folder's size and counts, the storage's security level, the last errors with their
// codes and the recent log. Built from counts and the log only — never a key, an answer, a note or
// a student's name — and the home folder (often the student's own name) is written as "~".
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheInfo, KeyStatus, StorageSecurity } from '../../preload/contract.js';

export interface DiagnosticsInput {
  app: { name: string; version: string; shell: 'electron' | 'harness' };
  /** process.versions: electron and chrome when in Electron. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  os: { platform: string; release: string; arch: string; locale: string };
  storageSecurity: StorageSecurity;
  cache: CacheInfo;
  notebookCards: number;
  paperExams: number;
  running: boolean;
  /** Whether each product has a key, and where its API is: never the key, nor its masked hint. */
  keys: Pick<KeyStatus, 'product' | 'present' | 'sessionOnly' | 'baseUrl'>[];
  /** The log's lines, oldest first. */
  log: string[];
  /** The user's home folder: paths are written from "~". */
  home: string;
  /** Text that must not appear whatever happens (the API keys): replaced if it does. */
  secrets: string[];
  now: Date;
}

/** Lines of the log shown in full; the errors are picked from all that was read. */
export const LOG_TAIL = 200;
export const LAST_ERRORS = 20;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The log's lines, oldest first, from the rotated files (main.log.2, .1) and the current one. */
export async function readLog(dir: string, files = 3): Promise<string[]> {
  const names = [...Array.from({ length: files - 1 }, (_, i) => `main.log.${files - 1 - i}`), 'main.log'];
  const lines: string[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8').catch(() => '');
    lines.push(...text.split('\n').filter((line) => line.trim()));
  }
  return lines;
}

/** A log line is an error or a warning: "<iso> ERROR|WARN message {data}". */
const isProblem = (line: string) => /^\S+ (ERROR|WARN) /.test(line);

export function diagnosticsText(input: DiagnosticsInput): string {
  const { cache } = input;
  const versions = Object.entries(input.versions)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const keys = input.keys.map(
    (k) =>
      `${k.product}: ${k.present ? `key present${k.sessionOnly ? ' (this session only)' : ''}` : 'no key'}${
        k.baseUrl ? ` · API ${new URL(k.baseUrl).origin}` : ''
      }`,
  );
  const errors = input.log.filter(isProblem).slice(-LAST_ERRORS);
  const text = [
    `# ${input.app.name} diagnostics`,
    `generated: ${input.now.toISOString()}`,
    '',
    `app: ${input.app.version} (${input.app.shell}) · ${versions}`,
    `os: ${input.os.platform} ${input.os.release} ${input.os.arch} · locale ${input.os.locale}`,
    `storage security: ${input.storageSecurity}`,
    `data folder: ${cache.dataDir} · ${megabytes(cache.bytes)}`,
    `questions: ${cache.questions} (synced ${cache.syncedQuestions}, from packs ${cache.packQuestions}) · packs: ${cache.packs}`,
    `attempts: ${cache.attempts}${input.running ? ' (one running)' : ''} · notebook cards: ${input.notebookCards} · paper exams: ${input.paperExams}`,
    ...keys.map((line) => `keys · ${line}`),
    '',
    `## last errors and warnings (${errors.length})`,
    ...(errors.length ? errors : ['(none)']),
    '',
    `## recent log (last ${Math.min(LOG_TAIL, input.log.length)} lines)`,
    ...input.log.slice(-LOG_TAIL),
    '',
  ].join('\n');
  return scrub(text, input);
}

/** The home folder as "~" (on Windows in either slash), and any secret that slipped in removed. */
function scrub(text: string, input: Pick<DiagnosticsInput, 'home' | 'secrets'>): string {
  let out = text;
  if (input.home.length > 1) {
    for (const home of new Set([input.home, input.home.replaceAll('\\', '/'), input.home.replaceAll('\\', '\\\\')]))
      out = out.split(home).join('~');
  }
  for (const secret of input.secrets) if (secret.length >= 4) out = out.split(secret).join('[removed]');
  return out;
}

/** A file name for "Save logs": the date, never the student's name. */
export const diagnosticsFileName = (now: Date) => `exam-practice-diagnostics-${now.toISOString().slice(0, 10)}.txt`;

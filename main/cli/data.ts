// cli data export / restore: the student's work to another machine (docs/backup.md). The passphrase
// that seals the API key comes from EXAM_EXPORT_PASSPHRASE, never an argument (a process list shows
// arguments), and so does the key itself (EXAM_API_KEY), as for `sync`.
import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { PRODUCTS, type Product } from '../core/api/schemas.js';
import { exportData } from '../core/backup/export.js';
import { restoreData } from '../core/backup/restore.js';
import { dataDirCommand, EXIT, printer, UsageError, type Done } from './common.js';

interface ExportOptions {
  dataDir: string;
  out: string;
  withCatalog?: boolean;
  keyProduct?: Product;
  baseUrl?: string;
  json?: boolean;
}

interface RestoreOptions {
  dataDir: string;
  replace?: boolean;
  json?: boolean;
}

const passphrase = () => process.env.EXAM_EXPORT_PASSPHRASE || undefined;

export function dataExportCommand(done: Done): Command {
  return dataDirCommand(
    'export',
    "the student's work in one file for another machine (EXAM_EXPORT_PASSPHRASE seals the API key in)",
  )
    .requiredOption('--out <file>', 'the file to write')
    .option('--with-catalog', 'carry the synced questions and images too: the new machine syncs nothing')
    .addOption(
      new Option('--key-product <product>', 'with EXAM_API_KEY and a passphrase: the key to carry').choices(PRODUCTS),
    )
    .option('--base-url <url>', "the carried key's API address")
    .action(async (opts: ExportOptions) => done(await dataExport(opts)));
}

export function dataRestoreCommand(done: Done): Command {
  return dataDirCommand(
    'restore',
    "replaces the data folder's work by a backup or export (what was there is backed up first)",
  )
    .argument('<file>', 'the backup or export')
    .option('--replace', 'required: the folder is replaced (merging is not built yet)')
    .action(async (file: string, opts: RestoreOptions) => done(await dataRestore(file, opts)));
}

async function dataExport(opts: ExportOptions): Promise<number> {
  const key = process.env.EXAM_API_KEY;
  const secret = passphrase();
  if (opts.keyProduct && (!key || !secret || !opts.baseUrl))
    throw new UsageError('--key-product needs EXAM_API_KEY, EXAM_EXPORT_PASSPHRASE and --base-url');
  const keys = opts.keyProduct && key && opts.baseUrl ? [{ product: opts.keyProduct, key, baseUrl: opts.baseUrl }] : [];
  const out = resolve(opts.out);
  const result = await exportData(opts.dataDir, out, {
    catalog: opts.withCatalog === true,
    keys,
    ...(secret !== undefined && { passphrase: secret }),
  });
  const c = result.manifest.counts;
  printer(opts.json)(
    {
      path: out,
      entries: result.manifest.entries.length,
      withCatalog: result.manifest.withCatalog,
      keys: result.keys,
      counts: c,
    },
    `Exported ${c.attempts} attempts, ${c.notebookCards} notebook cards, ${c.notes} notes, ${c.packs} packs${result.keys > 0 ? ', the API key (sealed)' : ''} to ${out}`,
  );
  return EXIT.ok;
}

async function dataRestore(file: string, opts: RestoreOptions): Promise<number> {
  if (!opts.replace) throw new UsageError('data restore needs --replace (merging two histories is not built yet)');
  const secret = passphrase();
  const result = await restoreData(opts.dataDir, resolve(file), {
    mode: 'replace',
    ...(secret !== undefined && { passphrase: secret }),
  });
  const c = result.manifest.counts;
  printer(opts.json)(
    {
      restored: result.manifest.entries.length,
      counts: c,
      previous: result.previous,
      // The CLI cannot store a key in the app's OS-encrypted vault: it says which ones opened.
      keysOpened: result.keys.map((k) => k.product),
      keysLeftSealed: result.keysLeftSealed,
    },
    `Restored ${c.attempts} attempts, ${c.notebookCards} notebook cards, ${c.notes} notes, ${c.packs} packs; what was there is in ${result.previous}`,
  );
  return EXIT.ok;
}

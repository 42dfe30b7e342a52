// cli pack inspect: a pack's manifest, counts and integrity, without importing it.
import { Command } from 'commander';
import { readPack } from '../core/packs/reader.js';
import { EXIT, printer, type Done } from './common.js';
import { inputFile, packWork } from './pack-files.js';

export function packInspectCommand(done: Done): Command {
  return new Command('inspect')
    .description("a pack's manifest, counts by subject and integrity (nothing is imported)")
    .argument('<file>', 'the .exampack')
    .option('--json', 'print one JSON line')
    .action(async (file: string, opts: { json?: boolean }) => done(await inspect(file, opts)));
}

async function inspect(file: string, opts: { json?: boolean }): Promise<number> {
  const print = printer(opts.json);
  const bytes = await inputFile(file);
  return packWork(async () => {
    const read = await readPack(bytes);
    await read.dispose();
    const bySubject: Record<string, number> = {};
    const names = new Map(read.content.subjects.map((s) => [s.id, s.name]));
    for (const { q } of read.content.questions) {
      const name = names.get(q.subject.id) ?? q.subject.name ?? q.subject.id;
      bySubject[name] = (bySubject[name] ?? 0) + 1;
    }
    const summary = {
      manifest: read.manifest,
      counts: { questions: read.content.questions.length, images: read.images.size, bySubject },
      integrity: 'ok',
    };
    print(
      summary,
      `${read.manifest.title} (${read.manifest.id}): ${read.content.questions.length} questions, ${read.images.size} images, integrity ok`,
    );
    return EXIT.ok;
  }, print);
}

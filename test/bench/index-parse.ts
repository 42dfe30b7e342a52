// The baseline of the start rows (memory.ts): a fresh process reads and JSON.parses the catalog's
// index, nothing else — the least any start that shows the library must do. Prints milliseconds.
import { readFile } from 'node:fs/promises';

const started = performance.now();
JSON.parse(await readFile(process.argv[2] ?? '', 'utf8'));
process.stdout.write(`${performance.now() - started}\n`);

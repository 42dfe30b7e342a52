// Writes the JSON Schemas of the pack format and of result files, generated from the zod schemas
// that define them (main/core/packs/format.ts, main/core/class/result-file.ts).   npm run pack-schema
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { manifestSchema, questionsFileSchema } from '../main/core/packs/format.js';
import { resultFileSchema } from '../main/core/class/result-file.js';

const ROOT = join(fileURLToPath(import.meta.url), '../..');

export function packSchemas(): Record<string, string> {
  const render = (schema: z.ZodType, title: string) =>
    `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
  return {
    'docs/schemas/pack-manifest.schema.json': render(manifestSchema, 'Exam Practice pack: manifest.json'),
    'docs/schemas/pack-questions.schema.json': render(questionsFileSchema, 'Exam Practice pack: questions.json'),
    'docs/schemas/result-file.schema.json': render(resultFileSchema, 'Exam Practice result file (.examresult)'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(packSchemas())) {
    await writeFile(join(ROOT, file), text);
    console.log(`wrote ${file}`);
  }
}

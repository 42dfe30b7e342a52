// The Moodle reader under hostile input, each file read in a child process whose peak memory and
// time are measured: every refusal comes from the linear scan, before a tree is built.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMoodleXml, MoodleError } from '../../main/core/packs/moodle.js';
import { bundleCrashChild, type ChildRunner } from '../support/crash-child-runner.js';
import { tempDir } from '../support/temp.js';

let runChild: ChildRunner;
let removeChild: () => Promise<void>;
let dir = '';
let cleanupDir: () => Promise<void>;
/** What each measured read took, for the closing note and docs/performance.md (not asserted: machines vary). */
const measured: Record<string, { maxRssMb: number; ms: number }> = {};

beforeAll(async () => {
  const child = await bundleCrashChild();
  runChild = child.run;
  removeChild = child.remove;
  ({ dir, cleanup: cleanupDir } = await tempDir());
}, 60_000);
afterAll(async () => {
  console.log(`moodle bounds: ${JSON.stringify(measured)}`);
  await removeChild();
  await cleanupDir();
});

const question = (id: string, extra = '') =>
  `<question type="multichoice"><name><text>${id}</text></name><questiontext format="html"><text>Quanto é 1+1? ${id}</text>${extra}</questiontext>` +
  `<idnumber>${id}</idnumber><single>true</single>` +
  `<answer fraction="100"><text>2</text></answer><answer fraction="0"><text>3</text></answer></question>`;
const quiz = (body: string) => `<?xml version="1.0"?><quiz>${body}</quiz>`;

async function measure(name: string, xml: string) {
  const file = join(dir, `${name}.xml`);
  await writeFile(file, xml);
  const { lines, stderr } = await runChild(['moodle-measured', file], () => undefined);
  expect(stderr).toBe('');
  const outcome = JSON.parse(lines.at(-1) ?? '{}') as {
    error: string | null;
    questions: number;
    uniqueIds: number;
    maxRssMb: number;
    ms: number;
  };
  measured[name] = { maxRssMb: outcome.maxRssMb, ms: outcome.ms };
  return outcome;
}

describe('the Moodle reader stays bounded', () => {
  it('60 MB of tiny elements: refused as too complex, with no tree built', async () => {
    const outcome = await measure('tiny-elements', quiz(question('q1') + '<a/>'.repeat(15_000_000)));
    expect(outcome.error).toBe('too-complex');
    expect(outcome.maxRssMb).toBeLessThan(450);
  }, 120_000);

  it('a 60 MB base64 <file>: refused as too large', async () => {
    const file = `<file name="x.png" path="/" encoding="base64">${'A'.repeat(60 * 1024 * 1024)}</file>`;
    const outcome = await measure('huge-file', quiz(question('q1', file)));
    expect(outcome.error).toBe('too-large');
    expect(outcome.maxRssMb).toBeLessThan(450);
  }, 120_000);

  it('a text of 2 MB between two tags: refused', async () => {
    const outcome = await measure('long-text', quiz(question('q1', 'x'.repeat(2 * 1024 * 1024))));
    expect(outcome.error).toBe('too-complex');
  }, 60_000);

  it('more than 5,000 questions: refused by the scan, before parsing', async () => {
    const outcome = await measure(
      'too-many',
      quiz(Array.from({ length: 5_001 }, (_, i) => question(`q${i}`)).join('')),
    );
    expect(outcome.error).toBe('too-many-questions');
  }, 60_000);

  it('5,000 questions sharing one idnumber: read, each with its own id, in linear time', async () => {
    const outcome = await measure(
      'duplicate-ids',
      quiz(Array.from({ length: 5_000 }, () => question('same')).join('')),
    );
    expect(outcome.error).toBeNull();
    expect(outcome.questions).toBe(5_000);
    expect(outcome.uniqueIds).toBe(5_000);
    expect(outcome.maxRssMb).toBeLessThan(600);
  }, 120_000);

  it('a bad character reference or file-name escape is a clear refusal, never an uncaught error', async () => {
    for (const xml of [
      quiz(question('q1').replace('Quanto é', '&#99999999; Quanto é')),
      quiz(
        '<question type="multichoice"><name><text>q1</text></name><questiontext format="html">' +
          '<text><![CDATA[<p><img src="@@PLUGINFILE@@/a%zz.png"></p>Quanto é 1+1?]]></text>' +
          '<file name="a%zz.png" path="/" encoding="base64">iVBORw0KGgo=</file></questiontext>' +
          '<single>true</single><answer fraction="100"><text>2</text></answer>' +
          '<answer fraction="0"><text>3</text></answer></question>',
      ),
    ]) {
      let caught: unknown = null;
      try {
        await fromMoodleXml(new TextEncoder().encode(xml));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(MoodleError);
      expect((caught as MoodleError).code).toBe('not-moodle-xml');
    }
  });
});

// npm run bench -- class: a tutor's largest class report, from main's side. 1,000 result files of
// 500 answers each are read, analysed and calibrated in the decoding worker; main's longest event-loop
// stall is measured beside it (a 1 ms timer's lateness), against the 50 ms the issue allows. The TRI
// calibration of 1,000 × 500 (3PL) is timed in the worker, against its budget (DEFAULT_LIMITS.irtMs).
import { writeResultFile } from '../../main/core/class/result-file.js';
import { DEFAULT_LIMITS } from '../../main/core/worker/client.js';
import { writePack } from '../../main/core/packs/writer.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { sampleQuestion } from '../support/questions.js';
import { simulateClass } from '../support/irt-sim.js';
import { tempDir } from '../support/temp.js';

const STUDENTS = Number(process.env.BENCH_CLASS_STUDENTS ?? 1_000);
const ITEMS = Number(process.env.BENCH_CLASS_ITEMS ?? 500);

const temp = await tempDir('exam-bench-class-');
const services = await nodeServices({ dataDir: temp.dir });
try {
  // A pack of ITEMS questions, and STUDENTS result files answering it as a 3PL class would.
  const questions = Array.from({ length: ITEMS }, (_, n) => {
    const q = sampleQuestion(5_000 + n);
    return { id: q.id, q, year: null, difficulty: null };
  });
  const built = await writePack({ questions, exams: [], subjects: [], images: {} }, new Map(), {
    title: 'Turma grande',
    appVersion: '0.1.0',
    products: [],
    sealed: null,
  });
  const pack = new Uint8Array(built.bytes);
  const keys = questions.map(({ q }) => q.alternatives.find((a) => a.id === q.correctAlternativeId)?.letter ?? 'A');
  const at = new Date(2026, 10, 20, 13, 30).toISOString();
  const files = simulateClass(STUDENTS, ITEMS, 41, '3pl').responses.map((row, s) => ({
    name: `aluno-${s + 1}.examresult`,
    data: new TextEncoder().encode(
      writeResultFile({
        format: 'exam-practice-result',
        formatVersion: '1.0',
        student: `Aluno ${s + 1}`,
        pack: {
          id: built.manifest.id,
          title: built.manifest.title,
          contentHash: built.manifest.files['questions.json'] ?? '',
        },
        attempt: { id: crypto.randomUUID(), startedAt: at, submittedAt: at, timeLimitMinutes: 300 },
        answers: questions.map(({ id }, j) => {
          const key = keys[j] ?? 'A';
          return {
            questionId: id,
            choice: row[j] === 1 ? key : 'ABCDE'.replace(key, '').charAt(s % 4),
            guessed: false,
            timeMs: 60_000,
          };
        }),
      }),
    ),
  }));
  const bytes = files.reduce((sum, f) => sum + f.data.byteLength, 0);
  // The bench's own garbage (the simulated class, the files' text) is not main's: collected before
  // measuring, so what main's heap holds is what the real main holds (the files it was sent).
  (globalThis as { gc?: () => void }).gc?.();

  // Main's event loop while the report is made: the longest a 1 ms timer came late.
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  const started = performance.now();
  const report = await callValue(services, 'class:report', { pack, results: files });
  const elapsed = performance.now() - started;
  clearInterval(probe);

  const tri = report.tri;
  console.log(
    `class report: ${STUDENTS} students × ${ITEMS} questions (${(bytes / 1e6).toFixed(0)} MB of result files)`,
  );
  console.log(
    `  accepted ${report.accepted.length}, refused ${report.rejected.length}; TRI ${tri.status}${tri.status === 'ok' ? ` (${tri.model})` : ` (${tri.reason})`}`,
  );
  console.log(`  report with TRI in ${(elapsed / 1000).toFixed(1)} s; TRI budget ${DEFAULT_LIMITS.irtMs / 1000} s`);
  console.log(`  main's longest event-loop stall: ${longest.toFixed(0)} ms (target ≤ 50 ms)`);
} finally {
  await services.close();
  await temp.cleanup();
}

// `npm run bench -- tri`: the class TRI on simulated classes with known parameters (45 questions),
// by class size: how far the calibrated items and the students' proficiencies are from the truth,
// the standard error the report shows beside the truth's error, and the calibration's time against
// a baseline measured in the same run (the classical item statistics of the same answers).
import { calibrate, modelFor, type IrtModel } from '../../main/core/class/irt.js';
import { linkToScale, meanSeOf } from '../../main/core/class/irt-link.js';
import { correlation, rmse, simulateClass, simulateSittings } from '../support/irt-sim.js';

/** BENCH_TRI_PART=link runs only the last table (a later simulado on an earlier scale). */
const PART = process.env.BENCH_TRI_PART ?? 'all';

const ITEMS = 45;
const REPLICATIONS = 3;
const rows: string[][] = [];

/** The classical figures of the same matrix: facility and point-biserial per item. */
function classical(responses: number[][]): number {
  const totals = responses.map((row) => row.reduce((a, b) => a + b, 0));
  const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
  let sink = 0;
  for (let j = 0; j < (responses[0]?.length ?? 0); j++) {
    let right = 0;
    let cov = 0;
    responses.forEach((row, i) => {
      right += row[j] ?? 0;
      cov += (row[j] ?? 0) * ((totals[i] ?? 0) - mean);
    });
    sink += right / responses.length + cov;
  }
  return sink;
}

if (PART === 'all') {
  const cases: { students: number; model: IrtModel; truth: 'rasch' | '2pl' | '3pl' }[] = [
    { students: 30, model: modelFor(30), truth: 'rasch' },
    { students: 100, model: modelFor(100), truth: '2pl' },
    { students: 300, model: modelFor(300), truth: '2pl' },
    { students: 300, model: 'rasch', truth: '2pl' },
    { students: 1000, model: modelFor(1000), truth: '3pl' },
  ];
  for (const { students, model, truth } of cases) {
    const figures = { b: 0, a: 0, c: 0, theta: 0, se: 0, r: 0, ms: 0, baseline: 0 };
    for (let rep = 0; rep < REPLICATIONS; rep++) {
      const world = simulateClass(students, ITEMS, 500 + rep * 7 + students, truth);
      const baselineStart = performance.now();
      for (let k = 0; k < 20; k++) classical(world.responses);
      figures.baseline += (performance.now() - baselineStart) / 20;
      const started = performance.now();
      const result = calibrate(world.responses, { model });
      figures.ms += performance.now() - started;
      const kept = result.items.flatMap((item, j) => (item ? [{ item, truth: world.items[j] }] : []));
      figures.b += rmse(
        kept.map((k) => k.item.b),
        kept.map((k) => k.truth?.b ?? 0),
      );
      figures.a += rmse(
        kept.map((k) => k.item.a),
        kept.map((k) => k.truth?.a ?? 0),
      );
      figures.c += rmse(
        kept.map((k) => k.item.c),
        kept.map((k) => k.truth?.c ?? 0),
      );
      const thetas = result.proficiency.map((p) => p.theta);
      figures.theta += rmse(thetas, world.thetas);
      figures.se += result.proficiency.reduce((s, p) => s + p.se, 0) / students;
      figures.r += correlation(thetas, world.thetas);
    }
    const avg = (value: number, digits = 2) => (value / REPLICATIONS).toFixed(digits);
    rows.push([
      `${students}`,
      `${model}${model !== truth ? ` (data ${truth})` : ''}`,
      avg(figures.b),
      avg(figures.a),
      truth === '3pl' ? avg(figures.c) : '—',
      `${avg(figures.theta)} (${avg(figures.theta * 100, 0)} points)`,
      avg(figures.se),
      avg(figures.r, 3),
      `${avg(figures.ms, 0)} ms`,
      `${(figures.ms / Math.max(1e-3, figures.baseline)).toFixed(0)}×`,
    ]);
  }
  console.log(
    `\nClass TRI on simulated classes (${ITEMS} questions, θ ~ N(0, 1), ${REPLICATIONS} replications each; RMSE against the truth)\n`,
  );
  console.log(
    '| students | model | b | a | c | θ (on the 500/100 scale) | mean reported SE | r(θ̂, θ) | calibration | vs classical statistics |\n|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);

  // Which model at which class size (issue 46): ENEM-like answers (3PL: five alternatives, a guessing
  // floor of 0.10–0.25) at 30, 100 and 300 students, calibrated by each model. What a student sees is
  // the score: its error against the truth, and how often the 95 % band (±1.96 SE) holds the truth.
  const SIZES = [30, 100, 300];
  const MODELS: IrtModel[] = ['rasch', '2pl', '3pl'];
  const THRESHOLD_REPS = 5;
  console.log(
    `\nWhich model at which size: ENEM-like (3PL) classes, ${ITEMS} questions, ${THRESHOLD_REPS} replications; ` +
      'θ RMSE in points on the 500/100 scale, and the share of students whose true θ lies in the 95 % band\n',
  );
  console.log(
    '| students | model | θ RMSE (points) | 95 % band holds the truth | mean SE (points) |\n|---|---|---|---|---|',
  );
  for (const students of SIZES) {
    for (const model of MODELS) {
      let error = 0;
      let covered = 0;
      let se = 0;
      for (let rep = 0; rep < THRESHOLD_REPS; rep++) {
        const world = simulateClass(students, ITEMS, 9_000 + rep * 13 + students, '3pl');
        const result = calibrate(world.responses, { model });
        const thetas = result.proficiency.map((p) => p.theta);
        error += rmse(thetas, world.thetas);
        covered +=
          result.proficiency.filter((p, i) => Math.abs(p.theta - (world.thetas[i] ?? 0)) <= 1.96 * p.se).length /
          students;
        se += result.proficiency.reduce((sum, p) => sum + p.se, 0) / students;
      }
      const mark = model === modelFor(students) ? ' (used)' : '';
      console.log(
        `| ${students} | ${model}${mark} | ${((100 * error) / THRESHOLD_REPS).toFixed(1)} | ${((100 * covered) / THRESHOLD_REPS).toFixed(1)} % | ${((100 * se) / THRESHOLD_REPS).toFixed(1)} |`,
      );
    }
  }
}

// Progress over time: the same class sits two forms a few weeks apart (45 questions each, some
// shared), grown by half an SD (50 points) with each student's own gain spread around it. The later
// report is linked to the earlier one's saved scale (irt-link.ts). Its growth against the truth (the
// students' own mean gain), and how often the 95 % band holds it; beside it, the growth each report
// shows alone (each centred at 500).
const LINK_REPS = 20;
console.log(
  `\nA later simulado on the earlier scale: Rasch classes, two forms of ${ITEMS} questions, growth 50 points, ${LINK_REPS} replications\n`,
);
console.log(
  '| students | shared | linked: growth RMSE (points) | bias | 95 % band holds the truth | refused | alone: growth RMSE |\n|---|---|---|---|---|---|---|',
);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const students of [30, 100]) {
  for (const common of [10, 15, 20]) {
    let squared = 0;
    let bias = 0;
    let covered = 0;
    let made = 0;
    let alone = 0;
    for (let rep = 0; rep < LINK_REPS; rep++) {
      const world = simulateSittings(students, ITEMS, common, 0.5, 40_000 + rep * 31 + common + students);
      const earlier = calibrate(world.earlier.responses);
      const later = calibrate(world.later.responses);
      const earlierMean = mean(earlier.proficiency.map((p) => p.theta));
      const truth = mean(world.later.thetas) - mean(world.earlier.thetas);
      alone += (mean(later.proficiency.map((p) => p.theta)) - earlierMean - truth) ** 2;
      const link = linkToScale(world.later.ids, later.items, later.proficiency, {
        pack: { id: 'bench', title: 'bench' },
        sittingAt: '2026-10-01T12:00:00.000Z',
        model: earlier.model,
        students,
        mean: earlierMean,
        meanSe: meanSeOf(earlier.proficiency),
        items: world.earlier.ids.flatMap((id, j) => {
          const item = earlier.items[j];
          return item ? [{ id, ...item }] : [];
        }),
      });
      if (link.status !== 'ok') continue;
      made++;
      const error = link.mean - earlierMean - truth;
      squared += error ** 2;
      bias += error;
      if (Math.abs(error) <= 1.96 * link.growthSe) covered++;
    }
    console.log(
      `| ${students} | ${common} | ${(100 * Math.sqrt(squared / Math.max(1, made))).toFixed(1)} | ${((100 * bias) / Math.max(1, made)).toFixed(1)} | ${covered} of ${made} | ${LINK_REPS - made} | ${(100 * Math.sqrt(alone / LINK_REPS)).toFixed(1)} |`,
    );
  }
}

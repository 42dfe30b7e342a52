// The tutor's class report: a pack file and the students' result files (picked, or a whole
// folder) → scores, the class's averages by subject, and an analysis of every question, with
// one CSV per table and a printable page. Everything is computed in main.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_FILE_MAX_BYTES, type ClassReportView, type ResultOffer } from '../../../../preload/contract';
import { BarChart } from '../../components/BarChart';
import { band, TriSection, useFixed } from './TriSection';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';
import { saveFiles } from '../../lib/save-files';

const percent = (value: number) => `${Math.round(value * 100)}%`;
/** A paper sheet has no clock: its time is 0 and shown as unknown, never as "0 min" (docs/paper.md). */
const minutes = (ms: number) => (ms > 0 ? `${Math.round(ms / 60_000)}\u00a0min` : '–');
const seconds = (ms: number) => (ms > 0 ? `${Math.round(ms / 1000)}\u00a0s` : '–');

async function bytesOf(file: File) {
  return new Uint8Array(await file.arrayBuffer());
}

/** A result file as main reads it: never more than one byte past the largest it takes, so an
 * oversized file is refused by its name while the others still count. */
async function resultBytesOf(file: File) {
  return new Uint8Array(await file.slice(0, RESULT_FILE_MAX_BYTES + 1).arrayBuffer());
}

const NONE_OPENED: ResultOffer[] = [];

export function ClassReportScreen({
  opened = NONE_OPENED,
  onClearOpened,
}: {
  /** Result files the OS opened (double-click, a second launch), checked by main: in the list. */
  opened?: ResultOffer[];
  onClearOpened?: () => void;
}) {
  const { t } = useTranslation();
  const fixed = useFixed();
  const [pack, setPack] = useState<File | null>(null);
  const [picked, setPicked] = useState<File[]>([]);
  const [code, setCode] = useState('');
  const [scale, setScale] = useState<File | null>(null);
  const [report, setReport] = useState<ClassReportView | null>(null);
  const tri = report?.tri.status === 'ok' ? report.tri : null;
  const linked = tri?.link?.status === 'ok' ? tri.link : null;
  const { busy, error, run } = useAction();
  const [open, setOpen] = useState<number | null>(null);
  // The files opened from the OS are kept by the app (they may arrive before this screen shows).
  const openedFiles = useMemo(
    () => opened.flatMap((offer) => (offer.data ? [new File([offer.data], offer.name)] : [])),
    [opened],
  );
  const refusedOpened = opened.filter((offer) => offer.error !== null);
  const results = useMemo(() => {
    const seen = new Set<string>();
    return [...openedFiles, ...picked].filter((f) => !seen.has(f.name) && seen.add(f.name));
  }, [openedFiles, picked]);

  const addResults = (files: FileList | null) => {
    const chosen = [...(files ?? [])].filter((f) => f.name.endsWith('.examresult'));
    setPicked((current) => [...current, ...chosen]);
  };
  const clear = () => {
    setPicked([]);
    onClearOpened?.();
  };

  const build = async () => {
    if (!pack) return;
    const view = await run(async () =>
      api['class:report']({
        pack: await bytesOf(pack),
        ...(code.trim() && { code: code.trim() }),
        // One byte past the largest scale main takes: a larger file is refused by name, never read whole.
        ...(scale && { scale: new Uint8Array(await scale.slice(0, 1024 * 1024 + 1).arrayBuffer()) }),
        results: await Promise.all(results.map(async (f) => ({ name: f.name, data: await resultBytesOf(f) }))),
      }),
    );
    if (view) setReport(view);
  };

  return (
    <section aria-labelledby="class-heading" data-testid="screen-class">
      <h2 id="class-heading">{t('class.heading')}</h2>
      <p className="muted no-print">{t('class.intro')}</p>
      <div className="class-inputs no-print">
        <label>
          {t('class.pack')}
          <input
            type="file"
            accept=".exampack"
            onChange={(e) => setPack(e.target.files?.[0] ?? null)}
            data-testid="class-pack-input"
          />
        </label>
        <label>
          {t('class.results')}
          <input
            type="file"
            accept=".examresult"
            multiple
            onChange={(e) => addResults(e.target.files)}
            data-testid="class-results-input"
          />
        </label>
        <label>
          {t('class.folder')}
          <input
            type="file"
            // A whole folder of result files at once (Chromium's directory picker).
            {...{ webkitdirectory: '' }}
            onChange={(e) => addResults(e.target.files)}
            data-testid="class-folder-input"
          />
        </label>
        <label>
          {t('class.code')}
          <input
            value={code}
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX"
            onChange={(e) => setCode(e.target.value)}
            data-testid="class-code-input"
          />
        </label>
        <label>
          {t('class.scale')}
          <input
            type="file"
            accept=".examscale"
            onChange={(e) => setScale(e.target.files?.[0] ?? null)}
            data-testid="class-scale-input"
          />
        </label>
        <p data-testid="class-file-count">{t('class.fileCount', { count: results.length })}</p>
        {refusedOpened.length > 0 && (
          <ul className="notice notice-warning" role="alert" data-testid="class-opened-refused">
            {refusedOpened.map((offer) => (
              <li key={offer.name} data-file={offer.name} data-reason={offer.error}>
                {t('class.rejected', { file: offer.name, reason: t(`class.reasons.${offer.error ?? 'unreadable'}`) })}
              </li>
            ))}
          </ul>
        )}
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={!pack || results.length === 0 || busy}
            onClick={() => void build()}
            data-testid="class-build"
          >
            {t('class.build')}
          </button>
          {results.length > 0 && (
            <button type="button" className="secondary" onClick={clear} data-testid="class-clear">
              {t('class.clear')}
            </button>
          )}
        </div>
      </div>
      <ErrorNotice error={error} testId="class-error" />
      {report && (
        <div className="class-report" data-testid="class-report">
          <h3>{report.pack.title}</h3>
          <p data-testid="class-summary" data-students={report.students.length} data-mean={report.meanScore.toFixed(2)}>
            {t('class.summary', {
              students: report.students.length,
              questions: report.questions.length,
              mean: fixed(report.meanScore, 1),
            })}
          </p>
          <h4>{t('class.testStats.heading')}</h4>
          <dl className="test-stats" data-testid="class-test">
            {(
              [
                ['mean', report.test.mean, 1],
                ['median', report.test.median, 1],
                ['sd', report.test.sd, 2],
                ['kr20', report.test.kr20, 2],
                ['sem', report.test.sem, 2],
              ] as const
            ).map(([name, value, digits]) => (
              <div
                key={name}
                data-testid={`class-test-${name}`}
                data-value={value === null ? '–' : value.toFixed(digits)}
              >
                <dt>{t(`class.testStats.${name}`)}</dt>
                <dd>
                  <strong>{fixed(value, digits)}</strong>{' '}
                  <span className="muted">{t(`class.testStats.${name}Help`)}</span>
                </dd>
              </div>
            ))}
          </dl>
          {report.rejected.length > 0 && (
            <ul className="notice notice-warning" data-testid="class-rejected">
              {report.rejected.map((r) => (
                <li key={r.file} data-testid="class-rejected-file" data-file={r.file} data-reason={r.reason}>
                  {t('class.rejected', { file: r.file, reason: t(`class.reasons.${r.reason as 'other-pack'}`) })}
                </li>
              ))}
            </ul>
          )}
          {report.duplicates.length > 0 && (
            <ul className="notice notice-warning" data-testid="class-duplicates">
              {report.duplicates.map((d) => (
                <li key={d.file}>{t('class.duplicate', { file: d.file, student: d.student, kept: d.keptFile })}</li>
              ))}
            </ul>
          )}
          <div className="actions no-print">
            {Object.entries(report.csv).map(([name, text]) => (
              <button
                key={name}
                type="button"
                className="secondary"
                onClick={() => void run(() => saveFiles([{ fileName: `${report.pack.id}-${name}`, data: text }]))}
                data-testid={`class-csv-${name.replace('.csv', '')}`}
              >
                {t('class.csv', { name })}
              </button>
            ))}
            {report.scaleFile && (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  const file = report.scaleFile;
                  if (file) void run(() => saveFiles([file]));
                }}
                data-testid="class-save-scale"
              >
                {t('class.saveScale')}
              </button>
            )}
            <button type="button" className="secondary" onClick={() => window.print()} data-testid="class-print">
              {t('class.print')}
            </button>
          </div>

          <h4>{t('class.students')}</h4>
          <table className="data-table" data-testid="class-students">
            <thead>
              <tr>
                <th scope="col">{t('class.col.student')}</th>
                <th scope="col">{t('class.col.score')}</th>
                <th scope="col">{t('class.col.time')}</th>
                {tri && <th scope="col">{t('class.tri.column')}</th>}
                {linked && <th scope="col">{t('class.tri.linkedColumn', { title: linked.earlier.title })}</th>}
              </tr>
            </thead>
            <tbody>
              {report.students.map((s, i) => (
                <tr
                  key={s.name}
                  data-testid="class-student"
                  data-correct={s.correct}
                  data-tri={tri?.students[i]?.score.toFixed(0)}
                  data-tri-linked={linked?.students[i]?.score.toFixed(0)}
                >
                  <th scope="row">{s.name}</th>
                  <td>
                    {s.correct}/{s.total} ({percent(s.total ? s.correct / s.total : 0)})
                  </td>
                  <td data-testid="class-student-time">{minutes(s.timeMs)}</td>
                  {tri && <td>{t('class.tri.score', band(tri.students[i]))}</td>}
                  {linked && <td>{t('class.tri.score', band(linked.students[i]))}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          <TriSection report={report} />

          <BarChart
            title={t('class.bySubject')}
            testId="class-by-subject"
            bars={report.bySubject.map((s) => ({
              label: s.key,
              value: s.mean,
              max: 1,
              caption: t('class.subjectRow', { percent: percent(s.mean), count: s.items }),
            }))}
          />

          <BarChart
            title={t('class.facilityChart')}
            testId="class-facility"
            bars={report.items.map((item, i) => ({
              label: `${i + 1} · ${report.questions[i]?.subject ?? ''}`,
              value: item.facility,
              max: 1,
              caption: [percent(item.facility), ...item.flags.map((f) => t(`class.flags.${f}`))].join(' · '),
            }))}
          />

          <h4>{t('class.items')}</h4>
          <p className="muted">{t('class.itemsHelp')}</p>
          <table className="data-table" data-testid="class-items">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('class.col.subject')}</th>
                <th scope="col">{t('class.col.key')}</th>
                <th scope="col">{t('class.col.facility')}</th>
                <th scope="col">{t('class.col.pointBiserial')}</th>
                <th scope="col">{t('class.col.upperLower')}</th>
                <th scope="col" title={t('class.col.sdHelp')}>
                  {t('class.col.sd')}
                </th>
                <th scope="col" title={t('class.col.efficiencyHelp')}>
                  {t('class.col.efficiency')}
                </th>
                <th scope="col">{t('class.col.distractors')}</th>
                <th scope="col">{t('class.col.time')}</th>
                <th scope="col">{t('class.col.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {report.items.map((item, i) => (
                <tr
                  key={item.id}
                  data-testid="class-item"
                  data-id={item.id}
                  data-flags={item.flags.join(' ')}
                  data-facility={item.facility.toFixed(3)}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="link"
                      aria-expanded={open === i}
                      title={report.questions[i]?.statement}
                      onClick={() => setOpen((o) => (o === i ? null : i))}
                    >
                      {i + 1}
                    </button>
                  </th>
                  <td>{report.questions[i]?.subject}</td>
                  <td>{item.key}</td>
                  <td>{percent(item.facility)}</td>
                  <td>{fixed(item.pointBiserial)}</td>
                  <td>{fixed(item.upperLower)}</td>
                  <td>{fixed(item.sd)}</td>
                  <td data-testid="class-item-efficiency">
                    {item.efficiency === null ? '–' : percent(item.efficiency)}
                  </td>
                  <td className="distractors">
                    {item.distractors.map((d) => (
                      <span key={d.letter} className={d.key ? 'key' : undefined}>
                        {d.letter} {d.count}
                      </span>
                    ))}
                    {item.blank > 0 && <span>– {item.blank}</span>}
                  </td>
                  <td>{seconds(item.meanTimeMs)}</td>
                  <td>
                    {item.flags.map((f) => (
                      <span key={f} className="badge" data-testid="class-item-flag">
                        {t(`class.flags.${f}`)}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open !== null && report.questions[open] && (
            <p className="note-preview" data-testid="class-item-statement">
              {open + 1}. {report.questions[open]?.statement}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

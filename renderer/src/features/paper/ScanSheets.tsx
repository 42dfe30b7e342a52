// A class's answer sheets from the scanner (one multi-page PDF) or phone photos: the app reads
// every sheet, then the tutor looks at what it would not decide alone (a double mark, a light or
// erased bubble, a booklet colour not marked) and settles each with one click before grading.
// Each sheet becomes a paper attempt, as a typed one does.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ForeignLanguage, PaperExamSummary, ScannedSheet, ScanResult } from '../../../../preload/contract';
import { LanguageSelect } from './LanguageSelect';
import { ErrorNotice, useErrorText } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';
import { gradeSheets, GradedSheets, type GradedSheet } from './GradedSheets';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** What a flagged question can be settled as: a letter, blank, or a double (counted wrong). */
const CHOICES = [...LETTERS, '-', '*'];

interface Review {
  sheet: ScannedSheet;
  student: string;
  version: number | null;
  /** ENEM day 1: the language marked (read, or chosen by the tutor); null until known. */
  language: ForeignLanguage | null;
  /** The tutor's decision per flagged question (1-based), once made. */
  decided: Record<number, string>;
}

const pendingOf = (r: Review, languageChoice: boolean) =>
  r.sheet.flags.filter((f) => r.decided[f.question] === undefined).length +
  (r.version === null ? 1 : 0) +
  (languageChoice && r.language === null ? 1 : 0);

function answersOf(r: Review): string {
  return [...r.sheet.answers].map((symbol, i) => r.decided[i + 1] ?? symbol).join('');
}

export function ScanSheets({ exam, onOpen }: { exam: PaperExamSummary; onOpen: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { busy, error, run } = useAction();
  const [refused, setRefused] = useState<ScanResult['refused']>([]);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [graded, setGraded] = useState<GradedSheet[] | null>(null);
  const [grading, setGrading] = useState<{ done: number; total: number } | null>(null);

  const read = async (list: FileList) => {
    setGraded(null);
    const files = await Promise.all(
      [...list].map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
    );
    const result = await run(() => api['paper:scan']({ code: exam.code, files }));
    if (!result) return;
    setRefused(result.refused);
    setReviews(
      result.sheets.map((sheet) => ({
        sheet,
        student: '',
        version: sheet.version,
        language: sheet.language,
        decided: {},
      })),
    );
  };

  const update = (index: number, change: (r: Review) => Review) =>
    setReviews((current) => current?.map((r, i) => (i === index ? change(r) : r)) ?? null);

  const pending = reviews?.reduce((sum, r) => sum + pendingOf(r, exam.languageChoice), 0) ?? 0;

  const grade = async () => {
    if (!reviews) return;
    setGrading({ done: 0, total: reviews.length });
    const sheets = reviews.map((r) => ({
      key: r.sheet.sheet,
      label: String(r.sheet.sheet),
      student: r.student.trim() || t('paper.scan.sheetName', { sheet: r.sheet.sheet }),
      // Grading waits until every colour is chosen (pendingOf): never 0 here.
      version: r.version ?? 0,
      answers: answersOf(r),
      language: r.language,
    }));
    const out = await gradeSheets(exam.code, sheets, errorText, (done) => setGrading({ done, total: reviews.length }));
    setGrading(null);
    setGraded(out);
    setReviews(null);
  };

  return (
    <section className="scan-sheets" aria-labelledby="scan-heading" data-testid="paper-scan">
      <h3 id="scan-heading">{t('paper.scan.heading')}</h3>
      <p className="muted">{t('paper.scan.intro')}</p>
      <label>
        {t('paper.scan.files')}
        <input
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          disabled={busy || grading !== null}
          onChange={(e) => {
            if (e.target.files?.length) void read(e.target.files);
            e.target.value = '';
          }}
          data-testid="paper-scan-input"
        />
      </label>
      {busy && (
        <p role="status" data-testid="paper-scan-progress">
          {t('paper.scan.reading')}
        </p>
      )}
      <ErrorNotice error={error} testId="paper-scan-error" />
      {refused.length > 0 && (
        <ul className="notice notice-warning" data-testid="paper-scan-refused">
          {refused.map((r) => (
            <li key={`${r.source}-${r.reason}`} data-testid="paper-scan-refusal" data-reason={r.reason}>
              <strong>{r.source}</strong>: {t(`paper.scan.refusal.${r.reason}`, { detail: r.detail })}
            </li>
          ))}
        </ul>
      )}
      {reviews && (
        <>
          <p role="status" data-testid="paper-scan-summary" data-pending={pending}>
            {t('paper.scan.summary', { count: reviews.length })}{' '}
            {pending > 0 ? t('paper.scan.pending', { count: pending }) : t('paper.scan.ready')}
          </p>
          <ol className="scan-list">
            {reviews.map((r, index) => (
              <li
                key={r.sheet.sheet}
                className="scan-sheet"
                data-testid="paper-scan-sheet"
                data-sheet={r.sheet.sheet}
                data-pending={pendingOf(r, exam.languageChoice)}
              >
                <h4>
                  {t('paper.scan.sheetName', { sheet: r.sheet.sheet })} <span className="muted">{r.sheet.source}</span>
                </h4>
                <img
                  className="scan-name"
                  src={r.sheet.nameCrop}
                  alt={t('paper.scan.nameCrop')}
                  data-testid="paper-scan-name"
                />
                <div className="scan-fields">
                  <label>
                    {t('paper.scan.student')}
                    <input
                      value={r.student}
                      maxLength={100}
                      onChange={(e) => update(index, (x) => ({ ...x, student: e.target.value }))}
                      data-testid="paper-scan-student"
                    />
                  </label>
                  <label className={r.version === null ? 'scan-needs' : undefined}>
                    {t('paper.scan.version')}
                    <select
                      value={r.version ?? ''}
                      onChange={(e) => update(index, (x) => ({ ...x, version: Number(e.target.value) || null }))}
                      data-testid="paper-scan-version"
                    >
                      <option value="">{t('paper.scan.versionUnread')}</option>
                      {exam.versions.map((v) => (
                        <option key={v.number} value={v.number}>
                          {v.number} · {v.colour}
                        </option>
                      ))}
                    </select>
                  </label>
                  {exam.languageChoice && (
                    <LanguageSelect
                      value={r.language}
                      onChange={(language) => update(index, (x) => ({ ...x, language }))}
                      testId="paper-scan-language"
                    />
                  )}
                </div>
                {r.sheet.flags.length > 0 && (
                  <ul className="scan-flags">
                    {r.sheet.flags.map((flag) => {
                      const decided = r.decided[flag.question];
                      return (
                        <li
                          key={flag.question}
                          className={decided === undefined ? 'scan-flag scan-needs' : 'scan-flag'}
                          data-testid="paper-scan-flag"
                          data-question={flag.question}
                          data-kind={flag.kind}
                          data-decided={decided ?? ''}
                        >
                          <span className="scan-flag-label">
                            {t('paper.scan.question', { n: flag.question })} · {t(`paper.scan.flag.${flag.kind}`)}
                          </span>
                          <img src={flag.crop} alt={t('paper.scan.rowCrop', { n: flag.question })} />
                          <span className="muted scan-fill">
                            {flag.fill.map((f, l) => `${LETTERS[l] ?? ''} ${Math.round(f * 100)}%`).join(' · ')}
                          </span>
                          <span role="group" aria-label={t('paper.scan.decide', { n: flag.question })}>
                            {CHOICES.map((choice) => (
                              <button
                                key={choice}
                                type="button"
                                className="secondary scan-choice"
                                aria-pressed={decided === choice}
                                onClick={() =>
                                  update(index, (x) => ({ ...x, decided: { ...x.decided, [flag.question]: choice } }))
                                }
                                data-testid={`paper-scan-choice-${choice === '-' ? 'blank' : choice === '*' ? 'double' : choice}`}
                              >
                                {choice === '-'
                                  ? t('paper.scan.blank')
                                  : choice === '*'
                                    ? t('paper.scan.double')
                                    : choice}
                              </button>
                            ))}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          <button
            type="button"
            disabled={pending > 0 || reviews.length === 0 || grading !== null}
            onClick={() => void grade()}
            data-testid="paper-scan-grade"
          >
            {t('paper.scan.grade', { count: reviews.length })}
          </button>
        </>
      )}
      {grading && (
        <p role="status" data-testid="paper-scan-grading">
          {t('paper.bulk.progress', { done: grading.done, total: grading.total })}
        </p>
      )}
      {graded && (
        <GradedSheets
          rows={graded}
          heading={t('paper.scan.sheet')}
          testId="paper-scan"
          onOpen={onOpen}
          exportable={exam.pack}
        />
      )}
    </section>
  );
}

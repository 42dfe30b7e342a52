// One sheet of a scanned batch as the tutor checks it: the name as written, the student, the booklet
// colour and language read (or to choose), and each question the reader would not decide alone,
// with its crop, its fill and one button per way to settle it.
import { useTranslation } from 'react-i18next';
import type { PaperExamSummary, ScanSession, ScanSheetReview } from '../../../../preload/contract';
import { LanguageSelect } from './LanguageSelect';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** What a flagged question can be settled as: a letter, blank, or a double (counted wrong). */
const CHOICES = [...LETTERS, '-', '*'];

export type SessionSheet = ScanSession['sheets'][number];

/** What the tutor still has to decide on a sheet: flagged questions, a colour, a language. */
export const pendingOf = (entry: SessionSheet, review: ScanSheetReview, languageChoice: boolean) =>
  entry.sheet.flags.filter((f) => review.decided[String(f.question)] === undefined).length +
  (review.version === null ? 1 : 0) +
  (languageChoice && review.language === null ? 1 : 0);

export function ScanSheetCard({
  entry,
  review,
  exam,
  pending,
  again,
  onAgain,
  onOpen,
  onChange,
}: {
  entry: SessionSheet;
  review: ScanSheetReview;
  exam: PaperExamSummary;
  /** Decisions left on this sheet (0 when it is not to be graded in this batch). */
  pending: number;
  /** Graded before and asked to be graded again. */
  again: boolean;
  onAgain: (again: boolean) => void;
  onOpen: (attemptId: string) => void;
  onChange: (change: (review: ScanSheetReview) => ScanSheetReview) => void;
}) {
  const { t } = useTranslation();
  const sheet = entry.sheet.sheet;
  return (
    <li className="scan-sheet" data-testid="paper-scan-sheet" data-sheet={sheet} data-pending={pending}>
      <h4>
        {t('paper.scan.sheetName', { sheet })} <span className="muted">{entry.sheet.source}</span>
      </h4>
      {entry.earlier !== null && (
        <div className="notice notice-warning" data-testid="paper-scan-earlier" data-attempt={entry.earlier}>
          <p>
            {t('paper.scan.earlier')}{' '}
            <button type="button" className="link" onClick={() => onOpen(entry.earlier ?? '')}>
              {t('paper.scan.earlierOpen')}
            </button>
          </p>
          <label className="checkbox-inline">
            <input
              type="checkbox"
              checked={again}
              onChange={(e) => onAgain(e.target.checked)}
              data-testid="paper-scan-again"
            />{' '}
            {t('paper.scan.again')}
          </label>
        </div>
      )}
      <img
        className="scan-name"
        src={entry.sheet.nameCrop}
        alt={t('paper.scan.nameCrop')}
        data-testid="paper-scan-name"
      />
      <div className="scan-fields">
        <label>
          {t('paper.scan.student')}
          <input
            value={review.student}
            maxLength={100}
            onChange={(e) => onChange((x) => ({ ...x, student: e.target.value }))}
            data-testid="paper-scan-student"
          />
        </label>
        <label className={review.version === null ? 'scan-needs' : undefined}>
          {t('paper.scan.version')}
          <select
            value={review.version ?? ''}
            onChange={(e) => onChange((x) => ({ ...x, version: Number(e.target.value) || null }))}
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
            value={review.language}
            onChange={(language) => onChange((x) => ({ ...x, language }))}
            testId="paper-scan-language"
          />
        )}
      </div>
      {entry.sheet.flags.length > 0 && (
        <ul className="scan-flags">
          {entry.sheet.flags.map((flag) => {
            const decided = review.decided[String(flag.question)];
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
                        onChange((x) => ({
                          ...x,
                          decided: { ...x.decided, [String(flag.question)]: choice },
                        }))
                      }
                      data-testid={`paper-scan-choice-${choice === '-' ? 'blank' : choice === '*' ? 'double' : choice}`}
                    >
                      {choice === '-' ? t('paper.scan.blank') : choice === '*' ? t('paper.scan.double') : choice}
                    </button>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

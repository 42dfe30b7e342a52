// Paper mode from the exam builder: the same questions as booklets (one per colour), the answer
// sheet and the tutor's key, as PDFs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamRequest } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';
import { saveFiles } from '../../lib/save-files';

export function PrintPaper({
  request,
  title,
  minutes,
  seed,
  disabled,
}: {
  request: ExamRequest;
  title: string;
  minutes: number | null;
  seed: number | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [versions, setVersions] = useState(4);
  // One numbered sheet per student: a class of forty by default (the scan tells them apart).
  const [sheets, setSheets] = useState(40);
  // One student's accommodation: booklets of their own, beside the class's (which never change).
  const [enlarged, setEnlarged] = useState<false | 18 | 24>(false);
  const [extraMinutes, setExtraMinutes] = useState(0);
  const accommodation = enlarged || extraMinutes > 0 ? { enlarged, extraMinutes } : undefined;
  const [printed, setPrinted] = useState<{
    code: string;
    files: number;
    folder: string | null;
    oneLanguage: boolean;
  } | null>(null);
  const { busy, error, run } = useAction();
  const print = async () => {
    const outcome = await run(async () => {
      const result = await api['paper:print']({
        request,
        title,
        minutes,
        versions,
        sheets,
        ...(seed !== undefined && { seed }),
        ...(accommodation && { accommodation }),
      });
      return { result, saved: await saveFiles(result.files) };
    });
    if (!outcome) return;
    const { result, saved } = outcome;
    // ENEM day 1 with too few questions of the other language: its students get no 01–05 of their own.
    const oneLanguage = Boolean(
      request.foreignLanguage && request.areas?.includes('linguagens') && !result.languageChoice,
    );
    setPrinted({ code: result.code, files: saved.paths.length, folder: saved.folder, oneLanguage });
  };
  return (
    <fieldset className="print-paper" data-testid="paper-print">
      <legend>{t('paper.print.heading')}</legend>
      <p className="muted">{t('paper.print.intro')}</p>
      <label htmlFor={id}>{t('paper.print.versions')}</label>{' '}
      <select
        id={id}
        value={versions}
        onChange={(e) => setVersions(Number(e.target.value))}
        data-testid="paper-print-versions"
      >
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>{' '}
      <label htmlFor={`${id}-sheets`}>{t('paper.print.sheets')}</label>{' '}
      <input
        id={`${id}-sheets`}
        type="number"
        min={1}
        max={200}
        value={sheets}
        onChange={(e) => setSheets(Math.min(200, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
        style={{ width: '5em' }}
        data-testid="paper-print-sheets"
      />{' '}
      <details className="print-accommodation" data-testid="paper-print-accommodation">
        <summary>{t('paper.print.accommodation')}</summary>
        <p className="muted">{t('paper.print.accommodationHint')}</p>
        <label>
          {t('paper.print.enlarged')}{' '}
          <select
            value={String(enlarged)}
            onChange={(e) => setEnlarged(e.target.value === '24' ? 24 : e.target.value === '18' ? 18 : false)}
            data-testid="paper-print-enlarged"
          >
            <option value="false">{t('paper.print.typeClass')}</option>
            <option value="18">{t('paper.print.type18')}</option>
            <option value="24">{t('paper.print.type24')}</option>
          </select>
        </label>{' '}
        <label>
          {t('paper.print.extraMinutes')}{' '}
          <input
            type="number"
            min={0}
            max={600}
            step={15}
            value={extraMinutes}
            onChange={(e) => setExtraMinutes(Math.min(600, Math.max(0, Math.round(Number(e.target.value)) || 0)))}
            style={{ width: '5em' }}
            data-testid="paper-print-extra-minutes"
          />
        </label>
      </details>
      <button
        type="button"
        className="secondary"
        disabled={disabled || busy}
        onClick={() => void print()}
        data-testid="paper-print-button"
      >
        {t('paper.print.button')}
      </button>
      {printed && (
        <p role="status" data-testid="paper-printed" data-code={printed.code}>
          {printed.folder
            ? t('paper.print.done', { code: printed.code, count: printed.files, folder: printed.folder })
            : // The folder dialog was closed: the exam is recorded (it grades), its PDFs are not saved.
              t('paper.print.notSaved', { code: printed.code })}
          {printed.oneLanguage &&
            ` ${t('paper.print.oneLanguage', { language: t(`paper.languages.${request.foreignLanguage ?? 'ingles'}`) })}`}
        </p>
      )}
      <ErrorNotice error={error} testId="paper-print-error" />
    </fieldset>
  );
}

// A class's answer sheets from the scanner (one multi-page PDF) or phone photos: the app reads
// every sheet, then the tutor looks at what it would not decide alone (a double mark, a light or
// erased bubble, a booklet colour not marked) and settles each with one click before grading.
// Each sheet becomes a paper attempt, as a typed one does. The batch is main's (a scan session): the
// sheets, every decision and what was graded stay on disk until the tutor closes the batch, so a
// screen change or a restart loses nothing, and a numbered sheet graded before is never graded
// again by accident.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefusalText } from './refusal-text';
import type { PaperExamSummary, ScanSession, ScanSheetReview } from '../../../../preload/contract';
import { pendingOf, ScanSheetCard, type SessionSheet } from './ScanSheetCard';
import { ErrorNotice, useErrorText } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';
import { gradeSheets, GradedSheets, type GradedSheet } from './GradedSheets';

function answersOf(entry: SessionSheet, review: ScanSheetReview): string {
  return [...entry.sheet.answers].map((symbol, i) => review.decided[String(i + 1)] ?? symbol).join('');
}

export function ScanSheets({ exam, onOpen }: { exam: PaperExamSummary; onOpen: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const errorText = useErrorText();
  const { busy, error, run } = useAction();
  const [session, setSession] = useState<ScanSession | null>(null);
  /** The tutor's decisions on the sheets not graded yet, as on screen (saved to main as made). */
  const [reviews, setReviews] = useState<Record<number, ScanSheetReview>>({});
  /** Sheets graded before this batch that the tutor asked to grade again (a second attempt). */
  const [again, setAgain] = useState<Set<number>>(new Set());
  /** The last grading's refusals, by sheet (the graded ones are in the batch). */
  const [failed, setFailed] = useState<GradedSheet[]>([]);
  const [grading, setGrading] = useState<{ done: number; total: number } | null>(null);
  /** Set the moment files are chosen (reading them comes before the bridge call): close waits. */
  const [reading, setReading] = useState(false);
  /** What the last reading brought, so a pile scanned twice says so instead of nothing. */
  const [lastRead, setLastRead] = useState<{ reads: number; read: number; kept: number; refused: number } | null>(null);
  /** Bumped by close: an answer to a call made before it never brings the closed batch back. */
  const generation = useRef(0);
  /** The save waiting for typing to pause, if any: run at once when the screen goes away. */
  const saving = useRef<{ timer: ReturnType<typeof setTimeout>; write: () => Promise<unknown> } | null>(null);

  const adopt = useCallback((next: ScanSession | null) => {
    setSession(next);
    setReviews(Object.fromEntries((next?.sheets ?? []).map((entry) => [entry.sheet.sheet, entry.review])));
  }, []);

  // The exam's open batch, if there is one: as the tutor left it.
  useEffect(() => {
    void api['paper:scan-session']({ code: exam.code }).then(adopt, () => adopt(null));
  }, [adopt, exam.code]);

  /** Saves the decisions (shortly after the last change: a name is typed letter by letter). */
  const save = useCallback(
    (next: Record<number, ScanSheetReview>, at = 300) => {
      if (saving.current) clearTimeout(saving.current.timer);
      saving.current = null;
      const write = () =>
        api['paper:scan-session-save']({
          code: exam.code,
          reviews: Object.entries(next).map(([sheet, review]) => ({ sheet: Number(sheet), ...review })),
        });
      if (at === 0) return write();
      const timer = setTimeout(() => {
        saving.current = null;
        void write().catch(() => undefined);
      }, at);
      saving.current = { timer, write };
      return Promise.resolve(null);
    },
    [exam.code],
  );
  // Leaving the screen, or the window closing, never drops a decision still waiting to be saved.
  useEffect(() => {
    const flush = () => {
      const pending = saving.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      saving.current = null;
      void pending.write().catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const read = async (list: FileList) => {
    setReading(true);
    setFailed([]);
    const started = generation.current;
    try {
      const files = await Promise.all(
        [...list].map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
      );
      // Decisions not saved yet go first: the new readings join them.
      await save(reviews, 0);
      const next = await run(async () => {
        const result = await api['paper:scan']({ code: exam.code, files });
        return { result, session: await api['paper:scan-session']({ code: exam.code }) };
      });
      if (next === null || started !== generation.current) return;
      const gradedBefore = new Set(
        (session?.sheets ?? []).filter((entry) => entry.graded !== null).map((entry) => entry.sheet.sheet),
      );
      setLastRead((last) => ({
        reads: (last?.reads ?? 0) + 1,
        read: next.result.sheets.length,
        kept: next.result.sheets.filter((sheet) => gradedBefore.has(sheet.sheet)).length,
        refused: next.result.refused.length,
      }));
      adopt(next.session);
    } finally {
      setReading(false);
    }
  };

  const update = (sheet: number, change: (r: ScanSheetReview) => ScanSheetReview) =>
    setReviews((current) => {
      const review = current[sheet];
      if (!review) return current;
      const next = { ...current, [sheet]: change(review) };
      void save(next);
      return next;
    });

  const open = session?.sheets.filter((entry) => entry.graded === null) ?? [];
  /** What this grading would grade: every open sheet, except one graded before unless asked again. */
  const toGrade = open.filter((entry) => entry.earlier === null || again.has(entry.sheet.sheet));
  const reviewOf = (entry: SessionSheet) => reviews[entry.sheet.sheet] ?? entry.review;
  const pending = toGrade.reduce((sum, entry) => sum + pendingOf(entry, reviewOf(entry), exam.languageChoice), 0);
  const graded: GradedSheet[] = [
    ...(session?.sheets ?? []).flatMap((entry): GradedSheet[] =>
      entry.graded
        ? [
            {
              key: entry.sheet.sheet,
              label: String(entry.sheet.sheet),
              student: entry.review.student || t('paper.scan.sheetName', { sheet: entry.sheet.sheet }),
              attemptId: entry.graded.attemptId,
              correct: entry.graded.correct,
              total: entry.graded.total,
              error: null,
            },
          ]
        : [],
    ),
    ...failed,
  ];

  const grade = async () => {
    if (toGrade.length === 0) return;
    await save(reviews, 0);
    setGrading({ done: 0, total: toGrade.length });
    const sheets = toGrade.map((entry) => {
      const review = reviewOf(entry);
      return {
        key: entry.sheet.sheet,
        label: String(entry.sheet.sheet),
        student: review.student.trim() || t('paper.scan.sheetName', { sheet: entry.sheet.sheet }),
        // Grading waits until every colour is chosen (pendingOf): never 0 here.
        version: review.version ?? 0,
        answers: answersOf(entry, review),
        language: review.language,
        sheet: entry.sheet.sheet,
        again: entry.earlier !== null,
      };
    });
    const out = await gradeSheets(exam.code, sheets, errorText, (done) => setGrading({ done, total: toGrade.length }));
    setGrading(null);
    setAgain(new Set());
    setFailed(out.filter((row) => row.error !== null));
    adopt(await api['paper:scan-session']({ code: exam.code }).catch(() => session));
  };

  const close = async () => {
    if (saving.current) clearTimeout(saving.current.timer);
    saving.current = null;
    generation.current += 1;
    const done = await run(() => api['paper:scan-session-close']({ code: exam.code }));
    if (done) {
      adopt(null);
      setFailed([]);
      setLastRead(null);
    }
  };

  const refused = session?.refused ?? [];
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
          disabled={busy || reading || grading !== null}
          onChange={(e) => {
            if (e.target.files?.length) void read(e.target.files);
            e.target.value = '';
          }}
          data-testid="paper-scan-input"
        />
      </label>
      {(busy || reading) && (
        <p role="status" data-testid="paper-scan-progress">
          {t('paper.scan.reading')}
        </p>
      )}
      {lastRead && !reading && (
        <p className="muted" data-testid="paper-scan-last" data-reads={lastRead.reads} data-kept={lastRead.kept}>
          {t('paper.scan.lastRead', { count: lastRead.read })},{' '}
          {t('paper.scan.lastRefused', { count: lastRead.refused })}
          {lastRead.kept > 0 && <> {t('paper.scan.lastKept', { count: lastRead.kept })}</>}
        </p>
      )}
      <ErrorNotice error={error} testId="paper-scan-error" />
      {refused.length > 0 && (
        <ul className="notice notice-warning" data-testid="paper-scan-refused">
          {refused.map((r) => (
            <li key={`${r.source}-${r.reason}`} data-testid="paper-scan-refusal" data-reason={r.reason}>
              <strong>{r.source}</strong>: {refusalText(r)}
              {r.crop && (
                <img
                  className="scan-refused-page"
                  src={r.crop}
                  alt={t('paper.scan.refusedPage', { source: r.source })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {session && (
        <>
          <p
            role="status"
            data-testid="paper-scan-summary"
            data-pending={pending}
            data-open={open.length}
            data-to-grade={toGrade.length}
          >
            {t('paper.scan.summary', { count: session.sheets.length })}{' '}
            {open.length === 0
              ? t('paper.scan.allGraded')
              : toGrade.length === 0
                ? // Every sheet read was graded before: nothing is "checked and ready", nothing to grade.
                  t('paper.scan.nothingNew')
                : pending > 0
                  ? t('paper.scan.pending', { count: pending })
                  : t('paper.scan.ready')}
          </p>
          <ol className="scan-list">
            {open.map((entry) => {
              const r = reviewOf(entry);
              const sheet = entry.sheet.sheet;
              const included = entry.earlier === null || again.has(sheet);
              return (
                <ScanSheetCard
                  key={sheet}
                  entry={entry}
                  review={r}
                  exam={exam}
                  pending={included ? pendingOf(entry, r, exam.languageChoice) : 0}
                  again={again.has(sheet)}
                  onAgain={(checked) =>
                    setAgain((current) => {
                      const next = new Set(current);
                      if (checked) next.add(sheet);
                      else next.delete(sheet);
                      return next;
                    })
                  }
                  onOpen={onOpen}
                  onChange={(change) => update(sheet, change)}
                />
              );
            })}
          </ol>
          {toGrade.length > 0 && (
            <button
              type="button"
              disabled={pending > 0 || grading !== null}
              onClick={() => void grade()}
              data-testid="paper-scan-grade"
            >
              {t('paper.scan.grade', { count: toGrade.length })}
            </button>
          )}
        </>
      )}
      {grading && (
        <p role="status" data-testid="paper-scan-grading">
          {t('paper.bulk.progress', { done: grading.done, total: grading.total })}
        </p>
      )}
      {graded.length > 0 && (
        <GradedSheets
          rows={graded}
          heading={t('paper.scan.sheet')}
          testId="paper-scan"
          onOpen={onOpen}
          exportable={exam.pack}
        />
      )}
      {session && (
        <p>
          <button
            type="button"
            className="secondary"
            disabled={busy || reading || grading !== null}
            onClick={() => void close()}
            data-testid="paper-scan-close"
          >
            {t('paper.scan.close')}
          </button>{' '}
          <span className="muted">{t('paper.scan.closeHint')}</span>
        </p>
      )}
    </section>
  );
}

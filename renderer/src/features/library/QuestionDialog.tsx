import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ExplanationView } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ImageViewer } from '../../components/ImageViewer';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { AddToNotebook } from '../notebook/AddToNotebook';
import { NoteEditor } from '../notebook/NoteEditor';
import { ScaledImage } from '../../components/ScaledImage';

function QuestionImage({ src, alt }: { src: string | null; alt: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  if (src === null) return null;
  if (src === 'missing') {
    return (
      <div className="image-placeholder" role="img" aria-label={t('library.imageMissing')} data-testid="image-missing">
        {t('library.imageMissing')}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="image-button"
        aria-label={`${t('viewer.open')}: ${alt}`}
        onClick={() => setViewing(true)}
        data-testid="question-image"
      >
        <ScaledImage src={src} alt={alt} />
      </button>
      {viewing && <ImageViewer src={src} alt={alt} onClose={() => setViewing(false)} />}
    </>
  );
}

export function QuestionDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const questionQuery = useBridgeQuery(api, 'catalog:question', { id });
  const question = questionQuery.data ?? null;
  const [answer, setAnswer] = useState<string | null | undefined>(undefined);
  const [actionError, setError] = useState<BridgeErrorValue | null>(null);
  const error = actionError ?? questionQuery.error;

  // Another question in the same dialog: its key is not revealed yet.
  useEffect(() => {
    setAnswer(undefined);
    setError(null);
  }, [id]);

  const [explanation, setExplanation] = useState('');
  /** The figure as saved (a loadable address), and a new one chosen but not saved yet. */
  const [figure, setFigure] = useState<string | null>(null);
  const [newFigure, setNewFigure] = useState<Uint8Array<ArrayBuffer> | null | undefined>(undefined);
  const [savedExplanation, setSavedExplanation] = useState(false);
  const showSaved = (view: ExplanationView | null) => {
    setExplanation(view?.text ?? '');
    setFigure(view?.image ?? null);
    setNewFigure(undefined);
  };

  const reveal = async () => {
    try {
      setAnswer((await api['catalog:reveal']({ id })).correctAlternativeId);
      // The worked solution gives the key away too: it comes with the answer, never before.
      showSaved(await api['catalog:explanation']({ id }));
    } catch (caught) {
      setError(errorOf(caught));
    }
  };

  const saveExplanation = async () => {
    try {
      showSaved(
        await api['catalog:set-explanation']({
          id,
          text: explanation,
          ...(newFigure !== undefined && { image: newFigure }),
        }),
      );
      setSavedExplanation(true);
    } catch (caught) {
      setError(errorOf(caught));
    }
  };

  const correctLetter = question?.alternatives.find((a) => a.id === answer)?.letter;

  return (
    <Dialog
      titleId="question-title"
      title={question ? [question.exam, question.year, question.subject].filter(Boolean).join(' · ') : t('app.loading')}
      testId="question-dialog"
      onClose={onClose}
      close={{ label: t('library.close'), testId: 'question-close', autoFocus: true }}
    >
      {question && (
        <>
          <p className="statement" data-testid="question-statement">
            {question.statement}
          </p>
          <QuestionImage src={question.image} alt={t('library.open')} />
          <ol className="alternatives" data-testid="question-alternatives">
            {question.alternatives.map((alternative) => (
              <li
                key={alternative.id}
                className={answer && alternative.id === answer ? 'correct' : undefined}
                data-testid={`alternative-${alternative.letter}`}
                data-correct={answer ? String(alternative.id === answer) : undefined}
              >
                <span className="letter">{alternative.letter}</span> {alternative.text}
                <QuestionImage src={alternative.image} alt={alternative.letter} />
              </li>
            ))}
          </ol>
          <div className="actions">
            {answer === undefined && (
              <button type="button" className="primary" onClick={() => void reveal()} data-testid="show-answer">
                {t('library.showAnswer')}
              </button>
            )}
            <AddToNotebook key={id} questionRef={{ questionId: id }} testId="question-add-notebook" />
          </div>
          {answer === null && <p data-testid="answer-unknown">{t('library.notGradable')}</p>}
          {correctLetter && (
            <p className="notice notice-success" role="status" data-testid="answer-revealed">
              {t('library.correct', { letter: correctLetter })}
            </p>
          )}
          {answer !== undefined && (
            <div className="explanation-editor">
              <label htmlFor="question-explanation">{t('library.explanation')}</label>
              <textarea
                id="question-explanation"
                rows={4}
                maxLength={20_000}
                value={explanation}
                onChange={(e) => {
                  setExplanation(e.target.value);
                  setSavedExplanation(false);
                }}
                data-testid="question-explanation"
              />
              <p className="muted">{t('library.explanationHint')}</p>
              {figure && newFigure === undefined && figure !== 'missing' && (
                <ScaledImage className="review-image" src={figure} alt={t('library.explanationFigure')} />
              )}
              <label>
                {t('library.explanationFigureChoose')}{' '}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    setSavedExplanation(false);
                    if (file) void file.arrayBuffer().then((buffer) => setNewFigure(new Uint8Array(buffer)));
                  }}
                  data-testid="question-explanation-figure"
                />
              </label>
              {(figure || newFigure) && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setNewFigure(null);
                    setSavedExplanation(false);
                  }}
                  data-testid="question-explanation-figure-remove"
                >
                  {t('library.explanationFigureRemove')}
                </button>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => void saveExplanation()}
                data-testid="question-explanation-save"
              >
                {t('library.explanationSave')}
              </button>
              {savedExplanation && (
                <span role="status" data-testid="question-explanation-saved">
                  {' '}
                  {t('exams.saved')}
                </span>
              )}
            </div>
          )}
        </>
      )}
      {question && answer !== undefined && (
        <NoteEditor key={id} questionRef={{ questionId: id }} testId="question-note" />
      )}
      <ErrorNotice error={error} testId="question-error" />
    </Dialog>
  );
}

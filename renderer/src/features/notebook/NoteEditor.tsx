// The student's note on a question: kept with the question (every copy of it), shown in
// review, practice and the notebook. Loaded when shown; saved on demand and when leaving the field.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, QuestionRef } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';

export function NoteEditor({
  questionRef,
  testId = 'note',
  onSaved,
}: {
  questionRef: QuestionRef;
  testId?: string;
  onSaved?: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const saved = useRef('');
  const [status, setStatus] = useState<'idle' | 'saved'>('idle');
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const key = JSON.stringify(questionRef);

  useEffect(() => {
    let live = true;
    const ref = JSON.parse(key) as QuestionRef;
    void api['notes:get']({ ref }).then(
      (note) => {
        if (!live) return;
        saved.current = note.text;
        setText(note.text);
      },
      (e: unknown) => live && setError(errorOf(e)),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const save = async () => {
    if (text === null || text === saved.current) return;
    try {
      const note = await api['notes:set']({ ref: JSON.parse(key) as QuestionRef, text });
      saved.current = note.text;
      setStatus('saved');
      setError(null);
      onSaved?.(note.text);
    } catch (e) {
      setError(errorOf(e));
    }
  };

  if (text === null) return <ErrorNotice error={error} testId={`${testId}-error`} />;
  return (
    <div className="note-editor" data-testid={testId}>
      <label htmlFor={id}>{t('notebook.note')}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={5000}
        value={text}
        placeholder={t('notebook.notePlaceholder')}
        onChange={(e) => {
          setText(e.target.value);
          setStatus('idle');
        }}
        onBlur={() => void save()}
        data-testid={`${testId}-text`}
      />
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void save()} data-testid={`${testId}-save`}>
          {t('notebook.noteSave')}
        </button>
        {status === 'saved' && (
          <span role="status" data-testid={`${testId}-saved`}>
            {t('notebook.noteSaved')}
          </span>
        )}
      </div>
      <ErrorNotice error={error} testId={`${testId}-error`} />
    </div>
  );
}

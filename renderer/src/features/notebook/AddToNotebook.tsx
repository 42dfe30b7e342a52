// "Pôr no caderno": a question the student wants back, from the library or a result's review.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, QuestionRef } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';

export function AddToNotebook({
  questionRef,
  testId,
  already = false,
}: {
  questionRef: QuestionRef;
  testId: string;
  /** Already a card (a captured miss, or added before): said, not offered again. */
  already?: boolean;
}) {
  const { t } = useTranslation();
  const [added, setAdded] = useState(already);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const add = async () => {
    try {
      await api['notebook:add']({ ref: questionRef });
      setAdded(true);
      setError(null);
    } catch (e) {
      setError(errorOf(e));
    }
  };
  return (
    <>
      {added ? (
        <span className="badge" role="status" data-testid={`${testId}-done`}>
          {t('notebook.added')}
        </span>
      ) : (
        <button type="button" className="secondary" onClick={() => void add()} data-testid={testId}>
          {t('notebook.add')}
        </button>
      )}
      <ErrorNotice error={error} testId={`${testId}-error`} />
    </>
  );
}

// The student types the tutor's release code: the sealed pack opens and its exams are graded.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackSummary } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';

export function ReleaseCode({
  packId,
  onReleased,
  testId,
}: {
  packId: string;
  onReleased: (result: { released: number; packs: PackSummary[] }) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const { busy, error, run } = useAction();
  const release = async () => {
    const result = await run(() => api['packs:release']({ id: packId, code }));
    if (result) onReleased(result);
  };
  return (
    <form
      className="release-form"
      onSubmit={(e) => {
        e.preventDefault();
        void release();
      }}
      data-testid={testId}
    >
      <label htmlFor={id}>{t('packs.seal.enterCode')}</label>{' '}
      <input
        id={id}
        value={code}
        autoComplete="off"
        spellCheck={false}
        placeholder="XXXX-XXXX-XXXX"
        onChange={(e) => setCode(e.target.value)}
        data-testid={`${testId}-input`}
      />{' '}
      <button type="submit" className="primary" disabled={busy || !code.trim()} data-testid={`${testId}-submit`}>
        {t('packs.seal.release')}
      </button>
      <ErrorNotice error={error} testId={`${testId}-error`} />
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import type { AttemptKind } from '../../../../preload/contract';

/** An attempt's title as the student reads it: retries and reviews are named in their language. */
export function useAttemptTitle(): (kind: AttemptKind, title: string) => string {
  const { t } = useTranslation();
  return (kind, title) =>
    kind === 'retry' ? t('exams.retryTitle') : kind === 'review' ? t('notebook.reviewTitle') : title;
}

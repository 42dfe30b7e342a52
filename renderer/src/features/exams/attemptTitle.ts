import { useTranslation } from 'react-i18next';
import type { AttemptTitle } from '../../../../preload/contract';

/**
 * An attempt's title as the student reads it: retries, reviews and generated titles (presets, the
 * default) in the language of now, whatever language they were started in; the student's own as typed.
 */
export function useAttemptTitle(): (attempt: AttemptTitle) => string {
  const { t } = useTranslation();
  return ({ kind, title, titleKey }) => {
    if (kind === 'retry') return t('exams.retryTitle');
    if (kind === 'review') return t('notebook.reviewTitle');
    if (titleKey === 'custom') return t('exams.defaultTitle');
    if (titleKey) return t(`exams.preset.${titleKey}`);
    return title;
  };
}

import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue } from '../../../preload/contract';
import type { Messages } from '../i18n/pt-BR';

type Reason = keyof Messages['packs']['reasons'];
type MoodleReason = keyof Messages['packs']['moodle']['errorReasons'];
type SkipReason = keyof Messages['packs']['moodle']['reasons'];
const SKIP_REASONS: SkipReason[] = ['type', 'no-single-answer', 'too-few-answers', 'empty'];

export function useErrorText() {
  const { t } = useTranslation();
  return (error: BridgeErrorValue) => {
    if (error.code === 'invalid-pack') {
      const reason = String(error.params?.reason ?? 'invalid-schema') as Reason;
      return t('errors.invalid-pack', { reason: t(`packs.reasons.${reason}`) });
    }
    if (error.code === 'invalid-moodle') {
      const reason = String(error.params?.reason ?? 'not-moodle-xml') as MoodleReason;
      const text = t('errors.invalid-moodle', { reason: t(`packs.moodle.errorReasons.${reason}`) });
      // Nothing importable: each question left out is counted by why, in the student's language.
      const list = SKIP_REASONS.flatMap((skip) => {
        const count = Number(error.params?.[skip] ?? 0);
        return count > 0 ? [t('packs.moodle.reasonCount', { count, reason: t(`packs.moodle.reasons.${skip}`) })] : [];
      });
      return list.length > 0 ? `${text} ${t('packs.moodle.noQuestionsDetail', { list: list.join('; ') })}` : text;
    }
    // A sheet's field main refused says which, as the tutor would fix it.
    const field = String(error.params?.field ?? '');
    if (error.code === 'invalid-argument' && (field === 'version' || field === 'answers' || field === 'language'))
      return t(`errors.fields.${field}`, { position: error.params?.position ?? '' });
    return t(`errors.${error.code}`);
  };
}

export function ErrorNotice({ error, testId = 'error' }: { error: BridgeErrorValue | null; testId?: string }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <p
      role="alert"
      className="notice notice-error"
      data-testid={testId}
      data-error-code={error.code}
      data-error-reason={error.params?.reason}
    >
      {text(error)}
    </p>
  );
}

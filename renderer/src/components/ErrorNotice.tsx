import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue } from '../../../preload/contract';
import type { Messages } from '../i18n/pt-BR';

type Reason = keyof Messages['packs']['reasons'];

export function useErrorText() {
  const { t } = useTranslation();
  return (error: BridgeErrorValue) => {
    if (error.code === 'invalid-pack') {
      const reason = String(error.params?.reason ?? 'invalid-schema') as Reason;
      return t('errors.invalid-pack', { reason: t(`packs.reasons.${reason}`) });
    }
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

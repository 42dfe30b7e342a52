import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue } from '../../../preload/contract';

export function ErrorNotice({ error, testId = 'error' }: { error: BridgeErrorValue | null; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="notice notice-error" data-testid={testId} data-error-code={error.code}>
      {t(`errors.${error.code}`)}
    </p>
  );
}

// ENEM day 1: which foreign language the student marked on the sheet (rows 01–05 are its
// questions). Never assumed: until chosen, grading waits.
import { useTranslation } from 'react-i18next';
import type { ForeignLanguage } from '../../../../preload/contract';

const LANGUAGES: ForeignLanguage[] = ['ingles', 'espanhol'];

export function LanguageSelect({
  value,
  onChange,
  testId,
}: {
  value: ForeignLanguage | null;
  onChange: (language: ForeignLanguage | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={value === null ? 'scan-needs' : undefined}>
      {t('paper.language')}{' '}
      <select
        value={value ?? ''}
        onChange={(e) => onChange(LANGUAGES.find((l) => l === e.target.value) ?? null)}
        data-testid={testId}
      >
        <option value="">{t('paper.scan.versionUnread')}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`paper.languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

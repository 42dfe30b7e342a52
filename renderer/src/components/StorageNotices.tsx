import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageNoticeView } from '../../../preload/contract';
import { api } from '../lib/bridge';

/** Damaged files main set aside at start: what each meant for the student, until dismissed. */
export function StorageNotices() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<StorageNoticeView[]>([]);

  useEffect(() => {
    void api['app:notices']({}).then(setNotices);
    return api.on('app:notices', setNotices);
  }, []);

  if (notices.length === 0) return null;
  return (
    <div className="notice notice-warning storage-notices" role="alert" data-testid="storage-notices">
      <p>{t('storage.heading')}</p>
      <ul>
        {notices.map((notice) => (
          <li key={notice.file} data-testid="storage-notice" data-kind={notice.kind} data-restored={notice.restored}>
            {t(`storage.kind.${notice.kind}`)} (<code>{notice.file}</code>):{' '}
            {notice.restored ? t('storage.restored') : t(`storage.lost.${notice.kind}`)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="secondary"
        onClick={() => void api['app:dismiss-notices']({}).then(setNotices)}
        data-testid="storage-notices-dismiss"
      >
        {t('storage.dismiss')}
      </button>
    </div>
  );
}

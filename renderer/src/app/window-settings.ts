// The student's settings applied to the whole window: type size, line length and theme.
import { useEffect } from 'react';
import type { Settings } from '../../../preload/contract';

/** What the real exam grants, applied to the whole window: type size and line length. */
export function useReadingSettings(settings: Settings) {
  useEffect(() => {
    document.documentElement.dataset.fontScale = settings.fontScale;
    document.documentElement.dataset.readingWidth = String(settings.readingWidth);
  }, [settings.fontScale, settings.readingWidth]);
}

export function useTheme(theme: Settings['theme']) {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

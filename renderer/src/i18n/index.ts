import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ptBR, type Messages } from './pt-BR';
import { withZeroAsPlural } from './zero';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export type Language = 'pt-BR' | 'en';

export function initI18n(language: Language) {
  return i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'pt-BR',
    resources: { 'pt-BR': { translation: withZeroAsPlural(ptBR) }, en: { translation: en } },
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
}

export { i18next };

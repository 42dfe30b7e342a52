import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ptBR, type Messages } from './pt-BR';
import { withZeroAsPlural } from './zero';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export type Language = 'pt-BR' | 'en';

/** Portuguese is in the first script; English is its own chunk, loaded when it is chosen. */
async function messagesOf(language: Language): Promise<Messages> {
  return language === 'en' ? (await import('./en')).en : ptBR;
}

export async function initI18n(language: Language) {
  return i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'pt-BR',
    resources: {
      'pt-BR': { translation: withZeroAsPlural(ptBR) },
      ...(language !== 'pt-BR' && { [language]: { translation: await messagesOf(language) } }),
    },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
}

/** Switches the language, its messages loaded first where they are not yet. */
export async function changeLanguage(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', await messagesOf(language));
  await i18next.changeLanguage(language);
}

export { i18next };

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, NAMESPACES, type Language, LANGUAGES } from '../locales/resources';
import { readString, StorageKey, writeString } from '../shared/storage/local-storage';

/** Portuguese is the default and the fallback (spec 000 section 9). */
export const DEFAULT_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = readString(StorageKey.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export async function changeLanguage(language: Language): Promise<void> {
  writeString(StorageKey.language, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export default i18n;

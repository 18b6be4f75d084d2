import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from '../locales/languages';
import { pt } from '../locales/pt.resources';
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

/** The other languages' texts are chunks of their own, fetched when a user picks one. */
const LOADERS: Record<Exclude<Language, 'pt'>, () => Promise<Record<Namespace, object>>> = {
  en: () => import('../locales/en.resources').then((module) => module.en),
  es: () => import('../locales/es.resources').then((module) => module.es),
};

void i18n.use(initReactI18next).init({
  resources: { pt },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Makes `language`'s texts available (a no-op for pt and for a language already loaded). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'common')) return;
  const bundle = await LOADERS[language]();
  for (const namespace of NAMESPACES) i18n.addResourceBundle(language, namespace, bundle[namespace], true, true);
}

/** Resolves when the stored language's texts are there: main.tsx renders after it. */
export const i18nReady: Promise<void> = loadLanguage(storedLanguage()).catch(() => undefined);

export async function changeLanguage(language: Language): Promise<void> {
  writeString(StorageKey.language, language);
  document.documentElement.lang = language;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from '../app/antd-locale';
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from '../locales/languages';
import { ptFirstScreen } from '../locales/pt-first-screen.resources';
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

/** The texts of each language, chunks of their own: en/es fetched when a user picks one. */
const LOADERS: Record<Language, () => Promise<Record<Namespace, object>>> = {
  pt: () => import('../locales/pt.resources').then((module) => module.pt),
  en: () => import('../locales/en.resources').then((module) => module.en),
  es: () => import('../locales/es.resources').then((module) => module.es),
};

function addBundles(language: Language, bundle: Record<Namespace, object>): void {
  for (const namespace of NAMESPACES) i18n.addResourceBundle(language, namespace, bundle[namespace], true, true);
}

void i18n.use(initReactI18next).init({
  resources: { pt: ptFirstScreen },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Makes all of `language`'s texts available (once; pt's first-screen namespaces are bundled). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'routes')) return;
  const [bundle] = await Promise.all([LOADERS[language](), loadAntdLocale(language)]);
  addBundles(language, bundle);
}

/** Resolves when the stored language's texts are there: main.tsx renders after it (pt at once). */
export const i18nReady: Promise<void> = (storedLanguage() === DEFAULT_LANGUAGE ? Promise.resolve() : loadLanguage(storedLanguage())).catch(
  () => undefined,
);

/**
 * Resolves when every Portuguese namespace (the fallback of every text) is there; fetched right
 * away, after the first screen. The signed-in shell and the other public screens wait for it
 * (routes/router.tsx).
 */
export const allTextsReady: Promise<void> = loadLanguage(DEFAULT_LANGUAGE).catch(() => undefined);

export async function changeLanguage(language: Language): Promise<void> {
  writeString(StorageKey.language, language);
  document.documentElement.lang = language;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;

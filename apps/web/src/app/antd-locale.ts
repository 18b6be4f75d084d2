import type { Locale } from 'antd/es/locale';
import ptBRModule from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import type { Language } from '../locales/languages';

/** antd's locale files are CommonJS; bundlers and Node hand their default over differently. */
function interopDefault(module: Locale | { default: Locale }): Locale {
  return 'default' in module ? module.default : module;
}

/** pt is bundled; en and es come with their texts (i18n/i18n.ts loadLanguage). */
const ANTD_LOCALES: Partial<Record<Language, Locale>> = { pt: interopDefault(ptBRModule) };

const LOADERS: Record<Exclude<Language, 'pt'>, () => Promise<Locale>> = {
  en: () => import('antd/locale/en_US').then((module) => interopDefault(module)),
  es: () => Promise.all([import('antd/locale/es_ES'), import('dayjs/locale/es')]).then(([module]) => interopDefault(module)),
};

const DAYJS_LOCALES: Record<Language, string> = { pt: 'pt-br', en: 'en', es: 'es' };

export async function loadAntdLocale(language: Language): Promise<void> {
  if (language === 'pt' || ANTD_LOCALES[language]) return;
  ANTD_LOCALES[language] = await LOADERS[language]();
}

export function antdLocale(language: Language): Locale {
  return ANTD_LOCALES[language] ?? ANTD_LOCALES.pt!;
}

export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}

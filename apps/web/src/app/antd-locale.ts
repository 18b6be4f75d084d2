import type { Locale } from 'antd/es/locale';
import enUSModule from 'antd/locale/en_US';
import esESModule from 'antd/locale/es_ES';
import ptBRModule from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import type { Language } from '../locales/resources';

/** antd's locale files are CommonJS; bundlers and Node hand their default over differently. */
function interopDefault(module: Locale | { default: Locale }): Locale {
  return 'default' in module ? module.default : module;
}

const ANTD_LOCALES: Record<Language, Locale> = {
  pt: interopDefault(ptBRModule),
  en: interopDefault(enUSModule),
  es: interopDefault(esESModule),
};

const DAYJS_LOCALES: Record<Language, string> = { pt: 'pt-br', en: 'en', es: 'es' };

export function antdLocale(language: Language): Locale {
  return ANTD_LOCALES[language];
}

export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}

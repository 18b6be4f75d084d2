import { en } from './en.resources';
import { es } from './es.resources';
import type { Language, Namespace } from './languages';
import { pt } from './pt.resources';

export { LANGUAGES, NAMESPACES, type Language, type Namespace } from './languages';

/**
 * Every text of every language. For tests and tools: the app itself bundles only pt and loads
 * en/es when chosen (i18n/i18n.ts), so the first screen does not download them.
 */
export const resources = { pt, en, es } as const satisfies Record<Language, Record<Namespace, object>>;

import ptAuth from './pt/auth.json' with { type: 'json' };
import ptCommon from './pt/common.json' with { type: 'json' };
import ptErrors from './pt/errors.json' with { type: 'json' };
import ptLayout from './pt/layout.json' with { type: 'json' };

/**
 * The Portuguese texts the public screens (login, signup, password reset) and the app's frame
 * use, bundled with the entry; the other namespaces follow in a chunk of their own (i18n/i18n.ts).
 */
export const ptFirstScreen = { common: ptCommon, errors: ptErrors, auth: ptAuth, layout: ptLayout } as const;

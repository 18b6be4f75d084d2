// ---- prompts: the constants the web app reads too (no validation library here) ----

/** The text-only voice (no voice note), and the sixteen Brazilian neural voices of Azure Speech. */
export const PROMPT_TEXT_VOICE = 'texto';
export const PROMPT_VOICES = [
  PROMPT_TEXT_VOICE,
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
  'pt-BR-ThalitaNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Spec 001 section 9. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: PROMPT_TEXT_VOICE } as const;

/** Spec 001 sections 5 and 8: a prompt without a queue. */
export const PROMPT_QUEUE_REQUIRED = 'Informe o setor';

/**
 * What the API shows of a stored secret (an OpenAI or voice key, a Dialogflow service-account JSON): never the secret, only that one
 * is stored. A form that sends this text back (or nothing, or '') keeps the stored secret.
 */
export const SECRET_MASK = '********';

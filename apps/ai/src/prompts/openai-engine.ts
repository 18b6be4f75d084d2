import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import OpenAI, { APIError, APIUserAbortError, toFile } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { BotHandoffSubjects, CONVERSATION_MEDIA_ROOTS, PROMPT_TEXT_VOICE, type BotAction, type BotHistoryMessage } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { assertStorageKey, serverFileKeySegment, type ObjectStorage } from '@atrium/storage';
import type { AiConfig } from '../config.js';
import { ProviderError, type BotEngine, type BotTurn } from '../runtime/bot-engine.js';
import { BotRegistry } from '../runtime/bot-registry.js';
import { MEDIA_STORAGE } from '../runtime/media-storage.js';
import { SPEECH_FORMAT, synthesizeSpeech } from './azure-speech.js';
import { PromptsService, type PromptBotConfig } from './prompts.service.js';

/** The spec's hand-off marker, for models without tools: never sent to the customer. */
export const TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';
/** The tool a model with tools calls to hand the customer to people. */
export const TRANSFER_TOOL = 'transferir_para_atendente';

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: TRANSFER_TOOL,
      description: 'Transfere o cliente para um atendente humano do setor de atendimento.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
];

/** The system message: the company's prompt, the customer's name, and how to hand over. */
export function systemPrompt(prompt: string, customerName: string): string {
  return [
    prompt.trim(),
    `O nome do cliente é ${customerName}.`,
    `Se o cliente pedir para falar com um atendente humano, ou se você não puder ajudar, chame a função ${TRANSFER_TOOL}; sem funções, responda exatamente: ${TRANSFER_MARKER}`,
  ].join('\n\n');
}

/**
 * The conversation the model reads: the ticket's last `maxMessages` text messages as user (the
 * customer's) and assistant (ours) turns in order, the message being answered carrying its text
 * (a voice note's transcription) and none of the customer's later messages (their own turns come).
 */
export function conversation(
  history: BotHistoryMessage[],
  current: { messageId: number; text: string },
  maxMessages: number,
): ChatCompletionMessageParam[] {
  const earlier = history.filter((message) => message.id !== current.messageId && (message.fromMe || message.id < current.messageId));
  const turns: ChatCompletionMessageParam[] = earlier.map((message) => ({
    role: message.fromMe ? 'assistant' : 'user',
    content: message.body,
  }));
  turns.push({ role: 'user', content: current.text });
  return turns.slice(-maxMessages);
}

/**
 * The OpenAI engine (kind 'prompt'): chat completions through the official SDK at OPENAI_BASE_URL
 * (any OpenAI-compatible endpoint), Whisper transcription of voice notes, Azure Speech voice notes
 * when the prompt's voice is not 'texto'. A transfer (the tool, or the marker in the text) moves the
 * ticket to the prompt's queue; the marker never reaches the customer.
 */
@Injectable()
export class OpenAiEngine implements BotEngine<PromptBotConfig>, OnModuleInit {
  readonly kinds = ['prompt'] as const;

  constructor(
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(PromptsService) private readonly prompts: PromptsService,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(SERVICE_CONFIG) private readonly config: AiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.registry.registerEngine(this);
    this.registry.registerSource('prompt', async (companyId, id) => {
      const config = await this.prompts.forBot(companyId, id);
      return config && { kind: 'prompt', provider: 'openai', breakerKey: `prompt:${companyId}:${id}`, config };
    });
  }

  async answer(turn: BotTurn, prompt: PromptBotConfig, signal: AbortSignal): Promise<BotAction[]> {
    const { event } = turn;
    const { messages: history } = await this.rpc.request(BotHandoffSubjects.history, {
      companyId: turn.companyId,
      ticketId: event.ticketId,
      limit: prompt.maxMessages,
    });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(prompt.prompt, event.contact.name) },
      ...conversation(history, { messageId: event.messageId, text: turn.text }, prompt.maxMessages),
    ];
    const completion = await this.call(signal, (client) =>
      client.chat.completions.create(
        { model: this.config.OPENAI_MODEL, messages, max_tokens: prompt.maxTokens, temperature: prompt.temperature, tools: TOOLS },
        { signal },
      ),
    )(prompt);
    const choice = completion.choices[0]?.message;
    const content = choice?.content ?? '';
    const transfer =
      (choice?.tool_calls ?? []).some((call) => call.type === 'function' && call.function.name === TRANSFER_TOOL) ||
      content.includes(TRANSFER_MARKER);
    const text = content.split(TRANSFER_MARKER).join('').trim();
    const actions: BotAction[] = [];
    if (text) {
      actions.push({ type: 'text', body: text });
      const voiceNote = await this.voiceNote(turn.companyId, prompt, text, signal);
      if (voiceNote) actions.push(voiceNote);
    }
    if (transfer) actions.push({ type: 'transfer', queueId: prompt.queueId });
    return actions;
  }

  async transcribe(
    audio: { data: Buffer; mimetype: string; fileName: string },
    prompt: PromptBotConfig,
    signal: AbortSignal,
  ): Promise<string> {
    const file = await toFile(audio.data, audio.fileName, { type: audio.mimetype });
    const result = await this.call(signal, (client) =>
      client.audio.transcriptions.create({ file, model: this.config.OPENAI_TRANSCRIPTION_MODEL }, { signal }),
    )(prompt);
    return result.text.trim();
  }

  /** The answer spoken (voice other than 'texto', with a voice key): stored, then sent as a voice note. A synthesis failure only drops the voice note. */
  private async voiceNote(companyId: number, prompt: PromptBotConfig, text: string, signal: AbortSignal): Promise<BotAction | null> {
    if (prompt.voice === PROMPT_TEXT_VOICE || !prompt.voiceKey || !prompt.voiceRegion) return null;
    try {
      const audio = await synthesizeSpeech(
        this.config.AZURE_SPEECH_URL,
        { name: prompt.voice, key: prompt.voiceKey, region: prompt.voiceRegion },
        text,
        signal,
      );
      const key = assertStorageKey(
        `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/${serverFileKeySegment(`voz${SPEECH_FORMAT.extension}`)}`,
      );
      await this.storage.put(key, audio, SPEECH_FORMAT.mimetype);
      return {
        type: 'media',
        mediaKey: key,
        mimetype: SPEECH_FORMAT.mimetype,
        fileName: `audio${SPEECH_FORMAT.extension}`,
        asVoiceNote: true,
      };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const status = error instanceof ProviderError ? error.status : 'error';
      this.logger.warn(
        { companyId, promptId: prompt.id, provider: 'azure-speech', status },
        'voice note not synthesised; the answer goes as text only',
      );
      return null;
    }
  }

  /** A call through the SDK (no retries of its own: the runtime's policy retries), its failures as ProviderError with the status only. */
  private call<T>(signal: AbortSignal, request: (client: OpenAI) => Promise<T>) {
    return async (prompt: PromptBotConfig): Promise<T> => {
      const client = new OpenAI({
        apiKey: prompt.apiKey,
        baseURL: this.config.OPENAI_BASE_URL,
        maxRetries: 0,
        timeout: this.config.BOT_PROVIDER_TIMEOUT_MS,
      });
      try {
        return await request(client);
      } catch (error) {
        if (signal.aborted || error instanceof APIUserAbortError) throw signal.reason ?? new ProviderError('openai', 'timeout', 'aborted');
        if (error instanceof APIError && typeof error.status === 'number')
          throw new ProviderError('openai', error.status, `openai answered ${error.status}`);
        throw new ProviderError('openai', 'network', 'openai unreachable');
      }
    };
  }
}

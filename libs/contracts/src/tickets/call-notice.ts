import type { ChannelCallLog } from '../sessions/messages.js';

/** How a call's status reads in a call_log message's body (stored in Portuguese, as clients expect). */
const STATUS_TEXT: Record<ChannelCallLog['status'], string> = {
  offer: 'recebida',
  missed: 'perdida',
  rejected: 'recusada',
  accepted: 'atendida',
};

export interface CallNotice extends ChannelCallLog {
  /** HH:mm in the company's time zone. */
  time: string;
}

/** The body of a call_log message: 'Chamada de voz perdida às 12:05'. */
export function callNoticeBody({ isVideo, status, time }: CallNotice): string {
  return `${isVideo ? 'Chamada de vídeo' : 'Chamada de voz'} ${STATUS_TEXT[status]} às ${time}`;
}

const BODY = /^Chamada de (voz|vídeo) (\p{L}+) às (\d{2}:\d{2})$/u;

/** The call a call_log body describes (for clients showing it in another language), or null. */
export function parseCallNotice(body: string): CallNotice | null {
  const match = BODY.exec(body);
  const status = match
    ? (Object.keys(STATUS_TEXT) as Array<ChannelCallLog['status']>).find((key) => STATUS_TEXT[key] === match[2])
    : undefined;
  if (!match || !status) return null;
  return { isVideo: match[1] === 'vídeo', status, time: match[3]! };
}

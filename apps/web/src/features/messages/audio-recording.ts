import { Mp3Encoder } from '@breezystack/lamejs';

/** Audio is sent as mp3 at 128 kbps; a recording under 10000 bytes is discarded silently (spec 000 sections 4 and 9). */
export const AUDIO_KBPS = 128;
export const MIN_AUDIO_BYTES = 10_000;
const FRAME = 1152;

export function isKeptRecording(mp3: Blob): boolean {
  return mp3.size >= MIN_AUDIO_BYTES;
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return out;
}

/** Mono PCM samples (-1..1) as an mp3 file at 128 kbps. */
export function encodeMp3(samples: Float32Array, sampleRate: number): Blob {
  const encoder = new Mp3Encoder(1, sampleRate, AUDIO_KBPS);
  const pcm = toInt16(samples);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < pcm.length; start += FRAME) {
    const encoded = encoder.encodeBuffer(pcm.subarray(start, start + FRAME));
    if (encoded.length > 0) chunks.push(new Uint8Array(encoded));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(new Uint8Array(tail));
  return new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });
}

/** What the browser recorded (webm/ogg), decoded and encoded again as mp3. */
export async function recordingToMp3(recorded: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    return encodeMp3(audio.getChannelData(0), audio.sampleRate);
  } finally {
    void context.close();
  }
}

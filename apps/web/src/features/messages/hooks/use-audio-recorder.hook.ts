import { useCallback, useEffect, useRef, useState } from 'react';
import { isKeptRecording, recordingToMp3 } from '../audio-recording';

export type RecorderState = 'idle' | 'recording' | 'processing';

export interface AudioRecorder {
  state: RecorderState;
  /** Seconds since the recording started. */
  elapsed: number;
  start: () => Promise<void>;
  /** The recording as an mp3 file, or null when it was too short (discarded silently). */
  finish: () => Promise<File | null>;
  cancel: () => void;
}

/** Microphone recording: idle → recording → sent (finish) or cancelled (spec 000 section 4). */
export function useAudioRecorder(): AudioRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<number | undefined>(undefined);

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const media = new MediaRecorder(stream);
    chunks.current = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    media.start();
    recorder.current = media;
    setElapsed(0);
    const began = Date.now();
    timer.current = window.setInterval(() => setElapsed(Math.floor((Date.now() - began) / 1000)), 500);
    setState('recording');
  }, []);

  const finish = useCallback(async (): Promise<File | null> => {
    const media = recorder.current;
    if (!media) return null;
    setState('processing');
    const stopped = new Promise<void>((resolve) => {
      media.onstop = () => resolve();
    });
    media.stop();
    await stopped;
    release();
    try {
      const mp3 = await recordingToMp3(new Blob(chunks.current, { type: media.mimeType }));
      return isKeptRecording(mp3) ? new File([mp3], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' }) : null;
    } finally {
      setState('idle');
    }
  }, [release]);

  const cancel = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    release();
    setState('idle');
  }, [release]);

  return { state, elapsed, start, finish, cancel };
}

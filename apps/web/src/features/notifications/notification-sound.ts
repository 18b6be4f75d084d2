/** A short two-note chime as a WAV data URL, made once (no sound file to ship). */
let chime: string | null = null;

function chimeDataUrl(): string {
  if (chime) return chime;
  const rate = 8000;
  const notes = [
    { frequency: 880, seconds: 0.12 },
    { frequency: 1320, seconds: 0.18 },
  ];
  const total = notes.reduce((sum, note) => sum + Math.round(note.seconds * rate), 0);
  const bytes = new Uint8Array(44 + total);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((char, index) => view.setUint8(at + index, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + total, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, total, true);
  let at = 44;
  for (const note of notes) {
    const length = Math.round(note.seconds * rate);
    for (let i = 0; i < length; i++) {
      const fade = 1 - i / length;
      bytes[at++] = 128 + Math.round(Math.sin((2 * Math.PI * note.frequency * i) / rate) * 90 * fade);
    }
  }
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  chime = `data:audio/wav;base64,${btoa(binary)}`;
  return chime;
}

/** Plays the new-message sound at the volume the user chose (0 to 1, stored locally). */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const audio = new Audio(chimeDataUrl());
  audio.volume = Math.min(1, volume);
  void Promise.resolve()
    .then(() => audio.play())
    .catch(() => undefined);
}

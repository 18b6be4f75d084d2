import EmojiPickerReact, { EmojiStyle, Theme } from 'emoji-picker-react';

/** Native emoji (no image downloads), in the app's theme; loaded only when the composer opens it. */
export default function EmojiPicker({ theme, onPick }: { theme: 'light' | 'dark'; onPick: (emoji: string) => void }) {
  return (
    <EmojiPickerReact
      emojiStyle={EmojiStyle.NATIVE}
      theme={theme === 'dark' ? Theme.DARK : Theme.LIGHT}
      lazyLoadEmojis
      width={320}
      height={380}
      previewConfig={{ showPreview: false }}
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
    />
  );
}

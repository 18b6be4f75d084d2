import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '../../locales/resources';
import { storedLanguage } from '../../i18n/i18n';
import { readString, StorageKey } from '../../shared/storage/local-storage';

export type ThemeMode = 'light' | 'dark';

/** Browser-local preferences: theme (preferredTheme), notification volume and language. */
export interface PreferencesState {
  theme: ThemeMode;
  volume: number;
  language: Language;
}

function systemTheme(): ThemeMode {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Volume 0 to 1 in steps of 0.1 (spec 000 section 9). */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

export function initialPreferences(): PreferencesState {
  const theme = readString(StorageKey.theme);
  const volume = readString(StorageKey.volume);
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : systemTheme(),
    volume: volume === null ? 1 : clampVolume(Number(volume)),
    language: storedLanguage(),
  };
}

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    themeToggled(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    volumeChanged(state, action: PayloadAction<number>) {
      state.volume = clampVolume(action.payload);
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
});

export const { themeToggled, volumeChanged, languageChanged } = preferencesSlice.actions;
export const preferencesReducer = preferencesSlice.reducer;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResult, SessionUserView } from '@atrium/contracts';
import { readString, StorageKey } from '../../shared/storage/local-storage';

/** The login of this tab: the bearer token (kept in storage) and the user as the API last described it. */
export interface AuthState {
  token: string | null;
  user: SessionUserView | null;
}

export function initialAuthState(): AuthState {
  return { token: readString(StorageKey.token), user: null };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn(state, action: PayloadAction<AuthResult>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    sessionRefreshed(state, action: PayloadAction<AuthResult>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    userLoaded(state, action: PayloadAction<SessionUserView>) {
      state.user = action.payload;
    },
    /** 401, logout, a refresh that failed or a login elsewhere: the tab is signed out. */
    sessionEnded(state) {
      state.token = null;
      state.user = null;
    },
  },
});

export const { loggedIn, sessionRefreshed, userLoaded, sessionEnded } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectToken = (state: { auth: AuthState }): string | null => state.auth.token;
export const selectCurrentUser = (state: { auth: AuthState }): SessionUserView | null => state.auth.user;

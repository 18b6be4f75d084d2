import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { SessionUserView } from '@atrium/contracts';
import { authApi } from '../features/auth/api/auth.api';
import { authReducer, loggedIn, sessionEnded, sessionRefreshed, userLoaded } from '../features/auth/auth.slice';
import { languageChanged, preferencesReducer, themeToggled, volumeChanged } from '../features/preferences/preferences.slice';
import { changeLanguage } from '../i18n/i18n';
import { api } from '../shared/api/api';
import { clearSessionStorage, removeKey, StorageKey, writeString } from '../shared/storage/local-storage';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  preferences: preferencesReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The company's campaigns switch, remembered as the `cshow` flag that gates campaign pages. */
function rememberCampaignsFlag(user: SessionUserView): void {
  const enabled = user.company.settings.some((setting) => setting.key === 'campaignsEnabled' && setting.value === 'true');
  if (enabled) writeString(StorageKey.campaignsFlag, 'true');
  else removeKey(StorageKey.campaignsFlag);
}

function rememberUser(user: SessionUserView): void {
  writeString(StorageKey.userId, String(user.id));
  writeString(StorageKey.companyId, String(user.companyId));
  rememberCampaignsFlag(user);
}

/** Side effects of state changes: what survives a reload lives in localStorage. */
function persistenceMiddleware() {
  const listener = createListenerMiddleware();
  for (const actionCreator of [loggedIn, sessionRefreshed]) {
    listener.startListening({
      actionCreator,
      effect: (action) => {
        writeString(StorageKey.token, action.payload.token);
        rememberUser(action.payload.user);
      },
    });
  }
  listener.startListening({ actionCreator: userLoaded, effect: (action) => rememberUser(action.payload) });
  listener.startListening({
    matcher: authApi.endpoints.me.matchFulfilled,
    effect: (action, listenerApi) => {
      listenerApi.dispatch(userLoaded(action.payload));
    },
  });
  listener.startListening({
    actionCreator: sessionEnded,
    effect: (_, listenerApi) => {
      clearSessionStorage();
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  listener.startListening({
    matcher: isAnyOf(themeToggled, volumeChanged),
    effect: (_, listenerApi) => {
      const { theme, volume } = (listenerApi.getState() as RootState).preferences;
      writeString(StorageKey.theme, theme);
      writeString(StorageKey.volume, String(volume));
    },
  });
  listener.startListening({ actionCreator: languageChanged, effect: (action) => changeLanguage(action.payload) });
  return listener.middleware;
}

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistenceMiddleware()).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

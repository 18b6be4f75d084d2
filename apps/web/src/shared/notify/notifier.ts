import type { App } from 'antd';

/** antd's themed message and notification APIs, bound once by <NotifierRoot/> (app/app-providers.tsx). */
export type NotifierApis = Pick<ReturnType<typeof App.useApp>, 'message' | 'notification'>;

let apis: NotifierApis | null = null;
/** What was to be shown before the APIs were bound, shown as soon as they are. */
const waiting: ((bound: NotifierApis) => void)[] = [];
let fetchApis: (() => void) | null = null;

export function bindNotifier(value: NotifierApis | null): void {
  apis = value;
  if (value) for (const show of waiting.splice(0)) show(value);
}

/** How to get the APIs fetched now (the root loads them when idle, or on the first popup). */
export function onNotifierWanted(listener: (() => void) | null): void {
  fetchApis = listener;
  if (listener && waiting.length > 0) listener();
}

/** Runs `show` with the APIs: at once when bound, else as soon as they are. */
export function withNotifier(show: (bound: NotifierApis) => void): void {
  if (apis) {
    show(apis);
    return;
  }
  waiting.push(show);
  fetchApis?.();
}

/** Toast auto-close of the spec: 3000 ms (spec 001 section 9). */
export const TOAST_SECONDS = 3;

export const toast = {
  success(text: string): void {
    withNotifier((bound) => bound.message.success({ content: text, duration: TOAST_SECONDS }));
  },
  info(text: string): void {
    withNotifier((bound) => bound.message.info({ content: text, duration: TOAST_SECONDS }));
  },
  warning(text: string): void {
    withNotifier((bound) => bound.message.warning({ content: text, duration: TOAST_SECONDS }));
  },
  error(text: string): void {
    withNotifier((bound) => bound.message.error({ content: text, duration: TOAST_SECONDS }));
  },
};

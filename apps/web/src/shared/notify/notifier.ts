import type { App } from 'antd';

/** antd's themed message/notification/modal APIs, bound once by <NotifierBridge/> inside <App>. */
export type NotifierApis = ReturnType<typeof App.useApp>;

let apis: NotifierApis | null = null;

export function bindNotifier(value: NotifierApis | null): void {
  apis = value;
}

export function notifierApis(): NotifierApis | null {
  return apis;
}

/** Toast auto-close of the spec: 3000 ms (spec 001 section 9). */
export const TOAST_SECONDS = 3;

export const toast = {
  success(text: string): void {
    apis?.message.success({ content: text, duration: TOAST_SECONDS });
  },
  info(text: string): void {
    apis?.message.info({ content: text, duration: TOAST_SECONDS });
  },
  warning(text: string): void {
    apis?.message.warning({ content: text, duration: TOAST_SECONDS });
  },
  error(text: string): void {
    apis?.message.error({ content: text, duration: TOAST_SECONDS });
  },
};

import type { App } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts from outside React (the broker store, the query cache). `FeedbackBridge` in
 * app/signed-in-shell.tsx hands over antd's context-aware message API from `App.useApp()`, so the
 * toasts follow the theme and locale; until then they only go to the console.
 */
let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null) {
  messageApi = api;
}

export const feedback = {
  warning(text: string) {
    if (messageApi) void messageApi.warning(text);
    else console.warn(text);
  },
  error(text: string) {
    if (messageApi) void messageApi.error(text);
    else console.error(text);
  },
  success(text: string) {
    if (messageApi) void messageApi.success(text);
  },
};

/**
 * One term per concept (zh-TW, Taiwan usage). A translation that uses a forbidden variant says
 * the same thing in a second way; `locales/glossary.test.ts` fails on it. Add a concept here
 * when a second wording shows up.
 */
export type GlossaryEntry = { concept: string; term: string; forbidden: RegExp };

export const ZH_TW_GLOSSARY: GlossaryEntry[] = [
  { concept: 'session (an on-site controller with its tracks)', term: '場域', forbidden: /場次/ },
  { concept: 'reset', term: '重設', forbidden: /重置/ },
  { concept: 'record (noun)', term: '紀錄', forbidden: /記錄/ },
  { concept: 'view', term: '檢視', forbidden: /查看/ },
  { concept: 'refresh a list', term: '重新整理', forbidden: /重新載入(?!地圖)/ },
  { concept: 'settings', term: '設定', forbidden: /設置/ },
  { concept: 'user', term: '使用者', forbidden: /用戶/ },
  { concept: 'sign in', term: '登入', forbidden: /登錄/ },
  { concept: 'export', term: '匯出', forbidden: /導出/ },
  { concept: 'information', term: '資訊', forbidden: /信息/ },
  { concept: 'network', term: '網路', forbidden: /網絡/ },
  { concept: 'default', term: '預設', forbidden: /默認/ },
  { concept: 'file', term: '檔案', forbidden: /文件/ },
  { concept: 'server', term: '伺服器', forbidden: /服務器/ },
  { concept: 'broker', term: 'MQTT 伺服器', forbidden: /代理伺服器|代理服務器|中介/ },
  { concept: 'firmware', term: '韌體', forbidden: /固件/ },
  { concept: 'connection', term: '連線', forbidden: /連接/ },
  { concept: 'audio', term: '音檔', forbidden: /音頻/ },
  { concept: 'save', term: '儲存', forbidden: /保存/ },
  { concept: 'data', term: '資料', forbidden: /數據/ },
  { concept: 'account', term: '帳號', forbidden: /賬號|账号/ },
  { concept: 'upload', term: '上傳', forbidden: /上载|上載/ },
  { concept: 'parking (HOME) point', term: '停車點', forbidden: /停車區|停車（HOME）點|HOME ?點/ },
];

/** The translations (`[key, text]`) that use a concept's forbidden variant, as readable lines. */
export function glossaryViolations(entries: [string, string][]): string[] {
  return ZH_TW_GLOSSARY.flatMap(({ concept, term, forbidden }) =>
    entries.filter(([, text]) => forbidden.test(text)).map(([key, text]) => `${concept} is “${term}”: ${key}: ${text}`),
  );
}

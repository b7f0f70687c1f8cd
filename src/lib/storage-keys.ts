/** Local storage keys named by the spec (section 3). One list, so nothing else invents names. */
export const STORAGE_KEYS = {
  lang: 'lang',
  closeAppDownload: 'closeAppDownload',
  fixedSelected: 'fixedSelected',
  mixedSelected: 'mixedSelected',
  phoneNumberToVerify: 'phoneNumberToVerify',
  loginInfo: 'loginInfo',
  backTo: 'backTo',
  historyPage: 'historyPage',
  adNextTime: 'ad-next-time',
  labMode: 'labMode',
  adminCode: 'adminCode',
  maintenance: 'maintenance',
  returnCurrency: 'returnCurrency',
  dashboardDisplayOption: 'dashboardDisplayOption',
  userLang: 'userLang',
  /** not in the spec: time of the first load, for the 240-day forced reload */
  firstLoadTime: 'firstLoadTime',
  /** not in the spec: target path stored before a chunk-load reload */
  chunkReloadTarget: 'chunkReloadTarget',
  /** not in the spec: the site notice (anti-fraud) banner was dismissed */
  closeSiteNotice: 'closeSiteNotice',
  /** not in the spec by name: this browser's random client id (the login device headers) */
  clientId: 'clientId',
  /** not in the spec: the device token the server gave this browser (wallet sign-in needs it) */
  deviceToken: 'deviceToken',
  /** not in the spec: wallet transactions sent but not yet confirmed (src/web3/tx), resumed after a reload */
  pendingTransactions: 'pendingTransactions',
  /** the spec's "stored code" of the earn dashboard's access pass (section 2, navigation rules) */
  earnAccessCode: 'earnAccessCode',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

import 'i18next';
import type { en } from './locales/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
    resources: {
      translation: typeof en;
      server: Record<string, string>;
    };
  }
}

import 'i18next';
import type { UiResources } from './message-parts.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
    resources: {
      translation: UiResources;
      server: Record<string, string>;
    };
  }
}

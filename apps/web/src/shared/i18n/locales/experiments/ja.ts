import type { DeepStrings } from '../types.ts';
import type { experimentsEn } from './en.ts';

export const experimentsJa: DeepStrings<typeof experimentsEn> = {
  experiments: {
    title: '試験運用機能',
    description: '開発中の機能を試せます。選択はこのブラウザにアカウントごとに保存され、いつでもオフにできます。',
    reset: 'すべてオフにする',
    items: {
      reducedMotion: { name: '動きを減らす', description: 'メニュー、パネル、通知のアニメーションをオフにします。' },
    },
  },
};

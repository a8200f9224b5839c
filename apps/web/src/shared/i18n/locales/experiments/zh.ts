import type { DeepStrings } from '../types.ts';
import type { experimentsEn } from './en.ts';

export const experimentsZh: DeepStrings<typeof experimentsEn> = {
  experiments: {
    title: '实验功能',
    description: '试用仍在开发中的功能。您的选择按账户保存在此浏览器中，可随时关闭。',
    reset: '全部关闭',
    items: {
      reducedMotion: { name: '减少动态效果', description: '关闭菜单、面板和通知的动画。' },
    },
  },
};

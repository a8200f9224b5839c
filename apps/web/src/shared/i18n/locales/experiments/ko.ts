import type { DeepStrings } from '../types.ts';
import type { experimentsEn } from './en.ts';

export const experimentsKo: DeepStrings<typeof experimentsEn> = {
  experiments: {
    title: '실험 기능',
    description: '아직 개발 중인 기능을 미리 사용해 보세요. 선택한 설정은 이 브라우저에 내 계정별로 저장되며 언제든지 끌 수 있습니다.',
    reset: '모두 끄기',
    items: {
      reducedMotion: { name: '동작 줄이기', description: '메뉴, 패널, 알림의 애니메이션을 끕니다.' },
    },
  },
};

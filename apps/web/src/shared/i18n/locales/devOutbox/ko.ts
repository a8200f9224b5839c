import type { DeepStrings } from '../types.ts';
import type { devOutboxEn } from './en.ts';

export const devOutboxKo: DeepStrings<typeof devOutboxEn> = {
  devOutbox: {
    title: '메일 보관함(개발용)',
    description: '이 설치 환경은 메일을 보내지 않고 모든 메일을 여기에 보관합니다. 링크를 열어 수신자로서 진행할 수 있습니다.',
    mine: '나에게 온 메일',
    ofOrg: '{{name}}의 메일',
    smsMine: '나에게 온 문자 메시지',
    smsOfOrg: '{{name}}의 문자 메시지',
    scope: '보기',
    refresh: '새로 고침',
    empty: '메일이 없습니다.',
    to: '받는 사람',
    date: '날짜',
  },
};

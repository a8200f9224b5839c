import type { DeepStrings } from '../types.ts';
import type { invitationEn } from './en.ts';

export const invitationKo: DeepStrings<typeof invitationEn> = {
  invitation: {
    title: '초대',
    invalidLink: '링크가 올바르지 않습니다. 초대 메일의 링크를 다시 열어 주세요.',
    heading: '{{org}}에 참여',
    lead: '{{inviter}} 님이 {{org}} 조직에 초대했습니다.',
    organization: '조직',
    inviter: '초대한 사람',
    invitedEmail: '초대받은 이메일',
    closed: {
      COMPLETE: '이미 수락된 초대입니다.',
      EXPIRE: '만료된 초대입니다. 조직에 초대를 다시 보내 달라고 요청하세요.',
      UNKNOWN: '더 이상 수락할 수 없는 초대입니다.',
      WAIT: '응답을 기다리는 초대입니다.',
    },
    acceptSignedIn: '현재 계정으로 {{org}}에 참여합니다.',
    accept: '조직 참여',
    joined: '{{org}}에 참여했습니다.',
    otherAccount: '{{signedIn}} 계정으로 로그인되어 있지만 초대는 {{invited}}에게 보낸 것입니다. 로그아웃한 뒤 초대받은 계정으로 수락하세요.',
    signOut: '로그아웃하고 계속',
    signInFirst: '{{email}} 계정이 있습니다. 이 계정으로 로그인하여 초대를 수락하세요.',
    signInAndAccept: '로그인하고 수락',
    signUpTitle: '계정 만들기',
    signUpDescription: '계정은 {{email}}을(를) 사용합니다. 계정이 만들어지면 바로 조직에 참여합니다.',
    name: '이름',
    password: '비밀번호',
    passwordConfirm: '비밀번호 확인',
    passwordRules: '영문 대문자, 소문자, 숫자, 특수 문자를 조합하여 8~15자. 공백 없이, 같거나 연속된 문자를 3개 이상 이어 쓰지 마세요.',
    signUpSubmit: '계정 만들고 참여',
    signedUp: '{{email}} 계정이 만들어지고 {{org}}에 참여했습니다. 로그인하여 계속하세요.',
  },
};

import type { DeepStrings } from '../types.ts';
import type { homeEn } from './en.ts';

export const homeKo: DeepStrings<typeof homeEn> = {
  home: {
    title: '홈',
    welcome: '{{name}}님, 환영합니다',
    description: '내 조직과 프로젝트입니다. 시작하려면 조직이나 프로젝트를 선택하세요.',
    organizations: '조직',
    noOrganizations: '아직 소속된 조직이 없습니다.',
    emptyDescription:
      '조직에는 프로젝트, 멤버, 리전과 결제 정보가 모입니다. 콘솔을 사용하려면 먼저 조직을 생성하세요. 생성한 조직의 소유자가 되며, 그 조직에서 프로젝트를 만들 수 있습니다.',
    projects: '프로젝트',
    noProjects: '프로젝트 없음',
    notMemberOfAny: '이 조직의 프로젝트 중 멤버로 속한 프로젝트가 없습니다(조직의 프로젝트: {{count}}개). 조직 또는 프로젝트 관리자에게 추가를 요청하세요.',
    hiddenProjects: '멤버가 아닌 프로젝트: {{count}}개',
    projectsLoadFailed: '프로젝트 목록을 불러오지 못했습니다.',
    orgBlocked: "현재 접속한 주소에서는 이 조직에 접근할 수 없습니다. 조직의 IP ACL 또는 국가 접근 규칙이 허용하지 않습니다.",
    ownerName: '소유자: {{name}}',
    projectUsage: '{{count}}/{{limit}}개',
    moreProjects: '프로젝트 {{count}}개 모두 보기',
    createOrganization: '조직 생성',
    createProject: '프로젝트 생성',
    createProjectNeedsOrg: '먼저 조직을 생성하세요. 프로젝트는 조직에 속합니다.',
    myProjects: {
      title: '내 프로젝트',
      description: '모든 조직에서 내가 볼 수 있는 프로젝트입니다.',
      empty: '아직 프로젝트가 없습니다.',
      emptyNotMember: '아직 멤버로 속한 프로젝트가 없습니다(내 조직의 프로젝트: {{count}}개). 조직 또는 프로젝트 관리자에게 추가를 요청하세요.',
    },
  },
};

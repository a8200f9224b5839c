import type { DeepStrings } from '../types.ts';
import type { paletteEn } from './en.ts';

export const paletteKo: DeepStrings<typeof paletteEn> = {
  palette: {
    title: "바로 가기",
    placeholder: "페이지, 작업, 프로젝트, 멤버, 역할 그룹 검색…",
    label: "콘솔 검색",
    hint: "↑ ↓ 이동, Enter 이동하기, Esc 닫기. 어느 언어의 이름으로도 찾을 수 있습니다.",
    results: "검색 결과",
    empty: "일치하는 항목이 없습니다.",
    searching: "검색 중…",
    needs: "{{permission}} 권한이 필요합니다. {{roles}}",
    kinds: {
      action: "작업",
      page: "페이지",
      project: "프로젝트",
      organization: "조직",
      roleGroup: "역할 그룹",
      member: "멤버",
    },
    actions: {
      createProject: "프로젝트 생성",
      inviteMember: "멤버 초대",
      importMembers: "파일로 멤버 가져오기",
      addOrgRoleGroup: "공통 역할 그룹 추가",
      addProjectMember: "프로젝트 멤버 추가",
      addProjectRoleGroup: "프로젝트 역할 그룹 추가",
      createAppKey: "Appkey 생성",
      createOrganization: "조직 생성",
    },
    pages: {
      orgDashboard: "조직 대시보드",
      activity: "활동",
      orgMembers: "조직 멤버",
      orgSetting: "조직 관리",
      projectDashboard: "프로젝트 대시보드",
      projectMembers: "프로젝트 멤버",
      projectRoleGroups: "프로젝트 역할 그룹",
      services: "서비스",
      appKeys: "인증 정보(Appkey)",
      projectSetting: "프로젝트 관리",
      home: "홈",
      myRoles: "내 역할",
      experiments: "실험 기능",
    },
  },
};

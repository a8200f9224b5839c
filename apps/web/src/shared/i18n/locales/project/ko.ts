import type { DeepStrings } from '../types.ts';
import type { projectEn } from './en.ts';

export const projectKo: DeepStrings<typeof projectEn> = {
  project: {
    noPermission: {
      description: '프로젝트가 없거나 프로젝트의 멤버가 아닙니다. 프로젝트 또는 조직의 관리자에게 역할과 함께 추가해 달라고 요청하세요.',
      myRoles: '내 역할 보기',
    },
    dashboard: {
      title: '프로젝트 대시보드',
      overview: '개요',
      name: '프로젝트 이름',
      id: '프로젝트 ID',
      description: '설명',
      noDescription: '설명 없음',
      status: '상태',
      organization: '조직',
      createdAt: '생성일',
      modifiedAt: '최종 수정일',
      owner: '소유자',
      manage: '프로젝트 관리',
    },
    setting: {
      title: '프로젝트 관리',
      description: '{{name}}의 이름, 설명, 소유권과 삭제를 관리합니다.',
      readOnly: '설정을 볼 수는 있지만 변경할 수는 없습니다. {{reason}}',
      general: {
        title: '일반',
        name: '프로젝트 이름',
        nameConstraint: '최대 100자. 문자(영문, 한글, 일본어, 한자), 숫자, 공백과 . _ - 를 사용할 수 있습니다.',
        description: '설명',
        descriptionConstraint: '최대 500자.',
        saved: '프로젝트 “{{name}}”을(를) 저장했습니다.',
        duplicateName: '이 조직에 같은 이름의 프로젝트가 이미 있습니다. 그대로 사용할 수 있지만, 다른 이름을 쓰면 구분하기 쉽습니다.',
        savedDuplicate: '프로젝트 “{{name}}”을(를) 저장했습니다. 조직에 같은 이름의 프로젝트가 또 있습니다.',
      },
      owner: {
        title: '소유권',
        description: '프로젝트 소유자는 프로젝트의 모든 권한을 가집니다.',
        current: '소유자',
        transfer: '소유권 양도',
        transferTitle: '“{{name}}” 소유권 양도',
        transferDescription: '프로젝트의 새 소유자이자 관리자가 될 프로젝트의 클라우드 멤버를 선택하세요. IAM 계정은 프로젝트를 소유할 수 없습니다.',
      },
      delete: {
        title: '프로젝트 삭제',
        description: '프로젝트를 삭제하면 멤버와 설정이 함께 삭제됩니다. 사용 중인 서비스가 있는 프로젝트는 삭제할 수 없습니다.',
        button: '프로젝트 삭제',
        servicesInUse: '사용 중인 서비스가 있습니다. 먼저 서비스를 비활성화하세요.',
        confirmTitle: '프로젝트 “{{name}}”을(를) 삭제하시겠습니까?',
        confirmDescription: '{{orgName}}의 프로젝트 “{{name}}”과(와) 멤버, 설정이 삭제됩니다.',
        mismatch: '이름이 일치하지 않습니다. 프로젝트 이름을 정확히 입력해 주세요.',
        deleted: '프로젝트 “{{name}}”을(를) 삭제했습니다.',
      },
    },
    status: {
      BLOCKED: '차단됨',
      CLOSED: '종료됨',
      DISABLED: '비활성',
      STABLE: '사용 중',
      TERMINATED: '해지됨',
    },
  },
  ownership: {
    newOwner: '새 소유자',
    placeholder: '멤버 선택',
    noCandidates: '양도할 다른 멤버가 없습니다. 먼저 멤버를 초대하세요.',
    submit: '소유권 양도',
    confirmTitle: '소유권을 양도하시겠습니까?',
    confirmContent: '“{{name}}”의 소유권이 {{owner}}에게 양도됩니다. 직접 되돌릴 수 없습니다.',
    transferred: '“{{name}}”의 소유자가 {{owner}}(으)로 변경되었습니다.',
  },
};

import type { DeepStrings } from '../types.ts';
import type { governanceEn } from './en.ts';

export const governanceKo: DeepStrings<typeof governanceEn> = {
  // ---- governance and network rules (features/governance) ----
  governance: {
    description: '조직의 네트워크 규칙과 거버넌스 설정입니다. 조직과 그 프로젝트의 모든 호출에 적용됩니다.',
    save: '저장',
    settingTypes: {
      UNUSE: '사용 안 함',
      USE: '사용',
    },
    ipAcl: {
      title: 'IP 접근 제어(IP ACL)',
      description: '목록에 있는 주소에서만 조직과 프로젝트(콘솔과 API)에 접근할 수 있습니다. 그 밖의 주소는 IP 오류 페이지로 이동합니다.',
      type: '유형',
      typeHint: '공통: 콘솔과 모든 서비스에 하나의 목록. 개별: 서비스마다 목록을 둘 수 있습니다.',
      types: {
        COMMON: '공통',
        INDIVIDUAL: '개별',
      },
      selection: 'IP ACL',
      selections: {
        NO_SETTING: '설정 안 함(모든 주소)',
        SETTING: '설정(목록의 주소만)',
      },
      ips: '허용 IP 주소',
      ipsHint: 'IPv4 주소(마스크 선택, 예: 203.0.113.0/24)를 한 줄에 하나씩, 최대 {{max}}개.',
      saved: 'IP ACL을 저장했습니다.',
    },
    productIpAcl: {
      title: '서비스별 IP ACL',
      description: '개별 유형에서는 서비스마다 허용 IP를 따로 둘 수 있습니다. 콘솔 목록에 더해, 목록에 없는 주소에서는 그 서비스의 호출과 화면이 거부됩니다.',
      product: '서비스',
      choose: '서비스 선택',
      saved: '{{product}}의 IP ACL을 저장했습니다.',
    },
    country: {
      title: '해외 접속 차단',
      description: '허용한 국가에서만 조직과 프로젝트에 접근할 수 있습니다. 국가는 오프라인 데이터베이스로 주소에서 찾으며, 사설 주소는 차단하지 않습니다.',
      setting: '해외 접속 차단',
      allowed: '허용 국가',
      allowedHint: '차단을 사용하면 국가를 하나 이상 선택해야 합니다.',
      placeholder: '국가 선택',
      saved: '해외 접속 차단을 저장했습니다.',
    },
    settings: {
      title: '거버넌스 설정',
      description: '각 설정은 조직 전체에 사용 또는 사용 안 함으로 적용됩니다.',
      saved: '거버넌스 설정을 저장했습니다.',
      privacyIps: '개인정보 조회 허용 IP',
      privacyIpsHint: 'IPv4 주소(마스크 선택)를 한 줄에 하나씩 입력합니다.',
      types: {
        APPROVE_PROCESS: {
          title: '승인 프로세스',
          description: '리소스 변경은 승인을 받은 후 실행됩니다.',
        },
        IAAS_RESOURCE_PROTECTION: {
          title: 'IaaS 리소스 보호 및 망 분리',
          description: '인프라 리소스를 삭제로부터 보호하고 분리된 네트워크에 둡니다.',
        },
        UNIQUE_INSTANCE_NAME: {
          title: '인스턴스 이름 중복 금지',
          description: '인스턴스 이름은 조직 안에서 고유해야 합니다.',
        },
        PRIVACY_PROTECTION: {
          title: '개인정보 보호',
          description: '목록의 IP에서 접근한 경우에만 개인정보를 보여 줍니다.',
        },
      },
      uniqueNamesConsole: '이 콘솔에서는 사용 시 프로젝트 이름도 조직 안에서 중복될 수 없습니다.',
    },
    lockout: {
      title: '이 규칙으로 차단되는 사용자 확인',
      selfTitle: '이 규칙을 저장하면 본인이 차단됩니다',
      selfBody: '현재 {{place}}에서 접속 중입니다. 저장하면 여기에서 이 조직에 접근할 수 없습니다. 외부에서는 소유자만 메일로 받은 코드로 규칙을 해제할 수 있습니다.',
      selfSafe: '{{place}}에서의 접근은 유지됩니다.',
      membersTitle: '차단되는 멤버(최근 30일 로그인 {{checked}}건 중 {{count}}건)',
      membersNone: '이 규칙이 거부하는 주소에서 로그인한 멤버가 없습니다.',
      columns: {
        name: '이름',
        email: '이메일',
        place: '주소(국가)',
        lastSignIn: '마지막 로그인',
      },
      unknownCountry: '알 수 없는 국가',
      typeLabel: '확인하려면 “{{name}}”을(를) 입력하세요',
      typeHint: '조직 이름을 정확히 입력합니다.',
      confirm: '그래도 저장',
    },
    breakGlass: {
      title: '긴급 해제 기록',
      description: '소유자가 네트워크 규칙을 해제하는 코드를 요청하고 사용한 기록입니다.',
      none: '요청된 코드가 없습니다.',
      columns: {
        requester: '소유자',
        requested: '요청(주소)',
        used: '사용(주소)',
        disabled: '해제한 규칙',
      },
      rules: {
        IP_ACL: 'IP ACL',
        COUNTRY: '해외 접속 차단',
      },
      panelTitle: '이 조직의 소유자인가요?',
      panelBody: '소유자는 메일로 받은 일회용 코드로 IP ACL과 해외 접속 차단을 해제할 수 있습니다. 이 작업은 기록됩니다.',
      ask: '메일로 코드 받기',
      sent: '{{email}}(으)로 코드를 보냈습니다. {{until}}까지 유효합니다.',
      codeLabel: '메일의 코드',
      use: '규칙 해제',
      failed: '요청에 실패했습니다. 다시 시도해 주세요.',
    },
  },
};

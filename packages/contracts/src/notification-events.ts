/**
 * The events the console raises through the notification outbox (issue 11): their category
 * (the system-notifications hierarchy, spec §7), their parameters (`product-events/{event}/parameters`,
 * usable in a custom webhook's body template as `{{name}}`), and their titles in ko/en/ja/zh.
 */
type I18n = { ko: string; en: string; ja: string; zh: string };

export interface NotificationEventDefinition {
  readonly category: NotificationCategoryKey;
  /** Whether it is a system notification whose receivers are set per organization / project. */
  readonly system: boolean;
  readonly title: I18n;
  readonly parameters: readonly { readonly name: string; readonly description: I18n }[];
}

export const NOTIFICATION_CATEGORIES = {
  SERVICE: { ko: '서비스', en: 'Service', ja: 'サービス', zh: '服务' },
  ALARM: { ko: '알람', en: 'Alarm', ja: 'アラーム', zh: '告警' },
  WEBHOOK: { ko: '웹훅', en: 'Webhook', ja: 'Webhook', zh: 'Webhook' },
} as const satisfies Record<string, I18n>;
export type NotificationCategoryKey = keyof typeof NOTIFICATION_CATEGORIES;

const p = (name: string, ko: string, en: string, ja: string, zh: string) => ({ name, description: { ko, en, ja, zh } });
const COMMON = [
  p('eventId', '이벤트 ID', 'Event ID', 'イベントID', '事件 ID'),
  p('eventType', '이벤트 유형', 'Event type', 'イベントタイプ', '事件类型'),
  p('occurredAt', '발생 시각(ISO 8601)', 'Time it occurred (ISO 8601)', '発生時刻(ISO 8601)', '发生时间 (ISO 8601)'),
  p('orgId', '조직 ID', 'Organization ID', '組織ID', '组织 ID'),
  p('projectId', '프로젝트 ID', 'Project ID', 'プロジェクトID', '项目 ID'),
];
const PRODUCT = [
  p('projectName', '프로젝트 이름', 'Project name', 'プロジェクト名', '项目名称'),
  p('productId', '서비스 ID', 'Service ID', 'サービスID', '服务 ID'),
  p('productName', '서비스 이름', 'Service name', 'サービス名', '服务名称'),
  p('actorName', '변경한 사람', 'Changed by', '変更者', '操作者'),
];
const ALARM = [
  p('alarmId', '알람 ID', 'Alarm ID', 'アラームID', '告警 ID'),
  p('alarmName', '알람 이름', 'Alarm name', 'アラーム名', '告警名称'),
  p('metric', '메트릭', 'Metric', 'メトリック', '指标'),
  p('value', '측정값', 'Measured value', '測定値', '测量值'),
  p('threshold', '임계값', 'Threshold', 'しきい値', '阈值'),
];

export const NOTIFICATION_EVENTS = {
  PRODUCT_ENABLED: {
    category: 'SERVICE',
    system: true,
    title: { ko: '서비스 활성화', en: 'Service enabled', ja: 'サービス有効化', zh: '服务已启用' },
    parameters: [...COMMON, ...PRODUCT],
  },
  PRODUCT_DISABLED: {
    category: 'SERVICE',
    system: true,
    title: { ko: '서비스 비활성화', en: 'Service disabled', ja: 'サービス無効化', zh: '服务已停用' },
    parameters: [...COMMON, ...PRODUCT],
  },
  SECRET_KEY_REGENERATED: {
    category: 'SERVICE',
    system: true,
    title: { ko: 'SecretKey 재발급', en: 'SecretKey regenerated', ja: 'SecretKey再発行', zh: 'SecretKey 已重新生成' },
    parameters: [...COMMON, ...PRODUCT],
  },
  ALARM_FIRING: {
    category: 'ALARM',
    system: false,
    title: { ko: '알람 발생', en: 'Alarm firing', ja: 'アラーム発生', zh: '告警触发' },
    parameters: [...COMMON, ...ALARM],
  },
  ALARM_RESOLVED: {
    category: 'ALARM',
    system: false,
    title: { ko: '알람 해제', en: 'Alarm resolved', ja: 'アラーム解除', zh: '告警已恢复' },
    parameters: [...COMMON, ...ALARM],
  },
  WEBHOOK_PAUSED: {
    category: 'WEBHOOK',
    system: false,
    title: { ko: '웹훅 일시 중지', en: 'Webhook paused', ja: 'Webhook一時停止', zh: 'Webhook 已暂停' },
    parameters: [
      ...COMMON,
      p('webhookName', '웹훅 이름', 'Webhook name', 'Webhook名', 'Webhook 名称'),
      p('receiverGroupName', '수신 그룹 이름', 'Receiver group name', '受信グループ名', '接收组名称'),
      p('reason', '사유', 'Reason', '理由', '原因'),
    ],
  },
  WEBHOOK_TEST: {
    category: 'WEBHOOK',
    system: false,
    title: { ko: '웹훅 테스트', en: 'Webhook test', ja: 'Webhookテスト', zh: 'Webhook 测试' },
    parameters: [...COMMON, p('webhookName', '웹훅 이름', 'Webhook name', 'Webhook名', 'Webhook 名称')],
  },
} as const satisfies Record<string, NotificationEventDefinition>;

export type NotificationEventType = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_TYPES = Object.keys(NOTIFICATION_EVENTS) as NotificationEventType[];
export const isNotificationEventType = (value: string): value is NotificationEventType => Object.hasOwn(NOTIFICATION_EVENTS, value);

import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Container from '@cloudscape-design/components/container';
import type { SupportTeamMember } from '@console/contracts/organizations';
import { SUPPORT_TEAM_LIMIT } from '@console/contracts/organizations-constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { ControlledField } from '../../../shared/form/ControlledField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { supportTeamCandidatesQuery, supportTeamQuery, useUpdateSupportTeamMutation } from '../../../data/organizations/support-team.ts';
import { useReportDirty } from '../../../shared/form/use-report-dirty.ts';
import type { TeamFormSchema } from './org-support-team-schema.ts';

const keyOf = (member: Pick<SupportTeamMember, 'memberType' | 'memberUuid'>) => `${member.memberType}:${member.memberUuid}`;

type TeamForm = z.infer<typeof TeamFormSchema>;
const FIELDS = ['members'] as const;

/** The members a ORG_MEMBER_NOT_FOUND refusal names (`body.members.{index}.…`), by name. */
function refusedNames(error: unknown, sent: readonly SupportTeamMember[]): string[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors
    .map((fieldError) => /^body\.members\.(\d+)\./.exec(fieldError.field)?.[1])
    .filter((index): index is string => index !== undefined)
    .flatMap((index) => sent[Number(index)]?.name ?? []);
}

/**
 * Organization management, default settings: the technical support team, the members of the
 * organization (cloud members or IAM accounts) who handle its technical-support inquiries. The
 * member list is searched on the server as the user types; at most SUPPORT_TEAM_LIMIT.
 */
export function OrgSupportTeamForm({
  orgId,
  readCheck,
  updateCheck,
  onDirtyChange,
}: {
  orgId: string;
  readCheck: PermissionCheck;
  updateCheck: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const team = useQuery({ ...supportTeamQuery(orgId), enabled: readCheck.allowed });
  const header = (
    <Header variant="h2" description={t('org.defaults.supportTeam.description', { limit: SUPPORT_TEAM_LIMIT })}>
      {t('org.defaults.supportTeam.title')}
    </Header>
  );
  // One wrapper whatever shows inside it: the section stays the same element as the team loads.
  return (
    <div data-testid="org-support-team">
      {readCheck.allowed && team.data ? (
        // Keyed by the saved team: a team saved elsewhere (or by this form) starts the editor afresh.
        <SupportTeamEditor
          key={team.data.members.map(keyOf).join()}
          orgId={orgId}
          saved={team.data.members}
          header={header}
          updateCheck={updateCheck}
          onDirtyChange={onDirtyChange}
        />
      ) : (
        <Container header={header}>
          {!readCheck.allowed && !readCheck.loading ? (
            <Box color="text-status-inactive" data-testid="org-support-team-denied">
              {readCheck.reason}
            </Box>
          ) : team.isError ? (
            <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>
          ) : (
            <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
          )}
        </Container>
      )}
    </div>
  );
}

function SupportTeamEditor({
  orgId,
  saved,
  header,
  updateCheck,
  onDirtyChange,
}: {
  orgId: string;
  saved: SupportTeamMember[];
  header: ReactNode;
  updateCheck: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const settledKeyword = useDebouncedValue(keyword, 250);
  const candidates = useQuery({ ...supportTeamCandidatesQuery(orgId, settledKeyword), enabled: updateCheck.allowed });
  const update = useUpdateSupportTeamMutation(orgId);

  const { form, formError, setFormError, onSubmit } = useServerForm<TeamForm, TeamForm, unknown>({
    schema: () => import('./org-support-team-schema.ts').then((module) => module.TeamFormSchema),
    defaultValues: { members: saved },
    fields: FIELDS,
    submit: ({ members }) => update.mutateAsync(members.map(({ memberType, memberUuid }) => ({ memberType, memberUuid }))),
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('org.defaults.supportTeam.saved') });
    },
    // ORG_MEMBER_NOT_FOUND names the members who are not (or no longer) in the organization.
    formErrorText: (text, error, { members }) => {
      const names = refusedNames(error, members);
      return names.length ? `${text} (${names.join(', ')})` : text;
    },
  });
  const current = useWatch({ control: form.control, name: 'members' });
  const dirty = current.map(keyOf).join() !== saved.map(keyOf).join();
  useReportDirty(dirty, onDirtyChange);

  const toOption = (member: SupportTeamMember): MultiselectProps.Option => ({
    value: keyOf(member),
    label: member.name,
    description: member.userCode ?? member.email,
    ...(member.memberType === 'IAM' ? { tags: [t('org.defaults.supportTeam.iamTag')] } : {}),
  });
  const known = useMemo(() => {
    const all = new Map<string, SupportTeamMember>();
    for (const member of [...saved, ...(candidates.data ?? []), ...current]) all.set(keyOf(member), member);
    return all;
  }, [saved, candidates.data, current]);
  const tooMany = current.length > SUPPORT_TEAM_LIMIT;

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-support-team-form"
      errorTestId="org-support-team-error"
      containerHeader={header}
      submit={{
        text: t('org.defaults.supportTeam.save'),
        testId: 'org-support-team-save',
        pending: update.isPending,
        disabled: !updateCheck.allowed || !dirty || tooMany,
        disabledReason: updateCheck.reason,
      }}
    >
      <ControlledField
        control={form.control}
        name="members"
        label={t('org.defaults.supportTeam.label')}
        constraintText={current.length === 0 ? t('org.defaults.supportTeam.none') : `${current.length} / ${SUPPORT_TEAM_LIMIT}`}
        externalError={tooMany ? t('org.defaults.supportTeam.tooMany', { limit: SUPPORT_TEAM_LIMIT }) : undefined}
        render={({ field, invalid }) => (
          <Multiselect
            ref={field.ref}
            data-testid="org-support-team-select"
            selectedOptions={current.map(toOption)}
            options={(candidates.data ?? []).map(toOption)}
            filteringType="manual"
            filteringPlaceholder={t('org.defaults.supportTeam.placeholder')}
            placeholder={t('org.defaults.supportTeam.placeholder')}
            onLoadItems={({ detail }) => setKeyword(detail.filteringText)}
            statusType={candidates.isFetching ? 'loading' : 'finished'}
            loadingText={t('org.defaults.supportTeam.loading')}
            empty={t('org.defaults.supportTeam.empty')}
            disabled={!updateCheck.allowed}
            invalid={invalid}
            onBlur={field.onBlur}
            onChange={({ detail }) => {
              setFormError(undefined);
              field.onChange(
                detail.selectedOptions.flatMap((option) => {
                  const member = option.value ? known.get(option.value) : undefined;
                  return member ? [member] : [];
                }),
              );
            }}
            tokenLimit={SUPPORT_TEAM_LIMIT}
          />
        )}
      />
    </ServerForm>
  );
}

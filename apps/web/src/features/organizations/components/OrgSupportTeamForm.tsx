import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { SupportTeamMember } from '@console/contracts/organizations';
import { SUPPORT_TEAM_LIMIT } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { supportTeamCandidatesQuery, supportTeamQuery, useUpdateSupportTeamMutation } from '../../../data/organizations/support-team.ts';

const keyOf = (member: Pick<SupportTeamMember, 'memberType' | 'memberUuid'>) => `${member.memberType}:${member.memberUuid}`;

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
  const [selected, setSelected] = useState<SupportTeamMember[]>();
  const [keyword, setKeyword] = useState('');
  const [errorText, setErrorText] = useState<string>();
  const settledKeyword = useDebouncedValue(keyword, 250);
  const candidates = useQuery({ ...supportTeamCandidatesQuery(orgId, settledKeyword), enabled: updateCheck.allowed });
  const update = useUpdateSupportTeamMutation(orgId);

  const saved = team.data?.members;
  const current = selected ?? saved ?? [];
  const dirty = selected !== undefined && saved !== undefined && selected.map(keyOf).join() !== saved.map(keyOf).join();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const toOption = (member: SupportTeamMember): MultiselectProps.Option => ({
    value: keyOf(member),
    label: member.name,
    description: member.userCode ?? member.email,
    ...(member.memberType === 'IAM' ? { tags: [t('org.defaults.supportTeam.iamTag')] } : {}),
  });
  const known = useMemo(() => {
    const all = new Map<string, SupportTeamMember>();
    for (const member of [...(saved ?? []), ...(candidates.data ?? []), ...(selected ?? [])]) all.set(keyOf(member), member);
    return all;
  }, [saved, candidates.data, selected]);
  const tooMany = current.length > SUPPORT_TEAM_LIMIT;

  const onSave = async () => {
    if (tooMany) return;
    setErrorText(undefined);
    try {
      await progress.track(update.mutateAsync(current.map(({ memberType, memberUuid }) => ({ memberType, memberUuid }))));
      setSelected(undefined);
      toasts.show({ type: 'success', content: t('org.defaults.supportTeam.saved') });
    } catch (error) {
      // 22019 names the members who are not (or no longer) in the organization.
      const names = isApiError(error)
        ? error.fieldErrors
            .map((fieldError) => /^body\.members\.(\d+)\./.exec(fieldError.field)?.[1])
            .filter((index): index is string => index !== undefined)
            .map((index) => current[Number(index)]?.name)
            .filter(Boolean)
        : [];
      const message = apiErrorMessage(error, t);
      setErrorText(names.length ? `${message} (${names.join(', ')})` : message);
    }
  };

  return (
    <Container
      data-testid="org-support-team"
      header={
        <Header variant="h2" description={t('org.defaults.supportTeam.description', { limit: SUPPORT_TEAM_LIMIT })}>
          {t('org.defaults.supportTeam.title')}
        </Header>
      }
    >
      {!readCheck.allowed && !readCheck.loading ? (
        <Box color="text-status-inactive" data-testid="org-support-team-denied">
          {readCheck.reason}
        </Box>
      ) : team.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : team.isError ? (
        <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>
      ) : (
        <Form
          actions={
            <Button
              variant="primary"
              onClick={() => void onSave()}
              loading={update.isPending}
              disabled={!updateCheck.allowed || !dirty || tooMany || update.isPending}
              disabledReason={updateCheck.reason}
              data-testid="org-support-team-save"
            >
              {t('org.defaults.supportTeam.save')}
            </Button>
          }
        >
          <FormField
            label={t('org.defaults.supportTeam.label')}
            constraintText={current.length === 0 ? t('org.defaults.supportTeam.none') : `${current.length} / ${SUPPORT_TEAM_LIMIT}`}
            errorText={
              tooMany ? (
                t('org.defaults.supportTeam.tooMany', { limit: SUPPORT_TEAM_LIMIT })
              ) : errorText ? (
                <span data-testid="org-support-team-error">{errorText}</span>
              ) : undefined
            }
            stretch
          >
            <Multiselect
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
              onChange={({ detail }) => {
                setErrorText(undefined);
                setSelected(
                  detail.selectedOptions.flatMap((option) => {
                    const member = option.value ? known.get(option.value) : undefined;
                    return member ? [member] : [];
                  }),
                );
              }}
              tokenLimit={SUPPORT_TEAM_LIMIT}
            />
          </FormField>
        </Form>
      )}
    </Container>
  );
}

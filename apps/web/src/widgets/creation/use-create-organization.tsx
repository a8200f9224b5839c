import type { Organization } from '@console/contracts/organizations';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loadMessageParts } from '../../shared/i18n/i18n.ts';
import { modals } from '../../shared/ui/modals.ts';
import { Translated } from '../../shared/ui/Translated.tsx';
import { onDemand } from '../../shared/ui/on-demand.tsx';
import { paths } from '../../shared/paths.ts';

// The form (and react-hook-form) loads when the modal opens, not with the console's shell.
const CreateOrganizationForm = onDemand(() => import('./CreateOrganizationForm.tsx').then((module) => module.CreateOrganizationForm));

/** Opens "Create organization"; once created, the console goes to the new organization's dashboard. */
export function useCreateOrganization() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // The form's strings are the organization screens' (a message part): in before the modal opens.
    await loadMessageParts(['org']);
    const org = await modals.form<Organization>({
      header: <Translated k="org.create.title" />,
      render: ({ submit, cancel, setDirty }) => (
        <CreateOrganizationForm onCreated={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (org) await navigate(paths.org(org.orgId).dashboard);
  }, [navigate]);
}

import type { Organization } from '@console/contracts/organizations';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { modals } from '../ui/modals.ts';
import { Translated } from '../ui/Translated.tsx';
import { CreateOrganizationForm } from './CreateOrganizationForm.tsx';
import { paths } from '../paths.ts';

/** Opens "Create organization"; once created, the console goes to the new organization's dashboard. */
export function useCreateOrganization() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const org = await modals.form<Organization>({
      header: <Translated k="org.create.title" />,
      render: ({ submit, cancel, setDirty }) => (
        <CreateOrganizationForm onCreated={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (org) await navigate(paths.org(org.orgId).dashboard);
  }, [navigate]);
}

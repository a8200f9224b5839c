/**
 * A browser-side session of a demo account for the page-measuring scripts (the Lighthouse bench,
 * scripts/profile-page.ts): the cookies a sign-in sets, and the account's first organization and
 * project, whose pages they open.
 */
export interface SignedIn {
  cookies: { name: string; value: string }[];
  orgId: string;
  projectId: string;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const login = await fetch(`${baseUrl}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookies = login.headers.getSetCookie().map((value) => {
    const [pair] = value.split(';');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
  });
  if (!login.ok || !cookies.some((cookie) => cookie.name === 'sid')) throw new Error(`sign-in of ${email} failed: ${login.status}`);
  const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const orgs = (await (await fetch(`${baseUrl}/api/cab/v7/organizations`, { headers: { cookie: header } })).json()) as { orgs: { orgId: string }[] };
  const orgId = orgs.orgs[0]!.orgId;
  const projects = (await (await fetch(`${baseUrl}/api/cab/v5/projects?orgId=${orgId}`, { headers: { cookie: header } })).json()) as {
    projects: { projectId: string }[];
  };
  return { cookies, orgId, projectId: projects.projects[0]!.projectId };
}

/** The two kinds of project member, each with its own add and modify page (spec §2). */
export type ProjectMemberKind = 'TOAST_CLOUD' | 'IAM';

/**
 * The path segment of a kind: /project/:projectId/member/{cloud|iam}/{add|modify}. Apart from the
 * form so that the members list links to the pages without loading the form (and its form library).
 */
export const PROJECT_MEMBER_KIND_PATH: Record<ProjectMemberKind, 'cloud' | 'iam'> = { TOAST_CLOUD: 'cloud', IAM: 'iam' };

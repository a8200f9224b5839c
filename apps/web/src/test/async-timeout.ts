import { configure } from '@testing-library/react';

/**
 * findBy… and waitFor give up after 1 s by default. On two cores shared with other work (the unit step
 * beside the type check in `npm test`, or other sessions), a modal's first render once took longer
 * (IamAccountsTable.test.tsx: "Unable to find iam-create-form-email"). A guard against hangs, not
 * a speed target: a passing wait still ends as soon as its element shows.
 */
configure({ asyncUtilTimeout: 5_000 });

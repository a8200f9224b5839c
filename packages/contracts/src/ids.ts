/**
 * The id check of every `:orgId`, `:projectId`, `:memberId` path parameter (`z.string().uuid()`
 * in the contracts) without zod, for the web's layouts and shell, which decide before they ask
 * the API whether an id in the address can be real (issue 16: no zod at first paint).
 * `ids.test.ts` checks it agrees with zod's.
 */
const UUID = /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Whether a path parameter is an id the API would take (undefined: no). */
export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

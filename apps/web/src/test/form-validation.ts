/**
 * Forms load zod, its resolver and zod's messages after their first paint (shared/form/lazy-resolver.ts);
 * a blur before that waits for them. In the browser the idle callback has fetched them long before a
 * person leaves a field; in a web test the first blur would wait for the module runner to compile
 * zod (seconds on two shared cores). Loading them here keeps the tests' waits about the form's
 * behaviour; a form's own schema module still loads late, as it does in the browser.
 */
import '../shared/form/zod-validation.ts';

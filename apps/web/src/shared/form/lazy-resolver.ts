import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { formErrorMap } from './form-error-map.ts';

/**
 * A form's schema, loaded when the form needs it rather than with the page:
 * `() => import('./x-schema.ts').then((module) => module.XSchema)`. The module it names (and zod
 * with it) is not part of the route's first-paint JS; keep the page's other imports of it
 * `import type`, or the schema comes back with the page.
 */
export type SchemaLoader<TOutput, TInput> = () => Promise<z.ZodType<TOutput, TInput>>;

/** Runs `work` once the browser is idle after the current frame (the first paint); returns a cancel. */
export function afterFirstPaint(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

/**
 * A react-hook-form resolver whose schema, zod and zod's resolver load after the form's first
 * paint (an idle callback), so the page paints without them. Validation is never skipped: a blur or
 * a submit before they have arrived waits for them (react-hook-form awaits the resolver). A failed
 * load is tried again at the next validation. The error map is read at each validation, so a
 * language switch is followed.
 */
export function useLazyResolver<TInput extends FieldValues, TOutput>(
  schema: SchemaLoader<TOutput, TInput>,
  errorMap: ReturnType<typeof formErrorMap>,
): Resolver<TInput, unknown, TOutput> {
  const schemaRef = useRef(schema);
  const errorMapRef = useRef(errorMap);
  // The latest loader and error map (language), for the next load and validation.
  useLayoutEffect(() => {
    schemaRef.current = schema;
    errorMapRef.current = errorMap;
  });
  const loaded = useRef<Promise<Resolver<TInput, unknown, TOutput>> | undefined>(undefined);
  const load = useCallback(() => {
    loaded.current ??= Promise.all([import('./zod-validation.ts'), schemaRef.current()])
      .then(([validation, loadedSchema]) => validation.zodFormResolver(loadedSchema, (issue) => errorMapRef.current(issue)))
      .catch((error: unknown) => {
        loaded.current = undefined;
        throw error;
      });
    return loaded.current;
  }, []);
  useEffect(() => afterFirstPaint(() => void load().catch(() => undefined)), [load]);
  return useCallback<Resolver<TInput, unknown, TOutput>>(async (values, context, options) => (await load())(values, context, options), [load]);
}

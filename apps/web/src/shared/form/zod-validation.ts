import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { formErrorMap } from './form-error-map.ts';
import { zodLocaleReady } from './zod-locale.ts';

/**
 * What a form validates with, loaded after its first paint (lazy-resolver.ts): the zod resolver
 * and zod's messages in the active language. Only ever imported dynamically, so that zod and
 * the resolver stay out of every route's first-paint JS (issue 16).
 */
export async function zodFormResolver<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  error: ReturnType<typeof formErrorMap>,
): Promise<Resolver<TInput, unknown, TOutput>> {
  await zodLocaleReady;
  return zodResolver(schema, { error }) as Resolver<TInput, unknown, TOutput>;
}

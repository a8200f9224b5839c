import { HEADERS, SPEC_HEADER_NAMES, validationMessage, type AliasedHeader, type Lang } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import { invalidFields } from './errors.ts';

/** One header's value; a header sent twice reads as its values joined by commas. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * A header that has two names: the spec's (`project-id`, `field-filter`) and the one the web
 * sends (`x-project-id`, `x-field-filter`). Either is read. Both with different values are a
 * contradiction the caller must resolve (`conflicting`; see headerConflict), not one to guess at.
 */
export function aliasedHeaderOf(request: FastifyRequest, header: AliasedHeader): { value: string | undefined; conflicting: boolean } {
  const spec = headerOf(request, SPEC_HEADER_NAMES[header]);
  const ours = headerOf(request, HEADERS[header]);
  return { value: spec ?? ours, conflicting: spec !== undefined && ours !== undefined && spec.trim() !== ours.trim() };
}

/** INVALID_PARAMETER on the spec's name of a header sent under both names with different values. */
export const headerConflict = (header: AliasedHeader, lang: Lang) =>
  invalidFields({ field: `header.${SPEC_HEADER_NAMES[header]}`, message: validationMessage('validation.header.conflict', lang) });

/** The header's value, refusing a contradiction (INVALID_PARAMETER). */
export function readAliasedHeader(request: FastifyRequest, header: AliasedHeader, lang: Lang): string | undefined {
  const { value, conflicting } = aliasedHeaderOf(request, header);
  if (conflicting) throw headerConflict(header, lang);
  return value;
}

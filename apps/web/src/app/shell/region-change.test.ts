import type { ProductUi } from '@console/contracts/products';
import { describe, expect, it } from 'vitest';
import { productOfPage, regionChangeNeedsConfirm } from './use-region-selection.ts';

const ui = (overrides: Partial<ProductUi>) => ({ productUiName: 'Email', categoryName: 'notification', pathName: 'email', parentProductUiId: null, regionCodeList: ['KR1', 'JP1'], ...overrides }) as ProductUi;

describe('the region selector on a product page (spec §2)', () => {
  const catalogue = [ui({ productUiId: 'email' }), ui({ productUiId: 'email-send', parentProductUiId: 'email', tabName: 'send', regionCodeList: ['KR1'] })];

  it('finds the product of the page: its root entry, not a tab', () => {
    expect(productOfPage(catalogue, 'notification', 'email')?.productUiId).toBe('email');
    expect(productOfPage(catalogue, 'member', 'cloud')).toBeUndefined();
    expect(productOfPage(undefined, 'notification', 'email')).toBeUndefined();
  });

  it('asks before a region that does not offer the product, and only then', () => {
    const email = productOfPage(catalogue, 'notification', 'email');
    expect(regionChangeNeedsConfirm(email, 'US1')).toBe(true);
    expect(regionChangeNeedsConfirm(email, 'JP1')).toBe(false);
    // Not on a product page (or the catalogue not loaded): no question.
    expect(regionChangeNeedsConfirm(undefined, 'US1')).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { RuntimeServices } from '../runtime-context';
import { fieldParamLinks } from './param-links';

const STORED = [{ fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }];
const DESIGNED = [{ fieldSub1: { fieldName: 'billCode' }, fieldSub2: { fieldName: 'vendorCode' } }];

describe('a picking field\'s parameter links', () => {
  it('takes the designed links (an empty list too) without asking; otherwise the stored ones by the field\'s id; none when the call fails', async () => {
    const request = vi.fn(async () => STORED) as unknown as RuntimeServices['request'];
    expect(await fieldParamLinks(request, DESIGNED, 'mm_pu_weigh.vendorName')).toEqual(DESIGNED);
    expect(await fieldParamLinks(request, [], 'mm_pu_weigh.vendorName')).toEqual([]);
    expect(request).not.toHaveBeenCalled();
    expect(await fieldParamLinks(request, null, 'mm_pu_weigh.vendorName')).toEqual(STORED);
    expect(request).toHaveBeenCalledWith({ url: '/cg-format-form-sub-param/list/param', query: { resFormatSubId: 'mm_pu_weigh.vendorName' }, quiet: true });
    expect(await fieldParamLinks(request, undefined, null)).toEqual([]);
    const failing = vi.fn(async () => { throw new Error('500'); }) as unknown as RuntimeServices['request'];
    expect(await fieldParamLinks(failing, undefined, 7)).toEqual([]);
  });
});

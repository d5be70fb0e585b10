import { describe, expect, it } from 'vitest';
import { movedUsers } from './role-users-dialog';

describe('movedUsers (a user of two companies is one user)', () => {
  it('a leaf moved right brings its user; a leaf moved left takes its user out, from every company', () => {
    // user 4 works in companies 1 and 2: two leaves
    expect(movedUsers([2], ['2@1'], ['2@1', '4@2'])).toEqual([2, 4]);
    expect(movedUsers([2, 4], ['2@1', '4@1', '4@2'], ['2@1', '4@2'])).toEqual([2]);
    expect(movedUsers([2, 4], ['2@1', '4@1', '4@2'], [])).toEqual([]);
    expect(movedUsers([], [], ['7@none'])).toEqual([7]);
  });
});

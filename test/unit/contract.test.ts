import { describe, expect, it } from 'vitest';
import { validateRegistrationForm } from '../../lambdas/contract/auth';
import { MM_DD, US_STATES, ZIP5_OR_9 } from '../../lambdas/contract/fields';

const valid = {
  churchInfo: { name: 'Grace', address: '1 Main St', city: 'Raleigh', state: 'nc', zip: '27601' },
  adminInfo: { name: 'Ann', email: 'Ann@Example.org', password: 'secret1' },
};

describe('registration rules', () => {
  it('accepts a complete form, upper-casing the state and lower-casing the e-mail', () => {
    const result = validateRegistrationForm(valid, 'secret1');
    expect(result).toMatchObject({
      ok: true,
      value: { churchInfo: { state: 'NC' }, adminInfo: { email: 'ann@example.org' } },
    });
  });

  it.each([
    [{ ...valid, churchInfo: { ...valid.churchInfo, city: '  ' } }, 'secret1', 'All fields are required.'],
    [valid, '', 'All fields are required.'],
    [
      { ...valid, adminInfo: { ...valid.adminInfo, email: 'ann@example' } },
      'secret1',
      'Please enter a valid administrator email address.',
    ],
    [
      { ...valid, churchInfo: { ...valid.churchInfo, zip: '276011' } },
      'secret1',
      'Please enter a valid 5-digit Zip Code.',
    ],
    [
      { ...valid, adminInfo: { ...valid.adminInfo, password: 'abc' } },
      'abc',
      'Administrator password must be at least 6 characters long.',
    ],
    [valid, 'secret2', 'Administrator passwords do not match.'],
  ])('refuses %#', (input, confirm, message) => {
    expect(validateRegistrationForm(input, confirm)).toEqual({ ok: false, message });
  });

  it('lists the 50 states and the District Of Columbia', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District Of Columbia');
  });

  it('knows MM/DD and zip shapes', () => {
    expect(['01/01', '12/31', '02/29'].every((d) => MM_DD.test(d))).toBe(true);
    expect(['13/01', '00/10', '1/1', '12/32', '12-01'].some((d) => MM_DD.test(d))).toBe(false);
    expect(['27601', '27601-1234'].every((z) => ZIP5_OR_9.test(z))).toBe(true);
    expect(['2760', '27601-12', 'abcde'].some((z) => ZIP5_OR_9.test(z))).toBe(false);
  });
});

/**
 * A detail declared once (lambdas/contract/entity.ts), worked through with the preferred name
 * ("Goes By"), a member's detail with its own privacy level, shown, edited, printed and searched:
 * its one line in a copy of MEMBER_FIELDS is all it takes. Each place that shows or uses a
 * member's details derives it from that line; docs/architecture.md counts the files.
 */
import { render, screen } from '@testing-library/react';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { printed } from '../../lambdas/book/pdf/layout';
import { MEMBER_FIELDS } from '../../lambdas/contract/directory';
import { fieldsInWords, optional, rulesOf, type TextKeys } from '../../lambdas/contract/entity';
import { LIMITS } from '../../lambdas/contract/fields';
import { sharedOf } from '../../lambdas/contract/privacy';
import { wordsOfFields } from '../../lambdas/contract/searchWords';
import { DeclaredInputs } from '../../web/src/components/DeclaredInputs';
import { detailsOf } from '../../web/src/lib/details';
import { blankForm, declaredField } from '../../web/src/lib/entityForm';

const { name, ...rest } = MEMBER_FIELDS;
/** The worked example: one line. */
const WITH_PREFERRED = {
  name,
  preferredName: optional('Preferred Name', LIMITS.name, {
    short: 'Goes By',
    shared: 'preferredName',
    search: true,
    print: 'labelled',
  }),
  ...rest,
};
type Key = TextKeys<typeof WITH_PREFERRED>;

const robert = { name: 'Robert', preferredName: 'Bob', birthday: '04/12', cellphone: '555-0100', email: null };

describe('a detail declared once: the preferred name', () => {
  it('is accepted and checked by the input schema, with its limit', () => {
    const input = z.object(rulesOf(WITH_PREFERRED));
    expect(z.parse(input, { name: 'Robert', preferredName: '  Bob ' }).preferredName).toBe('Bob');
    expect(z.parse(input, { name: 'Robert', preferredName: '' }).preferredName).toBeNull();
    expect(z.safeParse(input, { name: 'Robert', preferredName: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Please use at most 100 characters.',
    );
  });

  it('has its own privacy level, labelled as the field', () => {
    expect(sharedOf(WITH_PREFERRED).preferredName).toEqual({ label: 'Preferred Name', covers: ['preferredName'] });
  });

  it('is found by search', () => {
    expect(wordsOfFields(WITH_PREFERRED)(robert)).toContain('bob');
  });

  it('is printed in the book under its short name', () => {
    expect(printed(WITH_PREFERRED, robert)).toEqual({
      lines: ['Goes By: Bob', 'Cell: 555-0100'],
      beside: 'Birthday 04/12',
    });
  });

  it('is a column of the member table and a detail of the pages, with its level', () => {
    const details = detailsOf(WITH_PREFERRED, robert, { preferredName: 'groups' }, (v) => v ?? '');
    expect(details.map((d) => d.name)).toEqual(['Goes By', 'Birthday', 'Cell', 'Email']);
    expect(details[0]).toMatchObject({ key: 'preferredName', value: 'Bob', level: 'groups' });
  });

  it('is listed by the privacy policy', () => {
    expect(fieldsInWords(WITH_PREFERRED)).toEqual([
      'first name',
      'preferred name',
      'birthday (month and day)',
      'cellphone',
      'email address',
    ]);
  });

  it('has its input in the entry form, after the first name, with its label and limit', () => {
    const values = blankForm(WITH_PREFERRED);
    const entry = declaredField(WITH_PREFERRED, (key: Key) => ({
      name: key,
      value: values[key],
      onChange: () => {},
      isDisabled: false,
      ref: () => {},
    }));
    render(<DeclaredInputs fields={WITH_PREFERRED} entry={entry} />);
    const inputs = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs.map((i) => i.name)).toEqual(['name', 'preferredName', 'birthday', 'cellphone', 'email']);
    expect(screen.getByLabelText('Preferred Name')).toHaveProperty('maxLength', 100);
  });
});

/**
 * The page that asks for an account, member sign-up or church registration: the card, the form
 * (lib/form.ts) with the page's own fields, its check, the common-password check, the status and
 * the submit button; useAccountCreation's flow then goes on to the page that takes the mailed code.
 */
import type { ReactNode } from 'react';
import { Button, Card, Flex } from '@aws-amplify/ui-react';
import entryForm from '../../components/EntryForm.module.css';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { useForm, type Checked } from '../../lib/form';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAccountCreation, type Creation } from './useAccountCreation';

export interface AccountCreationProps<V extends Record<string, string>, T> {
  /** The tab's title and the card's heading. */
  titles: { tab: string; heading: string };
  /** The wide card of the registration, in a page that is not narrow. */
  wide?: boolean;
  initial: V;
  check: (values: V) => Checked<T>;
  /** The checked value's password and the field it was typed in (the common-password check). */
  password: (value: T) => { password: string; field: keyof V & string };
  create: (value: T) => Creation;
  /** The submit button's text, idle and busy. */
  submit: { idle: string; busy: string };
  /** Shown above the form. */
  before?: ReactNode;
  /**
   * Shown, with the links under the form, instead of the form when the page can take no account
   * (a sign-up link that names no church); never while a submission is under way.
   */
  refusal?: ReactNode;
  /** The inputs, from the form's `field`. */
  children: (form: ReturnType<typeof useForm<V, T>>) => ReactNode;
  /** The links under the form. */
  footer: ReactNode;
}

export function AccountCreationForm<V extends Record<string, string>, T>(props: AccountCreationProps<V, T>) {
  const { titles, wide = false, check, password, create, submit, children } = props;
  usePageTitle(titles.tab);
  const commonPasswordText = useCommonPasswordCheck();
  const form = useForm<V, T>({
    initial: props.initial,
    // The contract's rules first, then the list of common passwords (loaded the first time it is needed).
    check: async (values) => {
      const checked = check(values);
      if (!checked.ok) return checked;
      const given = password(checked.value);
      const refused = await commonPasswordText(given.password);
      return refused ? { ok: false, issues: [{ field: given.field, message: refused }] } : checked;
    },
  });
  const { create: run } = useAccountCreation(form);
  const refused = props.refusal !== undefined && !form.busy;

  return (
    <Flex justifyContent="center" className={wide ? 'page' : 'page page--narrow'}>
      <Card variation="elevated" className={wide ? 'form-card form-card--wide' : 'form-card'}>
        <PageTitle>{titles.heading}</PageTitle>
        {!refused && props.before}

        {refused && (
          <>
            {props.refusal}
            {props.footer}
          </>
        )}
        {!refused && (
          <form onSubmit={form.submit((value) => run(create(value)))} noValidate aria-busy={form.busy}>
            {children(form)}
            <div className={entryForm.status}>
              <StatusMessage status={form.status} id={form.statusId} />
            </div>
            <Button type="submit" variation="primary" isFullWidth isDisabled={form.busy}>
              {form.busy ? submit.busy : submit.idle}
            </Button>
            {props.footer}
          </form>
        )}
      </Card>
    </Flex>
  );
}

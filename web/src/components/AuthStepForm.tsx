/**
 * One step of the sign-in, password-reset and verification cards: a narrow column with the
 * form's status line (its error summary) at the top, the step's inputs, the full-width submit
 * button (its busy text while the form is busy) and the step's other actions.
 */
import type { FormEvent, ReactNode } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { StatusMessage, type Status } from './StatusMessage';

export function AuthStepForm({
  form,
  onSubmit,
  submit,
  submitting = form.busy,
  intro,
  children,
  after,
}: {
  form: { busy: boolean; status: Status | null; statusId: string };
  onSubmit: (event: FormEvent) => void;
  /** The submit button's text, idle and busy. */
  submit: { idle: string; busy: string };
  /** Whether the busy form is submitting (the button's busy text); by default whenever it is busy. */
  submitting?: boolean;
  /** Above the status line. */
  intro?: ReactNode;
  children: ReactNode;
  /** Under the submit button: the step's other actions. */
  after?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={form.busy}>
      <Flex direction="column" gap="medium">
        {intro}
        <StatusMessage status={form.status} id={form.statusId} />
        {children}
        <Button type="submit" variation="primary" isFullWidth isDisabled={form.busy}>
          {submitting ? submit.busy : submit.idle}
        </Button>
        {after}
      </Flex>
    </form>
  );
}

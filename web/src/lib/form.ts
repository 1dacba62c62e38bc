/**
 * The form kit: one way to write a form. A form is its typed values (strings), a check that turns
 * them into what the API takes (the contract's zod/mini schemas, lambdas/contract/, with the
 * messages users see), and what to do with the checked value. The kit holds the values, the
 * field-level messages, the status line (its error summary) and the busy and done states:
 *
 * - submitting checks first; a refusal marks every field it names invalid (aria-invalid, and
 *   aria-errormessage naming the status line that says why), shows the first message in the
 *   status line and moves the focus to that message's field;
 * - a checked value goes to the page's `send` with the form busy (fields and buttons disabled);
 *   a failure it throws is worded once, by lib/errorTexts.ts, from the form's `failed` context;
 * - `finish` locks the form for good (a success) and may go elsewhere after a pause.
 *
 * Inputs take `form.field(name)` (value, onChange, disabled, the invalid state and a ref for the
 * focus); a declared entity's inputs take lib/entityForm.ts's `declaredField`, which adds the
 * declaration's label, limit and whether the field is required.
 * react-hook-form 7.92 with @hookform/resolvers 7.0.7 (whose zod resolver does take these zod/mini
 * schemas) was measured for this: 13.9 KB gzipped (38.6 KB minified) more on every form page, for
 * what this file does with the contract's schemas in about 1 KB.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Status } from '../components/StatusMessage';
import { errorText, type ErrorContext } from './errorTexts';

/** A reason a form was refused: its message, and the field it is about (none: the form as a whole). */
export interface Issue {
  field?: string;
  message: string;
  /** 'warning' for a gentle reminder (the reset page's empty address); errors otherwise. */
  kind?: 'error' | 'warning';
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** A problem as zod (and the contract's form checks) names it: by its path in the input. */
interface PathIssue {
  path: readonly PropertyKey[];
  message: string;
}
interface IssueOptions {
  /** The form's fields in the order on screen: the first message shown is that of the first of them. */
  order?: readonly string[];
  /** The form's field for a path; by default the path's last key (`adminInfo.email`: `email`). */
  fieldOf?: (path: readonly PropertyKey[]) => string | undefined;
}
const lastKey = (path: readonly PropertyKey[]) => (path.length ? String(path[path.length - 1]) : undefined);

/** Problems named by path, as the form's issues (in `order` when given, the others after them). */
export function refused<T>(
  problems: readonly PathIssue[],
  { order, fieldOf = lastKey }: IssueOptions = {},
): Checked<T> {
  const issues: Issue[] = problems.map((p) => ({ field: fieldOf(p.path), message: p.message }));
  if (!order) return { ok: false, issues };
  const rank = (issue: Issue) => {
    const at = issue.field === undefined ? -1 : order.indexOf(issue.field);
    return at < 0 ? order.length : at;
  };
  return { ok: false, issues: [...issues].sort((x, y) => rank(x) - rank(y)) };
}

/** A zod/mini schema's verdict on `input` as the form takes it. */
export function checkWith<T>(
  schema: {
    safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly PathIssue[] } };
  },
  input: unknown,
  opts?: IssueOptions,
): Checked<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : refused(parsed.error.issues, opts);
}

/** A contract form check's verdict (checkSignupForm, checkRegistrationForm) as the form takes it. */
export const fromCheck = <T>(
  checked: { ok: true; value: T } | { ok: false; issues: readonly PathIssue[] },
  opts?: IssueOptions,
): Checked<T> => (checked.ok ? checked : refused(checked.issues, opts));

export interface FormOptions<V extends Record<string, string>, T> {
  /** The values the form starts with (every key a field). */
  initial: V;
  /** The form's rules: the checked value, or why not. May wait (the common-password list loads on demand). */
  check: (values: V) => Checked<T> | Promise<Checked<T>>;
  /** Whose texts say what a failure of `send` means (lib/errorTexts.ts). */
  failed?: ErrorContext;
}

/** The props every input of the form takes (Amplify's TextField, SelectField, PasswordField, CodeField). */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  isDisabled: boolean;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid'?: true;
  'aria-errormessage'?: string;
}

export function useForm<V extends Record<string, string>, T>({ initial, check, failed }: FormOptions<V, T>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const statusId = useId();
  const elements = useRef(new Map<string, HTMLElement>());
  const [focusOn, setFocusOn] = useState<{ field: string } | null>(null);
  const checking = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // After the render that marks the fields: the field is enabled and shows as invalid.
  useEffect(() => {
    if (focusOn) elements.current.get(focusOn.field)?.focus();
  }, [focusOn]);

  const locked = busy || done;
  /** Typed values (one at a time, or all at once: an edit form filled from its record). */
  const set = (key: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);

  /**
   * What any input of the form takes to be marked invalid and focused, even one whose value the
   * page keeps itself (the family chooser): a ref, and when invalid, the status line that says why.
   */
  function invalid(name: string) {
    const marked = errors[name] !== undefined && status !== null && status.kind !== 'success';
    return {
      ref: (element: HTMLElement | null) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
      ...(marked ? { 'aria-invalid': true as const, 'aria-errormessage': statusId } : {}),
    };
  }

  /** An input's props: its value and change, disabled while the form is busy or done, and `invalid`'s. */
  function field(key: keyof V & string): FieldProps {
    return {
      name: key,
      value: values[key] as string,
      onChange: (event) => set(key, event.target.value),
      isDisabled: locked,
      ...invalid(key),
    };
  }

  /** Runs `work` with the form busy (its status cleared); a failure it throws says the `failed` context's text. */
  async function run(work: () => Promise<void> | void) {
    setStatus(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!failed) throw error;
      setStatus({ kind: 'error', text: errorText(failed, error) });
    } finally {
      setBusy(false);
    }
  }

  /**
   * The form's submit: check (the form's rules, or the step's own when a form has two steps), then
   * `send` the checked value while busy.
   */
  function submit(send: (value: T) => Promise<void> | void): (event: FormEvent) => Promise<void>;
  function submit<U>(
    send: (value: U) => Promise<void> | void,
    stepCheck: (values: V) => Checked<U> | Promise<Checked<U>>,
  ): (event: FormEvent) => Promise<void>;
  function submit<U>(
    send: (value: U) => Promise<void> | void,
    stepCheck = check as unknown as (values: V) => Checked<U> | Promise<Checked<U>>,
  ) {
    return async (event: FormEvent) => {
      event.preventDefault();
      if (locked || checking.current) return;
      checking.current = true;
      let checked: Checked<U>;
      try {
        checked = await stepCheck(values);
      } finally {
        checking.current = false;
      }
      if (!checked.ok) {
        refuse(checked.issues);
        return;
      }
      setErrors({});
      const { value } = checked;
      await run(() => send(value));
    };
  }

  /** Marks the fields the issues name, says the first message and moves the focus to its field. */
  function refuse(issues: Issue[]) {
    const messages: Partial<Record<string, string>> = {};
    for (const issue of issues) if (issue.field && !messages[issue.field]) messages[issue.field] = issue.message;
    const first = issues[0];
    setErrors(messages);
    setStatus({
      kind: first?.kind ?? 'error',
      text: first?.message ?? 'Invalid data provided. Please check your input.',
    });
    const target = first?.field ?? issues.find((i) => i.field)?.field;
    if (target) setFocusOn({ field: target });
  }

  /** The form did its work: locked for good, with `next` as its status, and after `ms` `then.go` (a redirect). */
  function finish(next: Status | null, then?: { ms: number; go: () => void }) {
    setDone(true);
    setStatus(next);
    if (then) {
      clearTimeout(timer.current);
      timer.current = setTimeout(then.go, then.ms);
    }
  }

  return {
    values,
    /** The field-level messages of the last refused submit (cleared as each field is typed in). */
    errors,
    set,
    reset,
    field,
    invalid,
    submit,
    run,
    refuse,
    finish,
    status,
    setStatus,
    /** The status line's id: the error summary the invalid fields name. */
    statusId,
    busy,
    setBusy,
    done,
    locked,
  };
}

/** What a flow a form runs (useAccountCreation) may do with it: say how it went, and end it. */
export interface FormControl {
  setStatus: (status: Status | null) => void;
  finish: (next: Status | null, then?: { ms: number; go: () => void }) => void;
}

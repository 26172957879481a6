import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { sayMessage, useTranslation } from './i18n';
import { isLang, type Lang } from '@obmen/shared/i18n';
import { issueText } from '@obmen/shared/issue-text';
import { ApiError } from './api-client';
import { reportError } from './report-error';

type Issue = Parameters<typeof issueText>[0];

/** What the hook needs of a zod schema; the shared contracts fit as they are. */
export interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
}

type FormValues = Record<string, string | boolean>;
type FieldName<V extends FormValues> = keyof V & string;

export interface UseZodFormOptions<V extends FormValues, Out> {
  schema: FormSchema<Out>;
  /** Every field of the form, in the order it shows them (the first invalid one gets the focus). */
  defaultValues: V;
  /** Throw an ApiError with parameterErrors and they appear under their fields. */
  onSubmit: (data: Out) => Promise<unknown> | void;
  /** Names the form in the log when a submit fails for a reason the user cannot fix. */
  logContext: string;
}

// Is a mouse button or finger down? A blur caused by pressing the submit button must not show an
// error before the click lands: the text would push the button away and the click would miss it.
let pointerDown = false;
let tracking = false;

function trackPointer(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  for (const type of ['pointerup', 'pointercancel'] as const) {
    document.addEventListener(type, () => (pointerDown = false), true);
  }
}

/** Runs `action` now, or, when a press moved the focus, just after that press's click. */
function afterPress(action: () => void): void {
  if (!pointerDown) return action();
  const run = () => {
    document.removeEventListener('pointerup', run, true);
    document.removeEventListener('pointercancel', run, true);
    setTimeout(action, 0);
  };
  document.addEventListener('pointerup', run, true);
  document.addEventListener('pointercancel', run, true);
}

/** The first message of each field, keyed by the top-level field a zod issue points at. */
function firstMessages(issues: readonly Issue[], lang: Lang): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    messages[key] ??= issueText(issue, (key, params) => sayMessage(lang, key, params));
  }
  return messages;
}

/**
 * A small form state for the shared zod schemas (react-hook-form is not among the dependencies).
 * A field shows its error once it has been left (blur) or the form submitted, and from then on
 * follows every keystroke; errors from the server show under their fields until the field changes.
 */
export function useZodForm<V extends FormValues, Out>({
  schema,
  defaultValues,
  onSubmit,
  logContext,
}: UseZodFormOptions<V, Out>) {
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ru';
  const idPrefix = useId();
  const [values, setValues] = useState<V>(defaultValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formErrors, setFormErrors] = useState<readonly string[]>([]);
  const [isSubmitting, setSubmitting] = useState(false);
  const submitting = useRef(false);

  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = useMemo(() => (parsed.success ? {} : firstMessages(parsed.error.issues, lang)), [parsed, lang]);
  const names = Object.keys(defaultValues) as FieldName<V>[];

  const inputId = (name: FieldName<V>) => `${idPrefix}${name}`;

  const error = (name: FieldName<V>): string | undefined => {
    const client = submitted || touched.has(name) ? clientErrors[name] : undefined;
    return client ?? serverErrors[name];
  };

  const setValue = <K extends FieldName<V>>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  };

  const touch = (name: FieldName<V>) =>
    afterPress(() => setTouched((current) => (current.has(name) ? current : new Set(current).add(name))));

  useEffect(trackPointer, []);

  const focus = (name: string | undefined) => {
    if (name) document.getElementById(inputId(name))?.focus();
  };

  /** Props for a text input: `<input {...form.field('email')} />`. */
  const field = (name: FieldName<V>) => ({
    id: inputId(name),
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value as V[typeof name]),
    onBlur: () => touch(name),
  });

  /** Props for a checkbox: `<input type="checkbox" {...form.checkbox('agree')} />`. */
  const checkbox = (name: FieldName<V>) => ({
    id: inputId(name),
    name,
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as V[typeof name]),
    onBlur: () => touch(name),
  });

  const applyFailure = (failure: unknown) => {
    const parameterErrors = failure instanceof ApiError ? failure.parameterErrors : null;
    if (parameterErrors) {
      const byField: Record<string, string> = {};
      const general: string[] = [];
      // One message a field, like the client's own check; the first is the one to fix first.
      for (const { name, messages } of parameterErrors) {
        const [first] = messages;
        if (!first) continue;
        if ((names as string[]).includes(name)) byField[name] ??= first;
        else general.push(first);
      }
      setServerErrors(byField);
      setFormErrors(general);
      focus(names.find((name) => byField[name]));
      return;
    }
    if (failure instanceof ApiError && failure.errorMessage) {
      setFormErrors([failure.errorMessage]);
      return;
    }
    reportError(`${logContext} failed`, failure);
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    setSubmitted(true);
    setFormErrors([]);
    setServerErrors({});
    if (!parsed.success) {
      const invalid = firstMessages(parsed.error.issues, lang);
      const firstField = names.find((name) => invalid[name]);
      // An issue on a value the form does not show (a stored referral id…) still needs saying.
      const hidden = Object.entries(invalid).filter(([key]) => !(names as string[]).includes(key));
      if (hidden.length) setFormErrors(hidden.map(([, message]) => message));
      focus(firstField);
      return;
    }
    submitting.current = true;
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (failure) {
      applyFailure(failure);
    } finally {
      submitting.current = false;
      setSubmitting(false);
    }
  };

  const reset = (next: V = defaultValues) => {
    setValues(next);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
    setFormErrors([]);
  };

  return { values, field, checkbox, error, inputId, formErrors, isSubmitting, handleSubmit, setValue, reset };
}

export type ZodForm = ReturnType<typeof useZodForm>;

import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type RegisterOptions,
  type Resolver,
} from 'react-hook-form';
import { isLang, type Lang } from '@obmen/shared/i18n';
import { issueText } from '@obmen/shared/issue-text';
import { ApiError } from './api-client';
import { sayMessage, useTranslation } from './i18n';
import { reportError } from './report-error';

type Issue = Parameters<typeof issueText>[0];

/** What the form needs of a zod schema; the shared contracts fit as they are. */
export interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
}

export interface UseContractFormOptions<V extends FieldValues, Out> {
  schema: FormSchema<Out>;
  /** Every field of the form, in the order it shows them. */
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

/** The dotted name of every value in `values` ('requisites.give.cardNumber'), in their order. */
function fieldNames(values: FieldValues, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fieldNames(value as FieldValues, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** The field an issue belongs to: the longest known name its path starts with, else its first step. */
function issueField(path: readonly PropertyKey[], names: readonly string[]): string {
  for (let length = path.length; length > 0; length--) {
    const name = path.slice(0, length).map(String).join('.');
    if (names.includes(name)) return name;
  }
  return String(path[0] ?? '');
}

/**
 * zodResolver keeps only an issue's message, and the contracts' messages are keys whose values
 * (a minimum, a maximum) live on the issue; so the issues are worded here, in the page's language.
 */
function contractResolver<V extends FieldValues, Out>(
  schema: FormSchema<Out>,
  names: readonly string[],
  lang: Lang,
): Resolver<V, unknown, Out> {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const issue of parsed.error.issues) {
      const name = issueField(issue.path, names);
      if (get(errors, name)) continue;
      const message = issueText(issue, (key, params) => sayMessage(lang, key, params));
      set(errors, name, { type: issue.code, message });
    }
    return { values: {}, errors };
  };
}

/** Every message in `errors` by its dotted field name. */
function errorMessages(errors: FieldErrors, prefix = ''): [string, string][] {
  return Object.entries(errors).flatMap(([key, error]): [string, string][] => {
    if (!error || typeof error !== 'object') return [];
    if (typeof error.message === 'string') return [[`${prefix}${key}`, error.message]];
    return errorMessages(error as FieldErrors, `${prefix}${key}.`);
  });
}

/**
 * react-hook-form fed by a shared contract. A field shows its error once it has been left (blur) or
 * the form submitted, and from then on follows every keystroke; errors from the server show under
 * their fields until the field changes; messages follow the page's language.
 */
export function useContractForm<V extends FieldValues, Out>({
  schema,
  defaultValues,
  onSubmit,
  logContext,
}: UseContractFormOptions<V, Out>) {
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ru';
  const idPrefix = useId();
  const names = fieldNames(defaultValues);
  const [formErrors, setFormErrors] = useState<readonly string[]>([]);
  // react-hook-form's isSubmitting is also true while it validates: the button would flash its
  // busy state (and move) on every refused submit; this one is true while the request runs.
  const [isSubmitting, setSubmitting] = useState(false);
  const submitting = useRef(false);

  const form = useForm<V, unknown, Out>({
    // react-hook-form takes its options anew each render: the resolver words in the language of now.
    resolver: contractResolver<V, Out>(schema, names, lang),
    defaultValues: defaultValues as DefaultValues<V>,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted } = form.formState;

  useEffect(trackPointer, []);

  // The client's own messages are said again in the new language; the server's stay as it said them.
  const { trigger } = form;
  useEffect(() => {
    const clientErrors = errorMessages(form.formState.errors)
      .map(([name]) => name)
      .filter((name) => (get(form.formState.errors, name) as FieldError | undefined)?.type !== 'server');
    if (clientErrors.length) void trigger(clientErrors as FieldPath<V>[]);
    // Only when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  const inputId = (name: FieldPath<V>) => `${idPrefix}${name}`;

  const error = (name: FieldPath<V>): string | undefined => {
    const message = (get(errors, name) as FieldError | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  // A rule across fields (passwords that must match) follows a keystroke in either of them: the
  // other fields already judged are judged again, all but those holding the server's word.
  const recheckOthers = (changed: string) => {
    const others = names.filter((name) => {
      if (name === changed) return false;
      const state = form.getFieldState(name as FieldPath<V>);
      return (isSubmitted || state.isTouched) && state.error?.type !== 'server';
    });
    if (others.length) void form.trigger(others as FieldPath<V>[]);
  };

  /** Props for an input, a checkbox or a select: `<input {...form.field('email')} />`. */
  const field = <N extends FieldPath<V>>(name: N, options?: RegisterOptions<V, N>) => {
    const registered = form.register(name, options);
    return {
      ...registered,
      id: inputId(name),
      onChange: async (event: ChangeEvent<HTMLElement>) => {
        await registered.onChange(event);
        recheckOthers(name);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => afterPress(() => void registered.onBlur(event)),
    };
  };

  const applyFailure = (failure: unknown) => {
    const parameterErrors = failure instanceof ApiError ? failure.parameterErrors : null;
    if (parameterErrors) {
      const byField = new Map<string, string>();
      const general: string[] = [];
      // One message a field, like the client's own check; the first is the one to fix first.
      for (const { name, messages } of parameterErrors) {
        const [first] = messages;
        if (!first) continue;
        if (!names.includes(name)) general.push(first);
        else if (!byField.has(name)) byField.set(name, first);
      }
      setFormErrors(general);
      const firstField = names.find((name) => byField.has(name));
      for (const [name, message] of byField) {
        form.setError(name as FieldPath<V>, { type: 'server', message }, { shouldFocus: name === firstField });
      }
      return;
    }
    if (failure instanceof ApiError && failure.errorMessage) {
      setFormErrors([failure.errorMessage]);
      return;
    }
    reportError(`${logContext} failed`, failure);
  };

  const submit = form.handleSubmit(
    async (data) => {
      setSubmitting(true);
      try {
        await onSubmit(data);
      } catch (failure) {
        applyFailure(failure);
      } finally {
        setSubmitting(false);
      }
    },
    // An issue on a value the form does not show (a stored referral id…) still needs saying.
    (invalid) =>
      setFormErrors(errorMessages(invalid).flatMap(([name, message]) => (names.includes(name) ? [] : [message]))),
  );

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    setFormErrors([]);
    try {
      await submit(event);
    } finally {
      submitting.current = false;
    }
  };

  /** Sets a value as if typed: a shown error follows it, the server's word on the field goes. */
  const setValue = <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) =>
    form.setValue(name, value, {
      shouldDirty: true,
      shouldValidate: isSubmitted || form.getFieldState(name).isTouched,
    });

  const reset = (next: V = defaultValues) => {
    form.reset(next);
    setFormErrors([]);
  };

  return {
    field,
    error,
    inputId,
    formErrors,
    isSubmitting,
    handleSubmit,
    reset,
    setValue,
    watch: form.watch,
    getValues: form.getValues,
    /** Judges some fields now, as a submit would (a button that sends one field of the form). */
    trigger: form.trigger,
  };
}

export type ContractForm<V extends FieldValues> = ReturnType<typeof useContractForm<V, unknown>>;

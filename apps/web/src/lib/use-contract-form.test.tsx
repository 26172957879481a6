import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBody } from '@obmen/shared/contracts';
import { ApiError } from './api-client';
import { i18n, initI18n } from './i18n';
import { clearNotifications, getNotifications } from './notify';
import { useContractForm } from './use-contract-form';

beforeAll(async () => {
  await initI18n('ru');
});

afterEach(async () => {
  cleanup();
  clearNotifications();
  await i18n.changeLanguage('ru');
});

function RegisterForm({ onSubmit }: { onSubmit: (data: unknown) => Promise<unknown> }) {
  const form = useContractForm({
    schema: registerBody,
    defaultValues: { username: '', email: '', emailCode: '', password: '', confirmPassword: '', agree: false },
    logContext: 'test form',
    onSubmit,
  });
  const errorOf = (name: 'username' | 'email' | 'emailCode' | 'password' | 'confirmPassword' | 'agree') => {
    const message = form.error(name);
    return message ? <p data-testid={`${name}-error`}>{message}</p> : null;
  };
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      {form.formErrors.map((message) => (
        <p key={message} role="alert">
          {message}
        </p>
      ))}
      <label htmlFor={form.inputId('username')}>username</label>
      <input {...form.field('username')} />
      {errorOf('username')}
      <label htmlFor={form.inputId('email')}>email</label>
      <input {...form.field('email')} />
      {errorOf('email')}
      <label htmlFor={form.inputId('emailCode')}>code</label>
      <input {...form.field('emailCode')} />
      {errorOf('emailCode')}
      <label htmlFor={form.inputId('password')}>password</label>
      <input {...form.field('password')} />
      {errorOf('password')}
      <label htmlFor={form.inputId('confirmPassword')}>confirm</label>
      <input {...form.field('confirmPassword')} />
      {errorOf('confirmPassword')}
      <label htmlFor={form.inputId('agree')}>agree</label>
      <input type="checkbox" {...form.field('agree')} />
      {errorOf('agree')}
      <button type="submit" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'sending' : 'send'}
      </button>
    </form>
  );
}

// The form validates asynchronously (react-hook-form awaits its resolver): each step settles in act.
const type = (label: string, value: string) =>
  act(async () => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const blur = (label: string) => act(async () => void fireEvent.blur(screen.getByLabelText(label)));
const submit = () => act(async () => fireEvent.click(screen.getByRole('button')));
const button = () => screen.getByRole<HTMLButtonElement>('button');
const errorText = (name: string) => screen.queryByTestId(`${name}-error`)?.textContent ?? null;

async function fillValid() {
  await type('username', 'anna_k');
  await type('email', 'anna@example.com');
  await type('code', '123456');
  await type('password', 'Tr0ub4dour&3x');
  await type('confirm', 'Tr0ub4dour&3x');
  await act(async () => void fireEvent.click(screen.getByLabelText('agree')));
}

describe('the contract form hook', () => {
  it('shows nothing before the user leaves a field, then the spec texts in Russian', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RegisterForm onSubmit={onSubmit} />);
    await type('email', 'not-an-email');
    expect(errorText('email')).toBeNull();
    await blur('email');
    expect(errorText('email')).toBe('Неверный формат почты');
    expect(errorText('username')).toBeNull();

    await type('password', 'Abcdefgh!x');
    await type('confirm', 'Abcdefgh!y');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorText('username')).toBe('Это поле обязательно');
    expect(errorText('confirmPassword')).toBe('Пароли не совпадают');
    expect(errorText('agree')).toBe('Необходимо согласиться с правилами');
    expect(document.activeElement).toBe(screen.getByLabelText('username'));

    // After a submit every keystroke re-validates.
    await type('username', 'ab');
    expect(errorText('username')).toBe('Минимум 3 символов');
    await type('confirm', 'Abcdefgh!x');
    expect(errorText('confirmPassword')).toBeNull();
  });

  it('judges the confirmation again when the password it must match changes', async () => {
    render(<RegisterForm onSubmit={async () => {}} />);
    await type('password', 'Abcdefgh!x');
    await type('confirm', 'Abcdefgh!x');
    await blur('confirm');
    expect(errorText('confirmPassword')).toBeNull();
    await type('password', 'Abcdefgh!y');
    expect(errorText('confirmPassword')).toBe('Пароли не совпадают');
    expect(errorText('username')).toBeNull();
  });

  it('speaks English when the page does', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<RegisterForm onSubmit={async () => {}} />);
    await type('email', 'nope');
    await type('password', 'short');
    await submit();
    expect(errorText('username')).toBe('This field is required');
    expect(errorText('email')).toBe('Invalid email format');
    expect(errorText('password')).toBe('At least 9 characters');
    expect(errorText('agree')).toBe('You need to agree to the rules');
  });

  it('says the errors already shown again when the language changes, and the server’s as it said them', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError(400, { parameterErrors: [{ name: 'email', messages: ['Почта уже занята'] }] })),
    );
    render(<RegisterForm onSubmit={onSubmit} />);
    await fillValid();
    await submit();
    await type('username', 'ab');
    expect(errorText('username')).toBe('Минимум 3 символов');
    await act(() => i18n.changeLanguage('en'));
    expect(errorText('username')).toBe('At least 3 characters');
    expect(errorText('email')).toBe('Почта уже занята');
  });

  it('submits the parsed values, disables the button meanwhile, and shows server errors under their fields', async () => {
    let reject: (error: unknown) => void = () => {};
    const onSubmit = vi.fn(() => new Promise((_, fail) => (reject = fail)));
    render(<RegisterForm onSubmit={onSubmit} />);
    await fillValid();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ username: 'anna_k', agree: true }));
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('sending');

    await act(async () =>
      reject(
        new ApiError(400, {
          parameterErrors: [
            { name: 'username', messages: ['Это имя пользователя уже занято'] },
            { name: 'captcha', messages: ['Подтвердите, что вы не робот'] },
          ],
        }),
      ),
    );
    expect(button().disabled).toBe(false);
    expect(errorText('username')).toBe('Это имя пользователя уже занято');
    expect(screen.getByRole('alert').textContent).toBe('Подтвердите, что вы не робот');
    expect(document.activeElement).toBe(screen.getByLabelText('username'));

    // The server's word on a field stands until the user changes that field.
    await type('username', 'anna_k2');
    expect(errorText('username')).toBeNull();
  });

  it('shows an error reply without fields as a form error, and anything else as a notification', async () => {
    const failures: unknown[] = [
      new ApiError(429, { error: { code: 'too_many_attempts', message: 'Слишком много попыток входа' } }),
      new TypeError('Failed to fetch'),
    ];
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RegisterForm onSubmit={async () => Promise.reject(failures.shift())} />);
    await fillValid();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Слишком много попыток входа');
    await submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getNotifications().map((n) => n.message)).toEqual(['Произошла непредвиденная ошибка']);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('leaving a field by pressing the submit button', () => {
  it('shows the error only after the click, so the button does not move away under the pointer', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RegisterForm onSubmit={onSubmit} />);
    await fillValid();
    await type('confirm', 'Different!1a');
    fireEvent.pointerDown(button());
    await blur('confirm');
    expect(errorText('confirmPassword')).toBeNull();
    await act(async () => void fireEvent.pointerUp(button()));
    await submit();
    expect(errorText('confirmPassword')).toBe('Пароли не совпадают');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

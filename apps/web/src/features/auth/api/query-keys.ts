export const authKeys = {
  all: ['auth'] as const,
  checkToken: (token: string) => [...authKeys.all, 'check-token', token] as const,
  userInfo: (token: string) => [...authKeys.all, 'user-info', token] as const,
  twoFactor: (token: string) => [...authKeys.all, 'two-factor', token] as const,
  mutation: (
    name:
      | 'register'
      | 'register-code'
      | 'login'
      | 'logout'
      | 'change-password'
      | 'forgot-password'
      | 'reset-password'
      | 'change-lang'
      | 'two-factor-start'
      | 'two-factor-confirm'
      | 'two-factor-disable',
  ) => [...authKeys.all, name] as const,
};

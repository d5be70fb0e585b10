/** What is wrong with a new password, by name (the caller words it in its own language). */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooSimple';

/** The change-password rule's words in Chinese (what the server answers). */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: '密码长度至少8位',
  tooLong: '密码长度不能超过64位',
  tooSimple: '密码须包含大写字母、小写字母、数字和特殊字符中的至少三种',
};

/**
 * The password-safety rule of the change-password and reset-password flows: 8 to 64 characters
 * with at least three of lower-case letters, upper-case letters, digits and other characters.
 * `123456` fails. The server and the browser check with this same function.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < 8) return 'tooShort';
  if (password.length > 64) return 'tooLong';
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  return classes < 3 ? 'tooSimple' : null;
}

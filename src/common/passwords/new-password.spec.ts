import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { IsNewPassword } from '../decorators/validation.decorators';
import { commonPasswordKey, commonPasswords } from './common-passwords';
import { passwordLength, passwordTooCommon, passwordTooLong, passwordTooShort } from './password-policy';

class Form {
  @IsNewPassword()
  password!: unknown;
}

const errorsFor = async (password: unknown): Promise<string[]> =>
  (await validate(plainToInstance(Form, { password }))).flatMap((error) => Object.values(error.constraints ?? {}));

describe('the new-password rule (one constraint, one sentence per refusal)', () => {
  it.each([
    ['11 characters', 'k'.repeat(10) + 'x', [passwordTooShort]],
    ['12 characters', 'kettle-drum7', []],
    ['128 characters', 'q7'.repeat(64), []],
    ['129 characters', 'q7'.repeat(64) + 'z', [passwordTooLong]],
    ['a common password', 'password1234', [passwordTooCommon]],
    ['a common password in other letter case', 'PassWord1234', [passwordTooCommon]],
    ['a common password in full-width letters (NFKC)', 'ｐａｓｓｗｏｒｄ１２３４', [passwordTooCommon]],
    ['12 emoji (code points, not UTF-16 units)', '🏈'.repeat(12), []],
    ['11 emoji', '🏈'.repeat(11), [passwordTooShort]],
    ['spaces and any characters, no composition rules', 'all lower case words here', []],
    ['not a string', 123456789012, ['password must be a string']],
  ])('%s', async (_case, password, expected) => {
    await expect(errorsFor(password)).resolves.toEqual(expected);
  });

  it('counts Unicode code points of the NFKC form', () => {
    expect(passwordLength('🏈🏈')).toBe(2);
    expect(passwordLength('ﬁ')).toBe(2); // the ligature is the two letters f and i
    expect(passwordLength('e\u0301')).toBe(1); // e + combining acute composes to é
  });
});

describe('the common-password list', () => {
  it('is read from the package once, offline, and keeps the entries the length rule allows', async () => {
    const first = commonPasswords();
    expect(commonPasswords()).toBe(first);
    const list = await first;
    expect(list.listed).toBeGreaterThanOrEqual(100_000);
    expect(list.keys.size).toBeGreaterThan(10_000);
    expect(list.keys.has(commonPasswordKey('qwerty123456'))).toBe(true);
    for (const key of list.keys) expect(passwordLength(key)).toBeGreaterThanOrEqual(12);
  });
});

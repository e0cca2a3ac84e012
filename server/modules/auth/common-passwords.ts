/**
 * Passwords seen most often in public breach corpora (6 characters or longer, lower-case).
 * Refusing them stops the first guesses of any credential-stuffing run. Compared
 * case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty1 111111 123123 1234567890 1234567
qwerty abc123 password1 iloveyou 1q2w3e4r 000000 qwertyuiop 123321 654321 666666 121212
dragon sunshine princess letmein monkey football baseball welcome shadow master michael
superman 1qaz2wsx zaq12wsx asdfghjkl asdfgh 1q2w3e 1q2w3e4r5t 123qwe qwe123 zxcvbnm 112233
7777777 888888 555555 987654321 159753 123654 trustno1 jordan23 hello123 charlie donald
freedom whatever mustang access batman passw0rd password123 password12 admin123 admin1234
administrator login123 starwars liverpool chelsea arsenal killer hunter hunter2 ranger
buster soccer hockey harley robert thomas jennifer jessica ashley bailey michelle daniel
matthew andrew joshua pepper ginger cookie summer flower loveme lovely nicole tigger
computer internet samsung apple123 google iphone qazwsx 1qazxsw2 q1w2e3r4 a1b2c3 aa123456
abcd1234 abcdef abcdefg 123abc 1234qwer qwer1234 asdf1234 zxcv1234 11111111 12341234
00000000 99999999 88888888 123456a a123456 123456q 1234567a 12345qwerty qwerty12345
changeme secret secret123 default guest123 test123 testing test1234 demo123 letmein1
welcome1 welcome123 iloveyou1 princess1 sunshine1 football1 monkey123 dragon123 master123
baseball1 shadow123 michael1 superman1 696969 131313 123456789a 1234567890a 147258369
147258 159357 741852963 789456123 456789 987654 12345678910 password! p@ssword p@ssw0rd
pa$$word qwerty! 1q2w3e4r! crypto bitcoin bitcoin123 ethereum tether usdt123 wallet123
trading trader123 binance moneymaker money123 million 1million letmein123`.split(/\s+/),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Shape checks of bank details on the teacher's contract file (IBAN/RIB shape, beyond the spec). Nothing here
 * proves an account exists; the checks catch typos before a reviewer has to.
 */

export type IbanError = 'iban-format' | 'iban-length' | 'iban-checksum';
export type RibError = 'bank-code-format' | 'branch-code-format' | 'account-number-format' | 'rib-key-format';
export type BankNumberError = IbanError | 'rib-format';

/**
 * IBAN lengths of the countries the users are most likely to bank in (UEMOA and CEMAC zones, Maghreb,
 * Europe). Other countries get the generic 15-34 range of ISO 13616.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  SN: 28,
  CI: 28,
  ML: 28,
  BF: 28,
  BJ: 28,
  NE: 28,
  TG: 28,
  GW: 25,
  CM: 27,
  CF: 27,
  CG: 27,
  GA: 27,
  TD: 27,
  GQ: 27,
  MA: 28,
  TN: 24,
  DZ: 26,
  MR: 27,
  FR: 27,
  MC: 27,
  BE: 16,
  CH: 21,
  LU: 20,
  DE: 22,
  GB: 22,
  ES: 24,
  IT: 27,
  NL: 18,
  PT: 25,
};
export const IBAN_MIN_LENGTH = 15;
export const IBAN_MAX_LENGTH = 34;

/** Upper case without spaces or dashes, as banks print IBANs in groups of four. */
export function normalizeBankText(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

function mod97(digits: string): number {
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return remainder;
}

export type IbanResult = { ok: true; value: string } | { ok: false; code: IbanError };

/** ISO 13616: country letters, two check digits, the national number; the mod-97 remainder must be 1. */
export function validateIban(text: string): IbanResult {
  const iban = normalizeBankText(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { ok: false, code: 'iban-format' };
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  const lengthOk =
    expected !== undefined
      ? iban.length === expected
      : iban.length >= IBAN_MIN_LENGTH && iban.length <= IBAN_MAX_LENGTH;
  if (!lengthOk) return { ok: false, code: 'iban-length' };
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((char) => String(parseInt(char, 36))).join('');
  if (mod97(digits) !== 1) return { ok: false, code: 'iban-checksum' };
  return { ok: true, value: iban };
}

export interface RibParts {
  bankCode?: string | null;
  branchCode?: string | null;
  accountNumber?: string | null;
  ribKey?: string | null;
}

/**
 * RIB parts: bank code of 5 characters (UEMOA banks start with a country letter, e.g. SN010; French ones are
 * 5 digits), branch code 5 digits, account number 11 (France) or 12 (UEMOA) letters or digits, key 2 digits.
 * Returns one code per malformed part, in the order of the form.
 */
export function validateRibParts(parts: RibParts): { field: keyof RibParts; code: RibError }[] {
  const issues: { field: keyof RibParts; code: RibError }[] = [];
  const value = (text: string | null | undefined): string => normalizeBankText(text ?? '');
  if (!/^[A-Z0-9]{5}$/.test(value(parts.bankCode)))
    issues.push({ field: 'bankCode', code: 'bank-code-format' });
  if (!/^\d{5}$/.test(value(parts.branchCode)))
    issues.push({ field: 'branchCode', code: 'branch-code-format' });
  if (!/^[A-Z0-9]{11,12}$/.test(value(parts.accountNumber))) {
    issues.push({ field: 'accountNumber', code: 'account-number-format' });
  }
  if (!/^\d{2}$/.test(value(parts.ribKey))) issues.push({ field: 'ribKey', code: 'rib-key-format' });
  return issues;
}

export type BankNumberResult = { ok: true; value: string } | { ok: false; code: BankNumberError };

/**
 * The full bank number field: an IBAN, or a RIB written in one piece (5 + 5 + 11 or 12 + 2 = 23 or 24
 * characters, the key being the last two digits). A UEMOA RIB starts like an IBAN (SN01...), so the text is
 * read as an IBAN when its length is its country's IBAN length or when it cannot be a RIB.
 */
export function validateBankFullNumber(text: string): BankNumberResult {
  const value = normalizeBankText(text);
  const isRibShape = /^[A-Z0-9]{5}\d{5}[A-Z0-9]{11,12}\d{2}$/.test(value);
  if (/^[A-Z]{2}\d{2}/.test(value) && (IBAN_LENGTHS[value.slice(0, 2)] === value.length || !isRibShape)) {
    return validateIban(value);
  }
  if (isRibShape) return { ok: true, value };
  return { ok: false, code: 'rib-format' };
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];
const DECIMAL_UNITS = ['角', '分', '毫', '厘'];

/**
 * A number as Chinese capital currency (spec 000 §5): up to 4 decimals (角 分 毫 厘); a value of
 * 1e15 or more (or not a number) gives an empty string. Negative amounts start with 负.
 */
export function chineseAmount(input: number | string | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const n = Number(input);
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) return '';
  const negative = n < 0;
  const [intText, decText = ''] = Math.abs(n).toFixed(4).split('.');
  let integer = '';
  const intValue = Number(intText);
  if (intValue > 0) {
    const groups: string[] = [];
    for (let end = intText.length; end > 0; end -= 4) groups.unshift(intText.slice(Math.max(0, end - 4), end));
    let pendingZero = false;
    groups.forEach((group, gi) => {
      const bigUnit = BIG_UNITS[groups.length - 1 - gi];
      let groupText = '';
      let groupHasValue = false;
      for (let i = 0; i < group.length; i++) {
        const d = Number(group[i]);
        const unit = SMALL_UNITS[group.length - 1 - i];
        if (d === 0) {
          pendingZero = pendingZero || groupHasValue || integer !== '';
        } else {
          if (pendingZero) groupText += '零';
          pendingZero = false;
          groupText += DIGITS[d] + unit;
          groupHasValue = true;
        }
      }
      if (groupHasValue) integer += groupText + bigUnit;
    });
    integer += '元';
  }
  let decimals = '';
  const decDigits = decText.slice(0, 4);
  const lastNonZero = decDigits.search(/0*$/);
  for (let i = 0; i < lastNonZero; i++) {
    const d = Number(decDigits[i]);
    if (d === 0) {
      if (integer !== '' || decimals !== '') decimals += '零';
    } else {
      decimals += DIGITS[d] + DECIMAL_UNITS[i];
    }
  }
  decimals = decimals.replace(/零+/g, '零').replace(/零$/, '');
  if (integer === '' && decimals === '') return '零元整';
  const text = integer + (decimals === '' ? '整' : decimals);
  return (negative ? '负' : '') + text;
}

import { formatCell } from '@/lib/data-table/columns';
import { formatPhone } from '@/lib/format/phone';

describe('formatPhone', () => {
  it.each([
    // As the services keep them: country code and number, digits only.
    ['85221001357', '+852 2100 1357'],
    ['85291234567', '+852 9123 4567'],
    ['85362001234', '+853 6200 1234'],
    ['8613800138000', '+86 138 0013 8000'],
    ['886912345678', '+886 912 345 678'],
    // Already written with a plus, spaces, hyphens or the international prefix 00.
    ['+852 2100 1357', '+852 2100 1357'],
    ['+852-2100-1357', '+852 2100 1357'],
    ['00852 21001357', '+852 2100 1357'],
    ['  85221001357 ', '+852 2100 1357'],
    // A local Hong Kong number: grouped, no country code guessed for it.
    ['21001357', '2100 1357'],
  ])('%p -> %p', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it.each([
    // Lengths no plan knows: as given, never cut or padded.
    ['8522100135', '8522100135'],
    ['852210013570', '852210013570'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['12345678901234567890', '12345678901234567890'],
    // Not a number at all: shown as it is.
    ['ext. 12', 'ext. 12'],
  ])('leaves %p as %p', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it.each([null, undefined, '', '   '])('shows %p as "-"', (input) => {
    expect(formatPhone(input)).toBe('-');
  });

  it('is what a phone column of a list (and its export) shows', () => {
    expect(formatCell('85221001357', 'phone')).toBe('+852 2100 1357');
    expect(formatCell(null, 'phone')).toBe('-');
  });
});

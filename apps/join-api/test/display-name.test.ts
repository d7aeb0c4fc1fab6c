import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMAIL_NAME_MAX, emailFirstName } from '../src/emails/display-name.js';

/** Bidi embeddings, overrides and isolates (Unicode UAX #9) and the zero-width characters. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

describe('the name an e-mail shows (display-name.ts emailFirstName)', () => {
  it('keeps the first word of a first name as typed, accents, apostrophes and hyphens included', () => {
    expect(emailFirstName('Pat')).toBe('Pat');
    expect(emailFirstName('  Mary Ann ')).toBe('Mary');
    expect(emailFirstName('José-María')).toBe('José-María');
    expect(emailFirstName("D'Angelo")).toBe("D'Angelo");
    expect(emailFirstName('李')).toBe('李');
  });

  it('drops control characters, bidi overrides, markup, links and addresses', () => {
    expect(emailFirstName('Pa\u202Et')).toBe('Pat');
    expect(emailFirstName('Pat\r\nBcc: x@evil.example')).toBe('Pat');
    expect(emailFirstName('<a href="http://evil.example">Pat</a>')).toBe('Pat');
    expect(emailFirstName('https://evil.example Pat')).toBe('Pat');
    expect(emailFirstName('evil.example/win')).toBeNull();
    expect(emailFirstName('www.evil.example')).toBeNull();
    expect(emailFirstName('me@evil.example')).toBeNull();
    expect(emailFirstName('Pat!!!$$$')).toBe('Pat');
  });

  it('answers null when nothing of a name is left (the e-mail then says "Your co-parent")', () => {
    for (const raw of ['', '   ', null, undefined, '\u202E', '<script>', '12345', '---', '@'])
      expect(emailFirstName(raw)).toBeNull();
  });

  it('property: whatever is typed, the result is null or one short word of letters, without controls, links or markup', () => {
    const anything = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc
        .array(
          fc.constantFrom('Pat', ' ', '\u202E', '\r\n', '<b>', 'http://x.example/', 'a@b.c', 'www.x.io', '.', "'"),
          {
            maxLength: 30,
          },
        )
        .map((a) => a.join('')),
    );
    fc.assert(
      fc.property(anything, (raw) => {
        const name = emailFirstName(raw);
        if (name === null) return;
        expect(Array.from(name).length).toBeLessThanOrEqual(EMAIL_NAME_MAX);
        expect(name).toMatch(/\p{L}/u);
        expect(name).not.toMatch(/[\s<>@/:\p{Cc}]/u);
        expect(name).not.toMatch(INVISIBLE);
        expect(emailFirstName(name)).toBe(name); // cleaning a clean name changes nothing
      }),
      { numRuns: 2000 },
    );
  });
});
